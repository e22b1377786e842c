import { parseNote } from "../model/note-format.js";
import type { NoteMeta } from "../notes/store/note-meta.js";
import { backlinksByTarget } from "./backlinks.js";
import { graphAdjacency } from "./neighbourhood.js";
import { notePage } from "./note-page.js";
import { pageKey } from "./page-key.js";
import { SiteCache } from "./site-cache.js";
import { siteGraph } from "./site-graph.js";
import type { SiteModel, SiteNote } from "./site-model.js";

const SUPERSEDED = "id__Smp1e0";
const CURRENT = "id__Smp1e1";

// Every part a page can show: tags, a supersession banner, a link, a broken link, raw HTML,
// markdown, backlinks, history, the neighbourhood.
const SAMPLES: readonly (readonly [string, string])[] = [
  [
    SUPERSEDED,
    `# Old <plan>\n\n#design #Ops\n\n> Superseded by [[${CURRENT}|the plan]] on 2026-01-02: moved.\n\nWe *ship* on [[${CURRENT}|Fridays]] & see [[id__Gone00|gone]].\n\n<b>raw</b>\n\n- one\n- \`two\`\n`,
  ],
  [CURRENT, `# The plan\n\nShip on Mondays; the [[${SUPERSEDED}|old plan]] said Fridays.\n`],
];

let stamp: string | undefined;

/**
 * What renders a site's note pages, as a digest: the keys of sample pages showing every part
 * a page can have, rendered by this code. A change to the page's template, its frame, the
 * body's rendering or the escaping changes it, so the pages a site keeps from an earlier
 * renderer are all rendered again, with nothing to remember to bump.
 *
 * @example
 * ```ts
 * pageTemplateStamp(); // the same string for as long as this build runs
 * ```
 */
export function pageTemplateStamp(): string {
  stamp ??= computeStamp();
  return stamp;
}

function computeStamp(): string {
  const notes: SiteNote[] = SAMPLES.map(([id, text], at) => {
    const parsed = parseNote(text, id);
    const meta: NoteMeta = {
      id,
      title: parsed.title,
      tags: parsed.tags,
      status: at === 0 ? "archived" : "active",
      path: `topics/sample ${id}.md`,
      size: text.length,
      hash: `sample-${at}`,
      createdAt: Date.UTC(2026, 0, 1),
      updatedAt: Date.UTC(2026, 0, 2 + at),
      committed: at === 0,
    };
    return { meta, parsed };
  });
  const model: SiteModel = {
    notes,
    byId: new Map(notes.map((note) => [note.meta.id, note])),
    tiers: { hot: [], warm: [] },
  };
  const cache = new SiteCache();
  const deps = {
    name: "Sample <memory>",
    model,
    adjacency: graphAdjacency(siteGraph(model, cache)),
    backlinks: backlinksByTarget(notes.map((note) => ({ id: note.meta.id, parsed: note.parsed }))),
    cache,
    history: new Map([
      [SUPERSEDED, [{ date: Date.UTC(2026, 0, 3), message: "Retire <the> plan" }]],
    ]),
    stamp: "",
  };
  return pageKey(notes.map((note) => notePage(note, deps).render()));
}
