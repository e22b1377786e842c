import type { SiteGraph } from "./site-graph.js";

/** A graph as the page script draws it: nodes with their colour and marks, and edges. */
export interface DrawnGraph {
  /** [id, label, colour, flags]; a broken link's missing id has colour "" and flags -1. */
  readonly nodes: readonly (readonly [string, string, string, number])[];
  readonly edges: readonly (readonly [string, string])[];
  /** The note the graph is centred on, if any. */
  readonly focus?: string;
}

/** The site's graph by node: who links where, computed once for every page. */
export interface GraphAdjacency {
  readonly graph: SiteGraph;
  readonly numberOf: ReadonlyMap<string, number>;
  readonly outbound: readonly (readonly number[])[];
  readonly inbound: readonly (readonly number[])[];
  readonly brokenOf: ReadonlyMap<number, readonly string[]>;
}

// A hub linked from hundreds of notes shows its best-linked neighbours, not a hairball.
const MAX_NEIGHBOURS = 60;

/**
 * Indexes the graph's edges by node, so each page's neighbourhood costs its own size.
 *
 * @example
 * ```ts
 * const adjacency = graphAdjacency(siteGraph(model));
 * neighbourhood("id__Kf9mNp", adjacency).nodes.length;
 * ```
 */
export function graphAdjacency(graph: SiteGraph): GraphAdjacency {
  const outbound: number[][] = graph.ids.map(() => []);
  const inbound: number[][] = graph.ids.map(() => []);
  for (const [from, to] of graph.edges) {
    outbound[from]?.push(to);
    inbound[to]?.push(from);
  }
  const brokenOf = new Map<number, string[]>();
  for (const [from, missing] of graph.broken) {
    brokenOf.set(from, [...(brokenOf.get(from) ?? []), missing]);
  }
  return {
    graph,
    numberOf: new Map(graph.ids.map((id, at) => [id, at])),
    outbound,
    inbound,
    brokenOf,
  };
}

/**
 * A note's neighbourhood: the note, the notes it links to and that link to it (at most
 * {@link MAX_NEIGHBOURS}, the most linked first), the links among them, and its broken links.
 */
export function neighbourhood(id: string, adjacency: GraphAdjacency): DrawnGraph {
  const { graph, outbound, inbound } = adjacency;
  const centre = adjacency.numberOf.get(id);
  if (centre === undefined) return { nodes: [], edges: [] };
  const degreeOf = (at: number): number => (outbound[at]?.length ?? 0) + (inbound[at]?.length ?? 0);
  const near = new Set([...(outbound[centre] ?? []), ...(inbound[centre] ?? [])]);
  const kept = [...near]
    .toSorted((a, b) => degreeOf(b) - degreeOf(a) || a - b)
    .slice(0, MAX_NEIGHBOURS);
  const members = new Set([centre, ...kept]);
  const nodes: [string, string, string, number][] = [...members].map((at) => [
    graph.ids[at] ?? "",
    graph.titles[at] ?? "",
    graph.groups[graph.group[at] ?? 0]?.colour ?? "",
    graph.flags[at] ?? 0,
  ]);
  const edges: [string, string][] = [];
  for (const from of members) {
    for (const to of outbound[from] ?? []) {
      if (members.has(to)) edges.push([graph.ids[from] ?? "", graph.ids[to] ?? ""]);
    }
  }
  for (const missing of adjacency.brokenOf.get(centre) ?? []) {
    nodes.push([missing, missing, "", -1]);
    edges.push([id, missing]);
  }
  return { nodes, edges, focus: id };
}
