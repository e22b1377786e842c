import { compareIds } from "./id-order.js";
import { candidatePairs, minhashSignature, rowsPerBand } from "./minhash.js";
import { jaccard, shingleSet } from "./shingles.js";

/** What near-duplicate detection reads of a note. */
export interface DuplicateCandidate {
  readonly id: string;
  readonly title: string;
  readonly body: string;
}

/** Two notes that say nearly the same thing, in nearly the same words. Reported, never merged. */
export interface NearDuplicatePair {
  /** The smaller id of the two. */
  readonly a: string;
  readonly b: string;
  /** Jaccard similarity of the two notes' word-shingle sets, rounded to 3 decimals. */
  readonly similarity: number;
}

/** Options of {@link nearDuplicates}. */
export interface NearDuplicateOptions {
  /** The least shingle Jaccard similarity reported, in (0, 1]. Default 0.6. */
  readonly threshold?: number;
}

/** The default reporting threshold: a reworded sentence or two in a note of a few paragraphs. */
export const DEFAULT_DUPLICATE_THRESHOLD = 0.6;
const MIN_THRESHOLD = 0.05;

/**
 * Pairs of notes whose title and body share at least `threshold` of their 3-word shingles.
 *
 * MinHash signatures (fixed seed) cut into LSH bands pick the candidate pairs in time linear in
 * the number of notes; each candidate is then scored by the exact Jaccard similarity of the two
 * sets of shingle hashes (32-bit: a collision between two distinct shingles is too rare to move
 * a score), which alone decides whether it is reported, so the score shown is never an
 * estimate. A pair at the threshold is found with probability at least 0.95, a pair well above
 * it almost surely, and a note copied verbatim always (equal sets give equal signatures). Notes
 * without a single word are never compared; notes sharing an id are not paired with each other.
 *
 * The MinHash estimate only picks candidates and never filters them: filtering on it would drop
 * some true pairs to save exact checks that cost microseconds. Work stays near-linear: only
 * notes agreeing on a whole band are paired, and a crowded band means many near-copies, which
 * the report has to list anyway.
 *
 * Pairs are unordered and listed once (`a` < `b`), by similarity (highest first), then by `a`,
 * then by `b`. Thresholds outside (0, 1] are clamped to [0.05, 1].
 *
 * @example
 * ```ts
 * nearDuplicates([
 *   { id: "id__AAAAAA", title: "Deploys", body: "We deploy on Tuesdays after the review." },
 *   { id: "id__BBBBBB", title: "Deploys", body: "We deploy on Tuesdays after the review." },
 * ]);
 * // [{ a: "id__AAAAAA", b: "id__BBBBBB", similarity: 1 }]
 * ```
 */
export function nearDuplicates(
  notes: readonly DuplicateCandidate[],
  options: NearDuplicateOptions = {},
): NearDuplicatePair[] {
  const threshold = Math.min(
    1,
    Math.max(MIN_THRESHOLD, options.threshold ?? DEFAULT_DUPLICATE_THRESHOLD),
  );
  // Sorted first, so candidates come out the same whatever order the notes were given in.
  const sorted = notes.toSorted(
    (x, y) => compareIds(x.id, y.id) || compareIds(x.title, y.title) || compareIds(x.body, y.body),
  );
  const shingles = sorted.map((note) => shingleSet(`${note.title}\n${note.body}`));
  const signatures = shingles.map((set) => (set.length === 0 ? undefined : minhashSignature(set)));
  const best = new Map<string, NearDuplicatePair & { exact: number }>();
  for (const [i, j] of candidatePairs(signatures, rowsPerBand(threshold))) {
    const x = sorted[i];
    const y = sorted[j];
    if (x === undefined || y === undefined || x.id === y.id) continue;
    const exact = jaccard(shingles[i] ?? new Uint32Array(0), shingles[j] ?? new Uint32Array(0));
    if (exact < threshold) continue;
    const [a, b] = compareIds(x.id, y.id) < 0 ? [x.id, y.id] : [y.id, x.id];
    const key = `${a} ${b}`;
    const previous = best.get(key);
    // Only possible with duplicate ids: keep the closest of the copies.
    if (previous !== undefined && previous.exact >= exact) continue;
    best.set(key, { a, b, similarity: Math.round(exact * 1000) / 1000, exact });
  }
  return [...best.values()]
    .map(({ a, b, similarity }) => ({ a, b, similarity }))
    .toSorted(
      (p, q) => q.similarity - p.similarity || compareIds(p.a, q.a) || compareIds(p.b, q.b),
    );
}
