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

/**
 * Bumped when the pages' bytes change in a way the samples below may not show: a new version
 * of commonmark (its sanitising of URLs, its handling of a construct no sample holds), or a
 * change to the body's rendering of something the samples leave out.
 */
const RENDERER_VERSION = 1;

// Every part a page can show: tags, a supersession banner, links of every form (with display
// text holding markdown's punctuation, bare, with an anchor, embedded, broken), raw HTML as
// a block and inline, markdown (emphasis, a list, code, a fence, a heading, an autolink, a
// link whose URL is dropped as unsafe), backlinks, history, the neighbourhood.
const SAMPLES: readonly (readonly [string, string])[] = [
  [
    SUPERSEDED,
    `# Old <plan>\n\n#design #Ops\n\n> Superseded by [[${CURRENT}|the plan]] on 2026-01-02: moved.\n\nWe *ship* on [[${CURRENT}|Fridays (or *not*) [v2]!]] & see [[id__Gone00|gone]], [[${CURRENT}]], [[${CURRENT}#Days|the days]] and ![[${CURRENT}|embedded]].\n\n<b>raw</b>\n\n- one <i>inline</i>\n- \`two\`\n\n## Sub\n\n\`\`\`ts\nconst a = "<x>";\n\`\`\`\n\n<https://example.com/a?b=c&d> and [bad](javascript:alert(1)) and ![img](data:text/html,x)\n`,
  ],
  [CURRENT, `# The plan\n\nShip on Mondays; the [[${SUPERSEDED}|old plan]] said Fridays.\n`],
];

let stamp: string | undefined;

/**
 * What renders a site's note pages, as a digest: sample pages showing every part a page can
 * have, rendered by this code, and RENDERER_VERSION. A change to the page's template, its
 * frame, the body's rendering of what the samples hold or the escaping changes it by itself,
 * so the pages a site keeps from an earlier renderer are all rendered again; what the samples
 * cannot show (a commonmark upgrade) bumps RENDERER_VERSION.
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
  return pageKey([String(RENDERER_VERSION), ...notes.map((note) => notePage(note, deps).render())]);
}
