import { bySizeThenIds } from "./id-order.js";
import type { LinkGraph } from "./link-graph.js";

/**
 * The connected components of the graph, links taken in either direction. Each component's ids
 * are sorted; components are listed largest first, then by their smallest id. A note with no
 * link in or out of another existing note is a component of its own: together the components
 * partition the notes.
 *
 * @example
 * ```ts
 * const graph = linkGraph([
 *   { id: "id__AAAAAA", links: ["id__BBBBBB"] },
 *   { id: "id__BBBBBB", links: [] },
 *   { id: "id__CCCCCC", links: [] },
 * ]);
 * connectedComponents(graph); // [["id__AAAAAA", "id__BBBBBB"], ["id__CCCCCC"]]
 * ```
 */
export function connectedComponents(graph: LinkGraph): string[][] {
  const seen = new Uint8Array(graph.ids.length);
  const components: string[][] = [];
  // An explicit stack, not recursion: a chain of 10,000 notes must not overflow the call stack.
  const stack: number[] = [];
  for (let start = 0; start < graph.ids.length; start++) {
    if (seen[start] === 1) continue;
    seen[start] = 1;
    stack.push(start);
    const members: number[] = [];
    for (let node = stack.pop(); node !== undefined; node = stack.pop()) {
      members.push(node);
      for (const next of graph.neighbors[node] ?? []) {
        if (seen[next] === 1) continue;
        seen[next] = 1;
        stack.push(next);
      }
    }
    components.push(members.toSorted((a, b) => a - b).map((node) => graph.ids[node] ?? ""));
  }
  return components.toSorted(bySizeThenIds);
}
