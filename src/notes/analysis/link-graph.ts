import { compareIds } from "./id-order.js";

/** What the graph needs of a note: its id and the ids its links point at. */
export interface GraphNote {
  readonly id: string;
  /** Target ids of the note's links, repeats and self-links allowed. */
  readonly links: readonly string[];
}

/**
 * The link structure between existing notes. Nodes are numbered in id order, so "the smaller
 * index" and "the smaller id" are the same tie-break everywhere. Every adjacency list is sorted
 * ascending, holds each neighbour once, and never holds the node itself.
 */
export interface LinkGraph {
  /** The distinct note ids, sorted by code units; node `i` is `ids[i]`. */
  readonly ids: readonly string[];
  /** The node number of each id. */
  readonly indexOf: ReadonlyMap<string, number>;
  /** Directed: the notes each note links to. */
  readonly outbound: readonly (readonly number[])[];
  /** Directed: the notes linking to each note. */
  readonly inbound: readonly (readonly number[])[];
  /** Undirected: the union of both directions. */
  readonly neighbors: readonly (readonly number[])[];
}

/**
 * Builds the graph of the links between the given notes. Links to ids no note carries are left
 * out (they are broken links, reported apart), and so are self-links: a note pointing at itself
 * says nothing about structure. Notes sharing an id (a doctor error) become one node with the
 * links of both.
 *
 * @example
 * ```ts
 * const graph = linkGraph([
 *   { id: "id__BBBBBB", links: ["id__AAAAAA", "id__Gone00", "id__BBBBBB"] },
 *   { id: "id__AAAAAA", links: [] },
 * ]);
 * graph.ids;      // ["id__AAAAAA", "id__BBBBBB"]
 * graph.outbound; // [[], [0]]
 * graph.inbound;  // [[1], []]
 * ```
 */
export function linkGraph(notes: readonly GraphNote[]): LinkGraph {
  const ids = [...new Set(notes.map((note) => note.id))].toSorted(compareIds);
  const indexOf = new Map(ids.map((id, index) => [id, index]));
  const outSets = ids.map(() => new Set<number>());
  const inSets = ids.map(() => new Set<number>());
  for (const note of notes) {
    const source = indexOf.get(note.id);
    if (source === undefined) continue;
    for (const target of note.links) {
      const to = indexOf.get(target);
      if (to === undefined || to === source) continue;
      outSets[source]?.add(to);
      inSets[to]?.add(source);
    }
  }
  const outbound = outSets.map(sortedNumbers);
  const inbound = inSets.map(sortedNumbers);
  const neighbors = ids.map((_, i) => mergeSorted(outbound[i] ?? [], inbound[i] ?? []));
  return { ids, indexOf, outbound, inbound, neighbors };
}

function sortedNumbers(set: ReadonlySet<number>): number[] {
  return [...set].toSorted((a, b) => a - b);
}

/** The sorted union of two sorted lists of distinct numbers. */
function mergeSorted(a: readonly number[], b: readonly number[]): number[] {
  const merged: number[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    const x = a[i];
    const y = b[j];
    if (y === undefined || (x !== undefined && x < y)) {
      if (x !== undefined) merged.push(x);
      i++;
    } else if (x === undefined || y < x) {
      merged.push(y);
      j++;
    } else {
      merged.push(x);
      i++;
      j++;
    }
  }
  return merged;
}

/**
 * Whether the sorted list holds the value (binary search), for edge tests on adjacency lists.
 *
 * @example
 * ```ts
 * hasSorted([1, 4, 9], 4); // true
 * ```
 */
export function hasSorted(list: readonly number[], value: number): boolean {
  let low = 0;
  let high = list.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    const item = list[middle] ?? Number.POSITIVE_INFINITY;
    if (item === value) return true;
    if (item < value) low = middle + 1;
    else high = middle;
  }
  return false;
}
