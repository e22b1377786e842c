import { compareIdLists } from "./id-order.js";
import { hasSorted, type LinkGraph } from "./link-graph.js";

/** Options of {@link shortCycles}. */
export interface ShortCycleOptions {
  /** The longest cycle looked for: 2 (mutual links) or 3. Default 3. */
  readonly maxLength?: 2 | 3;
  /**
   * Two-step paths examined from one starting note before moving on. Bounds the work a hub
   * with thousands of links can cause; cycles past the bound are not reported (always the
   * same ones, so the output stays deterministic). Default 10,000.
   */
  readonly maxPathsPerNote?: number;
}

const DEFAULT_MAX_PATHS = 10_000;

/**
 * Directed link cycles of 2 notes (A links to B and B to A) and of 3 (A to B to C to A),
 * self-links excluded. Each cycle is reported once, as the ids in link order starting from its
 * smallest id; `a -> b -> c -> a` and `a -> c -> b -> a` are different cycles. Listed shortest
 * first, then by their ids.
 *
 * Each cycle is found from its smallest note only, by following links to larger ids, so no
 * rotation is ever produced twice.
 *
 * @example
 * ```ts
 * const graph = linkGraph([
 *   { id: "a", links: ["b"] }, { id: "b", links: ["a", "c"] }, { id: "c", links: ["a"] },
 * ]);
 * shortCycles(graph); // [["a", "b"], ["a", "b", "c"]]
 * ```
 */
export function shortCycles(graph: LinkGraph, options: ShortCycleOptions = {}): string[][] {
  const maxLength = options.maxLength ?? 3;
  const maxPaths = options.maxPathsPerNote ?? DEFAULT_MAX_PATHS;
  const cycles: number[][] = [];
  for (let start = 0; start < graph.ids.length; start++) {
    const fromStart = graph.outbound[start] ?? [];
    let paths = 0;
    for (const second of fromStart) {
      if (second <= start) continue;
      const fromSecond = graph.outbound[second] ?? [];
      if (hasSorted(fromSecond, start)) cycles.push([start, second]);
      if (maxLength < 3) continue;
      for (const third of fromSecond) {
        if (third <= start || third === second) continue;
        if (++paths > maxPaths) break;
        if (hasSorted(graph.outbound[third] ?? [], start)) cycles.push([start, second, third]);
      }
      if (paths > maxPaths) break;
    }
  }
  return cycles
    .map((cycle) => cycle.map((node) => graph.ids[node] ?? ""))
    .toSorted((a, b) => a.length - b.length || compareIdLists(a, b));
}
