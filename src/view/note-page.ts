import type { Backlink } from "./backlinks.js";
import { escapeHtml, scriptJson } from "./html.js";
import { noteBodyHtml } from "./note-body-html.js";
import { renderPage } from "./page-layout.js";
import type { SiteModel, SiteNote } from "./site-model.js";
import { notePath, SITE_PATHS, tagPath } from "./site-paths.js";
import { neighbourhood, type GraphAdjacency } from "./neighbourhood.js";
import { noteSupersession } from "../model/supersession/supersession.js";
import type { SiteCache } from "./site-cache.js";
import { pageKey } from "./page-key.js";

/** One commit that touched a note, for its history. */
export interface NoteCommit {
  /** Epoch ms. */
  readonly date: number;
  readonly message: string;
}

/** What a note page is built from besides the note. */
export interface NotePageDeps {
  readonly name: string;
  readonly model: SiteModel;
  readonly adjacency: GraphAdjacency;
  readonly backlinks: ReadonlyMap<string, readonly Backlink[]>;
  /** Bodies rendered before, by the note's version and which of its links' targets exist. */
  readonly cache: SiteCache;
  readonly history?: ReadonlyMap<string, readonly NoteCommit[]>;
  /**
   * What renders the pages, as a digest (see pageTemplateStamp): part of each page's key, so
   * pages written by another renderer are rendered again.
   */
  readonly stamp: string;
}

const BASE = "../";

/**
 * A note's page before its body is rendered: the digest of everything the page is made from
 * (a rebuild that finds the same digest in the site's folder neither renders nor writes the
 * page), and the page itself.
 */
export interface NotePage {
  readonly key: string;
  render(): string;
}

/**
 * A note's page: title, status, tags (each to its tag page), when git first and last saw it,
 * the body, the notes linking here with the sentence around each link, its history, and a
 * graph of its neighbourhood. Everything but the body is made at once, for the key; the
 * body (the costly part: CommonMark) only when the page is rendered.
 */
export function notePage(note: SiteNote, ctx: NotePageDeps): NotePage {
  const { meta } = note;
  const exists = (id: string): boolean => ctx.model.byId.has(id);
  const tags = meta.tags
    .map((tag) => `<a class="tag" href="${BASE}${tagPath(tag)}">#${escapeHtml(tag)}</a>`)
    .join(" ");
  const times = meta.committed
    ? `created <time datetime="${iso(meta.createdAt)}">${day(meta.createdAt)}</time>, updated <time datetime="${iso(meta.updatedAt)}">${day(meta.updatedAt)}</time>`
    : `not committed yet (file changed ${day(meta.updatedAt)})`;
  const backlinks = ctx.backlinks.get(meta.id) ?? [];
  const backlinkItems = backlinks
    .map((link) => {
      const title = ctx.model.byId.get(link.sourceId)?.meta.title ?? link.sourceId;
      return `<li><a href="${BASE}${notePath(link.sourceId)}">${escapeHtml(title)}</a>: ${link.sentence}</li>`;
    })
    .join("\n");
  const history = ctx.history?.get(meta.id) ?? [];
  const historyItems = history
    .map(
      (commit) =>
        `<li><time datetime="${iso(commit.date)}">${day(commit.date)}</time> ${escapeHtml(commit.message)}</li>`,
    )
    .join("\n");
  const before = `<article class="note status-${meta.status}">
<h1>${escapeHtml(meta.title)}</h1>
${supersededBanner(note, ctx)}
<p class="meta"><span class="status">${meta.status}</span> ${tags}</p>
<p class="meta times">${times} · <code>${escapeHtml(meta.id)}</code></p>
<div class="body">
`;
  const after = `
</div>
</article>
<section class="backlinks"><h2>Linked from (${backlinks.length})</h2>
${backlinks.length === 0 ? "<p>No note links here.</p>" : `<ul>\n${backlinkItems}\n</ul>`}
</section>
${history.length === 0 ? "" : `<section class="history"><h2>History</h2>\n<ul>\n${historyItems}\n</ul>\n</section>`}
<section class="neighbourhood"><h2>Neighbourhood</h2><div id="graph" class="graph small"></div></section>`;
  const tail = `<script>window.agentMemoryGraph=${scriptJson(neighbourhood(meta.id, ctx.adjacency))}</script>
<script src="${BASE}${SITE_PATHS.graphScript}" defer></script>`;
  const existing = existingTargets(note, exists);
  return {
    // The body is the file's (its hash) with its links' targets as they are now (existing).
    key: pageKey([ctx.stamp, ctx.name, meta.hash, existing, before, after, tail]),
    render: () => {
      const body = ctx.cache.body(meta.path, meta.hash, existing, () =>
        noteBodyHtml(note.parsed, exists, BASE),
      );
      return renderPage(
        { name: ctx.name },
        { title: meta.title, base: BASE, main: `${before}${body}${after}`, tail },
      );
    },
  };
}

/** Per link, "1" when a note has its target, "0" when it is shown broken. */
function existingTargets(note: SiteNote, exists: (id: string) => boolean): string {
  let existing = "";
  for (const link of note.parsed.links) existing += exists(link.id) ? "1" : "0";
  return existing;
}

/**
 * "Superseded by …" above the body when its first line is a supersession mark (the mark itself
 * stays in the body, as written): the successor's page, or the id marked broken.
 */
function supersededBanner(note: SiteNote, ctx: NotePageDeps): string {
  const mark = noteSupersession(note.parsed.body);
  if (mark === undefined) return "";
  const successor = ctx.model.byId.get(mark.successorId);
  const link =
    successor === undefined
      ? `<span class="broken" title="Broken link: no note has the id ${mark.successorId}">${mark.successorId}</span>`
      : `<a href="${BASE}${notePath(mark.successorId)}">${escapeHtml(successor.meta.title)}</a>`;
  const date =
    mark.date === undefined ? "" : ` on <time datetime="${mark.date}">${mark.date}</time>`;
  const reason = mark.reason === undefined ? "" : `: ${escapeHtml(mark.reason)}`;
  return `<p class="superseded" role="note">Superseded by ${link}${date}${reason}</p>`;
}

/** An epoch-ms time as an ISO string. */
export function iso(ms: number): string {
  return new Date(ms).toISOString();
}

/** An epoch-ms time as its UTC day. */
export function day(ms: number): string {
  const time = iso(ms);
  // A year past 9999 is written with a sign and six digits ("+275760-09-13T…").
  return time.slice(0, time.indexOf("T"));
}
