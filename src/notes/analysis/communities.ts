import { bySizeThenIds } from "./id-order.js";
import type { LinkGraph } from "./link-graph.js";

/** Louvain levels (each merges the communities found into single nodes) before stopping. */
const MAX_LEVELS = 10;
/** Sweeps over the nodes within one level at most. */
const MAX_PASSES = 20;
/**
 * A sweep that raises modularity by less than this ends the level: on sparse graphs the last
 * sweeps shuffle a few nodes for almost nothing, and cost as much as the first.
 */
const MIN_PASS_GAIN = 1e-4;
/** A move must beat staying by more than float round-off, so equal gains never flip-flop. */
const EPSILON = 1e-12;

/**
 * A weighted undirected graph at one Louvain level, in compressed rows: node `i`'s edges are
 * `targets`/`weights` from `offsets[i]` to `offsets[i + 1]`, targets ascending. Flat typed
 * arrays, because the sweeps visit every edge many times.
 */
interface Level {
  readonly offsets: Int32Array;
  readonly targets: Int32Array;
  readonly weights: Float64Array;
  /** Weighted degree, carried over from the level below so edges folded inside still count. */
  readonly degree: Float64Array;
}

/**
 * Splits one connected component into communities with the Louvain method (modularity
 * optimisation, resolution 1), links taken as undirected edges of weight 1.
 *
 * Deterministic by construction: nodes are visited in id order, a node moves only to a
 * community strictly better than its own, equal gains go to the smaller community label, and
 * sweeps and levels are capped, so the answer never depends on Map order or randomness. The
 * communities partition the component's ids (ids not in the graph are ignored); each is sorted,
 * and they are listed largest first, then by their smallest id.
 *
 * @example
 * ```ts
 * // two triangles joined by one link
 * const graph = linkGraph([
 *   { id: "a1", links: ["a2", "a3"] }, { id: "a2", links: ["a3"] }, { id: "a3", links: ["b1"] },
 *   { id: "b1", links: ["b2", "b3"] }, { id: "b2", links: ["b3"] }, { id: "b3", links: [] },
 * ]);
 * communities(graph, graph.ids); // [["a1", "a2", "a3"], ["b1", "b2", "b3"]]
 * ```
 */
export function communities(graph: LinkGraph, component: readonly string[]): string[][] {
  const members = [...new Set(component)]
    .map((id) => graph.indexOf.get(id))
    .filter((node) => node !== undefined)
    .toSorted((a, b) => a - b);
  let level = firstLevel(graph, members);
  // The node each original member belongs to at the current level.
  const assignment = Int32Array.from(members.keys());
  for (let depth = 0; depth < MAX_LEVELS; depth++) {
    const moved = moveNodes(level);
    if (moved === undefined) break;
    const { renumbered, count } = renumber(moved);
    for (let i = 0; i < assignment.length; i++) {
      assignment[i] = renumbered[assignment[i] ?? 0] ?? 0;
    }
    level = aggregate(level, renumbered, count);
  }
  const groups = new Map<number, string[]>();
  members.forEach((node, local) => {
    const label = assignment[local] ?? 0;
    const group = groups.get(label);
    const id = graph.ids[node] ?? "";
    if (group === undefined) groups.set(label, [id]);
    else group.push(id);
  });
  // Members were visited in id order, so each group is already sorted.
  return [...groups.values()].toSorted(bySizeThenIds);
}

/** The component's subgraph, renumbered 0..n-1 in id order, every edge of weight 1. */
function firstLevel(graph: LinkGraph, members: readonly number[]): Level {
  const localOf = new Map(members.map((node, local) => [node, local]));
  const offsets = new Int32Array(members.length + 1);
  const targets: number[] = [];
  members.forEach((node, local) => {
    for (const next of graph.neighbors[node] ?? []) {
      const target = localOf.get(next);
      if (target !== undefined) targets.push(target);
    }
    offsets[local + 1] = targets.length;
  });
  const degree = new Float64Array(members.length);
  for (let i = 0; i < members.length; i++) degree[i] = (offsets[i + 1] ?? 0) - (offsets[i] ?? 0);
  return {
    offsets,
    targets: Int32Array.from(targets),
    weights: new Float64Array(targets.length).fill(1),
    degree,
  };
}

/**
 * Louvain's local phase: sweeps the nodes in order, moving each to the neighbouring community
 * with the best modularity gain. Returns each node's community label, or undefined when no node
 * moved (the level is final).
 */
