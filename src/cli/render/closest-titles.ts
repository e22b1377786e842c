/**
 * Suggestions for an id that names no note: the notes whose title or id looks most like
 * what was typed. People mistype ids and often type a title where an id belongs, so both
 * are compared.
 *
 * @module
 */

import { ID_PREFIX } from "../../model/index.js";

/** A note as a suggestion candidate. */
export interface TitleCandidate {
  readonly id: string;
  readonly title: string;
}

/** Below this similarity a candidate is noise, not a suggestion. */
const MIN_SCORE = 0.3;

/**
 * The candidates most similar to `query`, best first, at most `limit`. Similarity is the
 * best of: the Dice coefficient of character bigrams against the title and against the id's
 * characters after its prefix (case-insensitive), and a high fixed score when the query is part of the
 * title or the start of the id.
 *
 * @example
 * ```ts
 * closestTitles("igor", [{ id: "id__Kf9mNp", title: "Igor — developer" }, { id: "id__Ab3xYz", title: "Rust" }]);
 * // [{ id: "id__Kf9mNp", title: "Igor — developer" }]
 * closestTitles("id__Kf9mNq", [{ id: "id__Kf9mNp", title: "Igor" }]); // [{ id: "id__Kf9mNp", ... }]
 * ```
 */
export function closestTitles<T extends TitleCandidate>(
  query: string,
  candidates: readonly T[],
  limit = 3,
): T[] {
  const wanted = normalize(query.startsWith(ID_PREFIX) ? query.slice(ID_PREFIX.length) : query);
  if (wanted === "") return [];
  return candidates
    .map((candidate) => ({ candidate, score: similarity(wanted, candidate) }))
    .filter(({ score }) => score >= MIN_SCORE)
    .toSorted((a, b) => b.score - a.score || compare(a.candidate.title, b.candidate.title))
    .slice(0, limit)
    .map(({ candidate }) => candidate);
}

function similarity(wanted: string, candidate: TitleCandidate): number {
  const title = normalize(candidate.title);
  const idBody = normalize(candidate.id.slice(ID_PREFIX.length));
  const contained = title.includes(wanted) || idBody.startsWith(wanted) ? 0.9 : 0;
  return Math.max(contained, dice(wanted, title), dice(wanted, idBody));
}

function normalize(text: string): string {
  return text.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase().replace(/\s+/g, " ").trim();
}

/** Dice coefficient over character bigrams: 1 for equal strings, 0 for nothing in common. */
export function dice(a: string, b: string): number {
  if (a === b) return 1;
  if (a.length < 2 || b.length < 2) return 0;
  const counts = new Map<string, number>();
  for (let i = 0; i < a.length - 1; i++) {
    const pair = a.slice(i, i + 2);
    counts.set(pair, (counts.get(pair) ?? 0) + 1);
  }
  let shared = 0;
  for (let i = 0; i < b.length - 1; i++) {
    const pair = b.slice(i, i + 2);
    const left = counts.get(pair) ?? 0;
    if (left > 0) {
      shared++;
      counts.set(pair, left - 1);
    }
  }
  return (2 * shared) / (a.length - 1 + b.length - 1);
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
