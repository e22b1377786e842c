import type { SearchHit } from "./full-text-search.js";

/**
 * The order of hits: score descending, then note id, then path, so equal scores always come
 * out in the same order. Every cut of a ranking (the feedback's head, the link boost's
 * sources, the results, the pruned top k) uses it, so the pruned and the exhaustive scoring
 * keep the same notes when scores tie.
 *
 * @example
 * ```ts
 * hits.toSorted(compareHits)[0]; // the best hit
 * ```
 */
export function compareHits(a: SearchHit, b: SearchHit): number {
  return compareScored(a.score, a, b.score, b);
}

/**
 * The same order for hits with other scores (a hit's score plus its link boost).
 *
 * @example
 * ```ts
 * compareScored(3, a, 3, b); // by id when the scores tie
 * ```
 */
export function compareScored(scoreA: number, a: SearchHit, scoreB: number, b: SearchHit): number {
  if (scoreA !== scoreB) return scoreB - scoreA;
  return compareNotes(a.stored.note.id, a.stored.path, b.stored.note.id, b.stored.path);
}

/**
 * Equal scores: by note id, then path.
 *
 * @example
 * ```ts
 * compareNotes("id__a", "topics/x.md", "id__b", "topics/y.md"); // -1
 * ```
 */
export function compareNotes(idA: string, pathA: string, idB: string, pathB: string): number {
  if (idA !== idB) return idA < idB ? -1 : 1;
  return pathA < pathB ? -1 : pathA > pathB ? 1 : 0;
}
