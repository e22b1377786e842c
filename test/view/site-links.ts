/**
 * Checks every link of a written site without a browser: each `href` of each page leads to a
 * file of the site, or is a broken note link the page marks as broken. The site's files are
 * listed once and each link looked up in that list (a 10,000-note site has some 150,000 links:
 * one `exists` call per link took most of a loaded machine's minute).
 */
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, normalize, relative } from "node:path";

/** What the crawl found. */
export interface LinkReport {
  readonly pages: number;
  readonly links: number;
  /** Links to files the site does not have: must be empty. */
  readonly dead: readonly string[];
  /** Links marked broken (to ids no note carries). */
  readonly markedBroken: number;
}

const HREF = /<a ([^>]*?)href="([^"]*)"([^>]*)>/g;

/** Crawls every .html file under `folder`. */
export function checkSiteLinks(folder: string): LinkReport {
  const files = new Set(
    readdirSync(folder, { withFileTypes: true, recursive: true })
      .filter((entry) => entry.isFile())
      .map((entry) => join(entry.parentPath, entry.name)),
  );
  const pages = [...files].filter((path) => path.endsWith(".html"));
  // Pages in one folder share most links (the header's, the notes'): each resolved once.
  const resolved = new Map<string, boolean>();
  let links = 0;
  let markedBroken = 0;
  const dead: string[] = [];
  for (const page of pages) {
    const html = readFileSync(page, "utf8");
    for (const match of html.matchAll(HREF)) {
      const [, before = "", href = "", after = ""] = match;
      links++;
      if (href.startsWith("#broken-")) {
        if (`${before}${after}`.includes('class="broken"')) markedBroken++;
        else dead.push(`${relative(folder, page)}: ${href} is not marked broken`);
        continue;
      }
      if (/^[a-z]+:/.test(href)) {
        dead.push(`${relative(folder, page)}: ${href} leaves the site`);
        continue;
      }
      const key = `${dirname(page)}\u0000${href}`;
      let found = resolved.get(key);
      if (found === undefined) {
        const target = normalize(join(dirname(page), href.replace(/#.*$/, "")));
        found = target.startsWith(folder) && files.has(target);
        resolved.set(key, found);
      }
      if (!found) dead.push(`${relative(folder, page)}: ${href}`);
    }
  }
  return { pages: pages.length, links, dead, markedBroken };
}
