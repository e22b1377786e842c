import { communities } from "../notes/analysis/communities.js";
import { connectedComponents } from "../notes/analysis/components.js";
import { linkGraph } from "../notes/analysis/link-graph.js";
import { ANALYSIS_DEFAULTS } from "../notes/analysis/memory-analysis.js";
import { linksKey, type SiteCache } from "./site-cache.js";
import type { SiteModel } from "./site-model.js";

/** Marks on a node of the site's graph, as bits. */
export const NODE_FLAGS = {
  /** No other note and not the index note links here (and the note is not archived). */
  orphan: 1,
  /** In the index note's hot tier. */
  hot: 2,
  /** Links to an id no note carries. */
  broken: 4,
  archived: 8,
  /** In the index note's warm tier. */
  warm: 16,
} as const;

/** A group of notes the graph colours alike (and draws as one node when the graph is large). */
export interface GraphGroup {
  /** The title of its most linked note, or "Notes with no links". */
  readonly label: string;
  readonly size: number;
  readonly colour: string;
}

/**
 * The link graph as the site ships it, in arrays (small at 10,000 notes): node `i` is
 * `ids[i]`, edges and broken links refer to nodes by number.
 */
export interface SiteGraph {
  readonly ids: readonly string[];
  readonly titles: readonly string[];
  /** Each node's group, an index into `groups`. */
  readonly group: readonly number[];
  /** Each node's {@link NODE_FLAGS}. */
  readonly flags: readonly number[];
  /** Links between two different existing notes, each once: [from, to]. */
  readonly edges: readonly (readonly [number, number])[];
  /** Links to missing ids: [from, the missing id]. */
  readonly broken: readonly (readonly [number, string])[];
  readonly groups: readonly GraphGroup[];
}

// Twelve colours a reader tells apart (Tableau's 10 and two more), then they repeat.
const PALETTE = [
  "#4e79a7",
  "#f28e2b",
  "#59a14f",
  "#e15759",
  "#76b7b2",
  "#edc948",
  "#b07aa1",
  "#ff9da7",
  "#9c755f",
  "#86bcb6",
  "#8cd17d",
  "#d37295",
];
const UNLINKED_COLOUR = "#9aa0a6";

/**
 * The site's graph: the clusters the analysis finds (linked notes), each split into the same
 * Louvain communities defrag uses once it has `communityMinSize` notes, so the picture shows
 * the structure defrag works from.
 */
export function siteGraph(model: SiteModel, cache?: SiteCache): SiteGraph {
  const ids = [...model.byId.keys()];
  const numberOf = new Map(ids.map((id, at) => [id, at]));
  const notes = [...model.byId.values()];
  // Each note's distinct targets, computed once: they feed the analysis graph and the edges.
  const targets = notes.map(linkTargets);
  const graph = linkGraph(
    notes.map((note, at) => ({ id: note.meta.id, links: targets[at] ?? [] })),
  );
  const edges: [number, number][] = [];
  const broken: [number, string][] = [];
  const inbound = new Uint8Array(ids.length);
  targets.forEach((distinct, from) => {
    // Distinct and never the note itself (see linkTargets), so each edge comes once.
    for (const target of distinct) {
      const to = numberOf.get(target);
      if (to === undefined) {
        broken.push([from, target]);
      } else {
        edges.push([from, to]);
        inbound[to] = 1;
      }
    }
  });
  const groups: GraphGroup[] = [];
  const group = ids.map(() => -1);
  const degree = ids.map(() => 0);
  for (const [from, to] of edges) {
    degree[from] = (degree[from] ?? 0) + 1;
    degree[to] = (degree[to] ?? 0) + 1;
  }
  // Louvain over 10,000 notes is a good share of a build: the groups are kept, by the links.
  const computeParts = (): number[][] =>
    connectedComponents(graph)
      .filter((component) => component.length >= 2)
      .flatMap((component) =>
        component.length >= ANALYSIS_DEFAULTS.communityMinSize
          ? communities(graph, component)
          : [component],
      )
      .map((part) => part.map((id) => numberOf.get(id) ?? -1).filter((at) => at >= 0));
  const key = linksKey(notes.map((note, at) => ({ id: note.meta.id, targets: targets[at] ?? [] })));
  let parts = cache === undefined ? computeParts() : cache.groups(key, computeParts);
  if (!parts.every((part) => part.length > 0 && part.every((at) => at < ids.length))) {
    parts = computeParts();
  }
  for (const members of parts) {
    const hub = members.reduce((best, at) => ((degree[at] ?? 0) > (degree[best] ?? 0) ? at : best));
    for (const at of members) group[at] = groups.length;
    groups.push({
      label: model.byId.get(ids[hub] ?? "")?.meta.title ?? "",
      size: members.length,
      colour: PALETTE[groups.length % PALETTE.length] ?? UNLINKED_COLOUR,
    });
  }
  const unlinked = group.filter((at) => at < 0).length;
  if (unlinked > 0) {
    for (let at = 0; at < group.length; at++) if (group[at] === -1) group[at] = groups.length;
    groups.push({ label: "Notes with no links", size: unlinked, colour: UNLINKED_COLOUR });
  }
  const hot = new Set(model.tiers.hot.map((entry) => entry.id));
  const warm = new Set(model.tiers.warm.map((entry) => entry.id));
  const indexed = new Set([...hot, ...warm]);
  const hasBroken = new Set(broken.map(([from]) => from));
  const flags = notes.map((note, at) => {
    const archived = note.meta.status === "archived";
    return (
      (!archived && inbound[at] !== 1 && !indexed.has(note.meta.id) ? NODE_FLAGS.orphan : 0) |
      (hot.has(note.meta.id) ? NODE_FLAGS.hot : 0) |
      (warm.has(note.meta.id) ? NODE_FLAGS.warm : 0) |
      (hasBroken.has(at) ? NODE_FLAGS.broken : 0) |
      (archived ? NODE_FLAGS.archived : 0)
    );
  });
  return { ids, titles: notes.map((note) => note.meta.title), group, flags, edges, broken, groups };
}

/** The distinct ids a note links to, itself excluded, in order of appearance. */
function linkTargets(note: SiteModel["notes"][number]): string[] {
  const distinct = new Set<string>();
  for (const link of note.parsed.links) if (link.id !== note.meta.id) distinct.add(link.id);
  return [...distinct];
}
