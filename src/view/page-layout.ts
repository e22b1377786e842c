import { escapeHtml } from "./html.js";
import { SITE_PATHS } from "./site-paths.js";

/** One page before it is wrapped in the site's frame. */
export interface PageContent {
  /** The page's title, as text. */
  readonly title: string;
  /** The way from this page up to the site's root: "" at the root, "../" one folder down. */
  readonly base: string;
  /** The page's main content, as HTML. */
  readonly main: string;
  /** Extra elements for the end of the body (data and scripts), as HTML. */
  readonly tail?: string;
}

/**
 * A whole page: the header every page shares (the memory's name, the way home, to the graph
 * and the tags, and the search box), then the content. Everything is referenced relative to
 * the page, so the site works from any folder, from `file://` as from a server.
 */
export function renderPage(site: { readonly name: string }, content: PageContent): string {
  const { base } = content;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(content.title)} · ${escapeHtml(site.name)}</title>
<link rel="stylesheet" href="${base}${SITE_PATHS.css}">
</head>
<body data-base="${base}">
<header class="top">
<a class="brand" href="${base}${SITE_PATHS.home}">${escapeHtml(site.name)}</a>
<nav><a href="${base}${SITE_PATHS.home}">Home</a> <a href="${base}${SITE_PATHS.graph}">Graph</a> <a href="${base}${SITE_PATHS.tags}">Tags</a></nav>
<form class="search" role="search" onsubmit="return false">
<input id="search" type="search" placeholder="Search the notes" autocomplete="off" aria-label="Search the notes">
<ol id="search-results" hidden></ol>
</form>
</header>
<main>
${content.main}
</main>
<script src="${base}${SITE_PATHS.searchScript}" defer></script>
${content.tail ?? ""}
</body>
</html>
`;
}