function moveNodes(level: Level): Int32Array | undefined {
  const { offsets, targets, weights } = level;
  const n = level.degree.length;
  const community = Int32Array.from({ length: n }, (_, i) => i);
  const total = Float64Array.from(level.degree);
  const twiceWeight = total.reduce((sum, value) => sum + value, 0);
  if (twiceWeight === 0) return undefined;
  const weightTo = new Float64Array(n);
  const touched = new Int32Array(n);
  let movedAny = false;
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    let passGain = 0;
    for (let i = 0; i < n; i++) {
      const own = community[i] ?? i;
      const degree = level.degree[i] ?? 0;
      let touchedCount = 0;
      for (let e = offsets[i] ?? 0; e < (offsets[i + 1] ?? 0); e++) {
        const label = community[targets[e] ?? 0] ?? 0;
        if (weightTo[label] === 0) touched[touchedCount++] = label;
        weightTo[label] = (weightTo[label] ?? 0) + (weights[e] ?? 0);
      }
      total[own] = (total[own] ?? 0) - degree;
      // Gain of joining a community, up to a constant factor: links into it minus the links
      // expected between this node and it at random.
      const scale = degree / twiceWeight;
      const stay = (weightTo[own] ?? 0) - (total[own] ?? 0) * scale;
      let best = own;
      let bestGain = stay + EPSILON;
      for (let t = 0; t < touchedCount; t++) {
        const label = touched[t] ?? own;
        const gain = (weightTo[label] ?? 0) - (total[label] ?? 0) * scale;
        if (gain > bestGain || (gain === bestGain && best !== own && label < best)) {
          best = label;
          bestGain = gain;
        }
      }
      for (let t = 0; t < touchedCount; t++) weightTo[touched[t] ?? 0] = 0;
      total[best] = (total[best] ?? 0) + degree;
      if (best !== own) {
        community[i] = best;
        movedAny = true;
        // In modularity units: the gain above is scaled by twice the total weight.
        passGain += (2 * (bestGain - stay)) / twiceWeight;
      }
    }
    if (passGain < MIN_PASS_GAIN) break;
  }
  return movedAny ? community : undefined;
}

/** Community labels renumbered 0..count-1 in order of first appearance, node by node. */
function renumber(community: Int32Array): { renumbered: Int32Array; count: number } {
  const next = new Int32Array(community.length).fill(-1);
  const renumbered = new Int32Array(community.length);
  let count = 0;
  for (let i = 0; i < community.length; i++) {
    const label = community[i] ?? 0;
    if (next[label] === -1) next[label] = count++;
    renumbered[i] = next[label] ?? 0;
  }
  return { renumbered, count };
}

/** Louvain's second phase: each community becomes one node; links between them add up. */
function aggregate(level: Level, community: Int32Array, count: number): Level {
  const n = level.degree.length;
  // Nodes grouped by community (a counting sort), each group in node order.
  const start = new Int32Array(count + 1);
  for (let i = 0; i < n; i++)
    start[(community[i] ?? 0) + 1] = (start[(community[i] ?? 0) + 1] ?? 0) + 1;
  for (let c = 0; c < count; c++) start[c + 1] = (start[c + 1] ?? 0) + (start[c] ?? 0);
  const fill = start.slice(0, count);
  const byCommunity = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    const c = community[i] ?? 0;
    byCommunity[fill[c] ?? 0] = i;
    fill[c] = (fill[c] ?? 0) + 1;
  }
  const degree = new Float64Array(count);
  const offsets = new Int32Array(count + 1);
  const targets: number[] = [];
  const weights: number[] = [];
  const weightTo = new Float64Array(count);
  const touched: number[] = [];
  for (let c = 0; c < count; c++) {
    for (let k = start[c] ?? 0; k < (start[c + 1] ?? 0); k++) {
      const i = byCommunity[k] ?? 0;
      degree[c] = (degree[c] ?? 0) + (level.degree[i] ?? 0);
      for (let e = level.offsets[i] ?? 0; e < (level.offsets[i + 1] ?? 0); e++) {
        const to = community[level.targets[e] ?? 0] ?? 0;
        // Links inside a community vanish from the edges but stay in the degree.
        if (to === c) continue;
        if (weightTo[to] === 0) touched.push(to);
        weightTo[to] = (weightTo[to] ?? 0) + (level.weights[e] ?? 0);
      }
    }
    touched.sort((a, b) => a - b);
    for (const to of touched) {
      targets.push(to);
      weights.push(weightTo[to] ?? 0);
      weightTo[to] = 0;
    }
    touched.length = 0;
    offsets[c + 1] = targets.length;
  }
  return {
    offsets,
    targets: Int32Array.from(targets),
    weights: Float64Array.from(weights),
    degree,
  };
}
