import { recentNotes } from "../notes/reads/recent.js";
import { tagKey } from "../model/tags.js";
import type { IndexEntry } from "../model/records/index-note.js";
import { escapeHtml } from "./html.js";
import { day, iso } from "./note-page.js";
import { renderPage } from "./page-layout.js";
import type { SiteModel, SiteNote } from "./site-model.js";
import { notePath, SITE_PATHS, tagPath } from "./site-paths.js";

/** How many notes the home page lists as recent activity. */
const RECENT = 30;

/**
 * The home page: the index note's hot and warm tiers (what is top of mind), then the notes
 * changed most recently.
 */
export function renderHomePage(name: string, model: SiteModel): string {
  const tier = (entries: readonly IndexEntry[]): string =>
    entries.length === 0
      ? "<p>None.</p>"
      : `<ul>\n${entries.map((entry) => `<li>${noteLink(model, entry.id, entry.title, "")}${escapeHtml(entry.note)}</li>`).join("\n")}\n</ul>`;
  const recent = recentNotes(
    model.notes.map((note) => note.meta),
    { limit: RECENT },
  );
  const main = `<h1>${escapeHtml(name)}</h1>
<p class="meta">${model.notes.length} notes · <a href="${SITE_PATHS.graph}">the link graph</a> · <a href="${SITE_PATHS.tags}">tags</a></p>
<section class="tier hot"><h2>Hot</h2>
${tier(model.tiers.hot)}
</section>
<section class="tier warm"><h2>Warm</h2>
${tier(model.tiers.warm)}
</section>
<section class="recent"><h2>Recent activity</h2>
<ul>
${recent.map((meta) => `<li><time datetime="${iso(meta.updatedAt)}">${day(meta.updatedAt)}</time> ${noteLink(model, meta.id, meta.title, "")} <span class="status">${meta.status}</span></li>`).join("\n")}
</ul>
</section>`;
  return renderPage({ name }, { title: "Home", base: "", main });
}

/** The notes of each tag (by key, so `#Design` and `#design` are one tag), and the tags page. */
export function renderTagPages(name: string, model: SiteModel): Map<string, string> {
  const byKey = new Map<string, { shown: string; notes: SiteNote[] }>();
  for (const note of model.byId.values()) {
    for (const tag of note.meta.tags) {
      const entry = byKey.get(tagKey(tag)) ?? { shown: tag, notes: [] };
      entry.notes.push(note);
      byKey.set(tagKey(tag), entry);
    }
  }
  const pages = new Map<string, string>();
  const keys = [...byKey.keys()].toSorted();
  // Each tag page lists its notes by title: the order of one sort of every title (titles that
  // compare equal share a rank, so each page keeps its own order for them), and each note's
  // item made once however many tags it has.
  const rank = titleRanks(model);
  const items = new Map<SiteNote, string>();
  const itemOf = (note: SiteNote): string => {
    let item = items.get(note);
    if (item === undefined) {
      item = `<li>${noteLink(model, note.meta.id, note.meta.title, "../")} <span class="status">${note.meta.status}</span></li>`;
      items.set(note, item);
    }
    return item;
  };
  for (const key of keys) {
    const entry = byKey.get(key);
    if (entry === undefined) continue;
    const listed = entry.notes
      .toSorted((a, b) => (rank.get(a) ?? 0) - (rank.get(b) ?? 0))
      .map(itemOf)
      .join("\n");
    const main = `<h1>#${escapeHtml(entry.shown)}</h1>\n<p class="meta">${entry.notes.length} notes</p>\n<ul>\n${listed}\n</ul>`;
    pages.set(tagPath(key), renderPage({ name }, { title: `#${entry.shown}`, base: "../", main }));
  }
  const list = keys
    .map((key) => {
      const entry = byKey.get(key);
      return `<li><a class="tag" href="../${tagPath(key)}">#${escapeHtml(entry?.shown ?? key)}</a> (${entry?.notes.length ?? 0})</li>`;
    })
    .join("\n");
  pages.set(
    SITE_PATHS.tags,
    renderPage(
      { name },
      { title: "Tags", base: "../", main: `<h1>Tags</h1>\n<ul class="tags">\n${list}\n</ul>` },
    ),
  );
  return pages;
}

/** Each note's place in the order of titles (localeCompare's), equal titles sharing one. */
function titleRanks(model: SiteModel): Map<SiteNote, number> {
  const sorted = [...model.byId.values()].toSorted((a, b) =>
    a.meta.title.localeCompare(b.meta.title),
  );
  const rank = new Map<SiteNote, number>();
  sorted.forEach((note, at) => {
    const before = sorted[at - 1];
    const same = before !== undefined && before.meta.title.localeCompare(note.meta.title) === 0;
    rank.set(note, same ? (rank.get(before) ?? at) : at);
  });
  return rank;
}

/** A link to a note's page, or the title marked broken when no note has the id. */
function noteLink(model: SiteModel, id: string, title: string, base: string): string {
  return model.byId.has(id)
    ? `<a href="${base}${notePath(id)}">${escapeHtml(title)}</a>`
    : `<span class="broken" title="Broken link: no note has the id ${id}">${escapeHtml(title)}</span>`;
}
