/**
 * MinHash signatures and LSH banding: how near-duplicates are found without comparing every
 * pair of notes. Each signature position is the smallest hash of the note's shingles under one
 * fixed permutation; two notes agree on a position with probability equal to their Jaccard
 * similarity. Signatures are cut into bands, and only notes that agree on a whole band are
 * compared: work grows with the number of notes, not with its square.
 *
 * @module
 */
import { finalizeHash } from "./shingles.js";

/** Signature length: enough positions for a banding that catches pairs at the threshold. */
export const SIGNATURE_LENGTH = 128;
/** The permutations' seed. Fixed, so the same notes give the same candidates on every run. */
const PERMUTATION_SEED = 0x6d2b79f5;
/** The share of pairs exactly at the threshold that the banding must make candidates. */
const TARGET_RECALL = 0.95;

/** One 32-bit salt per signature position, drawn once from the fixed seed. */
const SALTS = (() => {
  const salts = new Uint32Array(SIGNATURE_LENGTH);
  let state = PERMUTATION_SEED;
  for (let i = 0; i < salts.length; i++) {
    state = (state + 0x9e3779b9) >>> 0;
    salts[i] = finalizeHash(state);
  }
  return salts;
})();

/**
 * The MinHash signature of a set of shingle hashes (which must not be empty: an empty set has
 * no minimum, and such notes are never compared).
 *
 * @example
 * ```ts
 * minhashSignature(shingleSet("the same words")).length; // 128
 * ```
 */
export function minhashSignature(shingles: Uint32Array): Uint32Array {
  const signature = new Uint32Array(SIGNATURE_LENGTH);
  for (let j = 0; j < SIGNATURE_LENGTH; j++) {
    const salt = SALTS[j] ?? 0;
    let min = 0xffffffff;
    for (let s = 0; s < shingles.length; s++) {
      // The shingles are already uniform hashes, so a salt, one multiply and one shift make
      // a good enough permutation (checked: the estimates' spread matches the binomial one),
      // at a third of the cost of a full finalizer; this loop is most of the analysis's time.
      const mixed = Math.imul((shingles[s] ?? 0) ^ salt, 0x9e3779b1);
      const value = (mixed ^ (mixed >>> 15)) >>> 0;
      if (value < min) min = value;
    }
    signature[j] = min;
  }
  return signature;
}

/**
 * Rows per band for a similarity threshold: the most rows (fewest false candidates) that still
 * make at least 95% of pairs exactly at the threshold candidates; pairs above it fare better.
 *
 * @example
 * ```ts
 * rowsPerBand(0.6); // 4: 32 bands of 4 rows
 * ```
 */
export function rowsPerBand(threshold: number): number {
  for (const rows of [32, 16, 8, 4, 2]) {
    const bands = SIGNATURE_LENGTH / rows;
    if (1 - (1 - threshold ** rows) ** bands >= TARGET_RECALL) return rows;
  }
  return 1;
}

/**
 * The candidate pairs `[i, j]` (i < j, indexes into `signatures`) that agree on at least one
 * whole band, each once, in increasing order. Entries that are undefined take part in nothing.
 *
 * @example
 * ```ts
 * const same = minhashSignature(shingleSet("a b c d"));
 * candidatePairs([same, same], 4); // [[0, 1]]
 * ```
 */
export function candidatePairs(
  signatures: readonly (Uint32Array | undefined)[],
  rows: number,
): [number, number][] {
  const seen = new Set<number>();
  const pairs: [number, number][] = [];
  const n = signatures.length;
  for (let start = 0; start + rows <= SIGNATURE_LENGTH; start += rows) {
    const buckets = new Map<number, number[]>();
    signatures.forEach((signature, index) => {
      if (signature === undefined) return;
      // A hash of the band as the key: a rare false bucket-mate only costs one exact check.
      let key = start;
      for (let row = start; row < start + rows; row++) {
        key = Math.imul(key ^ (signature[row] ?? 0), 0x5bd1e995);
        key ^= key >>> 15;
      }
      const bucket = buckets.get(key);
      if (bucket === undefined) buckets.set(key, [index]);
      else bucket.push(index);
    });
    for (const bucket of buckets.values()) {
      for (let x = 0; x < bucket.length; x++) {
        for (let y = x + 1; y < bucket.length; y++) {
          const i = bucket[x] ?? 0;
          const j = bucket[y] ?? 0;
          const key = i * n + j;
          if (seen.has(key)) continue;
          seen.add(key);
          pairs.push([i, j]);
        }
      }
    }
  }
  return pairs.toSorted((p, q) => p[0] - q[0] || p[1] - q[1]);
}
