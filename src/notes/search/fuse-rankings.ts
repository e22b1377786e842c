import type { NoteFacts } from "../store/note-facts.js";
import type { VectorHit } from "./embeddings.js";
import type { RankedHit } from "./link-boost.js";

/**
 * The k of reciprocal rank fusion: a note's fused score is the sum over rankings of
 * 1 / (RRF_K + rank). 60 is the value of the original paper (Cormack et al., 2009), where
 * it proved robust; it keeps the top few of either ranking close together instead of letting
 * one list's first place dominate.
 *
 * @example
 * ```ts
 * 1 / (RRF_K + 1); // the share of a first place
 * ```
 */
export const RRF_K = 60;

/**
 * A note in the fused ranking, with what each ranking said of it.
 *
 * @example
 * ```ts
 * const fused: FusedHit = { stored, lexical: undefined, similarity: 0.82, score: 1 / 61 };
 * ```
 */
export interface FusedHit {
  readonly stored: NoteFacts;
  /** Its lexical hit, when its words matched. */
  readonly lexical: RankedHit | undefined;
  /** Its cosine similarity to the query, when it has a vector. */
  readonly similarity: number | null;
  readonly score: number;
}

/**
 * Reciprocal rank fusion of the lexical ranking (already in order) and the vector hits (the
 * best `depth` by similarity), best first; equal scores by id, then path. Ranks, not scores,
 * are fused: BM25 scores and cosines live on scales that do not compare.
 *
 * @example
 * ```ts
 * fuseRankings(applyLinkBoost(hits, 100), vectorHits, 100)[0]?.stored.note.id;
 * ```
 */
export function fuseRankings(
  lexical: readonly RankedHit[],
  vectorHits: readonly VectorHit[],
  depth: number,
): FusedHit[] {
  const fused = new Map<
    string,
    { stored: NoteFacts; lexical?: RankedHit; similarity: number | null; score: number }
  >();
  lexical.slice(0, depth).forEach((hit, rank) => {
    fused.set(hit.stored.path, {
      stored: hit.stored,
      lexical: hit,
      similarity: null,
      score: 1 / (RRF_K + rank + 1),
    });
  });
  const similarities = new Map(vectorHits.map((hit) => [hit.stored.path, hit.similarity]));
  const byVector = vectorHits
    .toSorted((a, b) => b.similarity - a.similarity || compareStored(a.stored, b.stored))
    .slice(0, depth);
  byVector.forEach((hit, rank) => {
    const entry = fused.get(hit.stored.path);
    const share = 1 / (RRF_K + rank + 1);
    if (entry === undefined)
      fused.set(hit.stored.path, { stored: hit.stored, similarity: hit.similarity, score: share });
    else entry.score += share;
  });
  return [...fused.values()]
    .map((entry) => ({
      stored: entry.stored,
      lexical: entry.lexical,
      similarity: entry.similarity ?? similarities.get(entry.stored.path) ?? null,
      score: entry.score,
    }))
    .toSorted((a, b) => b.score - a.score || compareStored(a.stored, b.stored));
}

function compareStored(a: NoteFacts, b: NoteFacts): number {
  if (a.note.id !== b.note.id) return a.note.id < b.note.id ? -1 : 1;
  return a.path < b.path ? -1 : a.path > b.path ? 1 : 0;
}
