import type { PostingsList } from "./postings-list.js";
import { bm25Part, type Bm25 } from "./scoring-plan.js";

interface Bound {
  readonly version: number;
  readonly average: number;
  readonly bm25: Bm25;
  readonly part: number;
}

// Per postings list: its largest bm25Part, at the field average it was computed for.
const bounds = new WeakMap<PostingsList, Bound>();

/**
 * The largest BM25+ part (bm25Part) any document of the list can have at the field average
 * `average`: the per-term upper bound top-k pruning stands on. Computed by one pass over the
 * list and kept until the list changes; when only the average moved (a note added or removed
 * anywhere), the kept bound is scaled instead of recomputed: bm25Part - d grows at most in
 * proportion to the average (its length norm is at least average'/average of the old one),
 * and never grows when the average falls. Recomputed when that scaling has loosened it by
 * more than 5%.
 *
 * @example
 * ```ts
 * maxPart(list, 0, table.averageLength(0), bm25, table.lengthOf); // >= every bm25Part in list
 * ```
 */
export function maxPart(
  list: PostingsList,
  field: number,
  average: number,
  bm25: Bm25,
  lengthOf: (doc: number, field: number) => number,
): number {
  const kept = bounds.get(list);
  if (
    kept !== undefined &&
    kept.version === list.version &&
    kept.bm25.k === bm25.k &&
    kept.bm25.b === bm25.b &&
    kept.bm25.d === bm25.d &&
    average <= kept.average * 1.05
  ) {
    const scale = Math.max(1, average / kept.average);
    return bm25.d + (kept.part - bm25.d) * scale;
  }
  let part = 0;
  const { docs, counts } = list;
  for (let at = 0; at < list.size; at++) {
    const value = bm25Part(counts[at] ?? 0, lengthOf(docs[at] ?? 0, field), average, bm25);
    if (value > part) part = value;
  }
  bounds.set(list, { version: list.version, average, bm25, part });
  return part;
}
