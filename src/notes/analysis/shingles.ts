/**
 * Word shingles: the runs of consecutive words of a text, hashed to 32-bit numbers. Two texts
 * that share most of their shingles share most of their wording, in order; two texts about the
 * same subject in different sentences share few, which is the line between a near-duplicate and
 * a related note.
 *
 * @module
 */

/** Words per shingle: a reworded word changes at most this many shingles. */
export const SHINGLE_WORDS = 3;

const SHINGLE_SEED = 0x2545f491;
const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;
const LETTER_OR_DIGIT = /^[\p{L}\p{N}]$/u;

/**
 * The hashes of a text's words, in order: a word is a run of letters and digits, lowercased,
 * so punctuation, markdown and case don't tell two texts apart.
 *
 * One pass over the characters that hashes as it goes (FNV-1a over the lowercased code units),
 * with a fast path for ASCII, so no lowercased copy of the text and no string per word is
 * made: at 10,000 notes that is a few million short-lived strings.
 *
 * @example
 * ```ts
 * wordHashes("Igor's *console*").length;                 // 3: "igor", "s", "console"
 * wordHashes("CONSOLE")[0] === wordHashes("console")[0]; // true
 * ```
 */
export function wordHashes(text: string): number[] {
  const hashes: number[] = [];
  let hash = FNV_OFFSET;
  let inWord = false;
  for (let i = 0; i < text.length; i++) {
    let code = text.charCodeAt(i);
    if (code < 128) {
      if (code >= 65 && code <= 90) code += 32;
      if ((code >= 97 && code <= 122) || (code >= 48 && code <= 57)) {
        hash = Math.imul(hash ^ code, FNV_PRIME);
        inWord = true;
        continue;
      }
    } else {
      const point = text.codePointAt(i) ?? code;
      const char = String.fromCodePoint(point);
      // A character outside the basic plane takes two code units: skip the second.
      if (point > 0xffff) i++;
      if (LETTER_OR_DIGIT.test(char)) {
        const lower = char.toLowerCase();
        for (let k = 0; k < lower.length; k++)
          hash = Math.imul(hash ^ lower.charCodeAt(k), FNV_PRIME);
        inWord = true;
        continue;
      }
    }
    if (inWord) {
      hashes.push(finalizeHash(hash));
      hash = FNV_OFFSET;
      inWord = false;
    }
  }
  if (inWord) hashes.push(finalizeHash(hash));
  return hashes;
}

/**
 * The sorted, distinct hashes of a text's word shingles. A text shorter than a shingle is one
 * shingle of all its words; a text without words has none.
 *
 * @example
 * ```ts
 * shingleSet("a b c d").length; // 2 ("a b c", "b c d")
 * shingleSet("").length;        // 0
 * ```
 */
export function shingleSet(text: string, size = SHINGLE_WORDS): Uint32Array {
  const hashes = wordHashes(text);
  if (hashes.length === 0) return new Uint32Array(0);
  const span = Math.min(size, hashes.length);
  const shingles = new Uint32Array(hashes.length - span + 1);
  for (let start = 0; start < shingles.length; start++) {
    let hash = SHINGLE_SEED;
    for (let k = 0; k < span; k++) hash = combineHash(hash, hashes[start + k] ?? 0);
    shingles[start] = finalizeHash(hash);
  }
  shingles.sort();
  return uniqueSorted(shingles);
}

/**
 * Jaccard similarity of two sorted sets of distinct hashes: shared / all. Two empty sets are
 * not similar (0): there is nothing to compare.
 *
 * @example
 * ```ts
 * jaccard(Uint32Array.of(1, 2, 3), Uint32Array.of(2, 3, 4)); // 0.5
 * ```
 */
export function jaccard(a: Uint32Array, b: Uint32Array): number {
  let i = 0;
  let j = 0;
  let shared = 0;
  while (i < a.length && j < b.length) {
    const x = a[i] ?? 0;
    const y = b[j] ?? 0;
    if (x === y) {
      shared++;
      i++;
      j++;
    } else if (x < y) i++;
    else j++;
  }
  const union = a.length + b.length - shared;
  return union === 0 ? 0 : shared / union;
}

/** Folds one value into a running hash; order matters, so "a b" and "b a" differ. */
function combineHash(hash: number, value: number): number {
  const mixed = Math.imul(hash ^ value, 0x5bd1e995);
  return mixed ^ (mixed >>> 15);
}

/**
 * murmur3's finalizer: a bijection on 32-bit numbers that spreads every input bit over the
 * output, returned unsigned.
 *
 * @example
 * ```ts
 * finalizeHash(1) === finalizeHash(1); // true, on every machine
 * ```
 */
export function finalizeHash(value: number): number {
  let hash = value;
  hash ^= hash >>> 16;
  hash = Math.imul(hash, 0x85ebca6b);
  hash ^= hash >>> 13;
  hash = Math.imul(hash, 0xc2b2ae35);
  hash ^= hash >>> 16;
  return hash >>> 0;
}

function uniqueSorted(sorted: Uint32Array): Uint32Array {
  let length = 0;
  for (let i = 0; i < sorted.length; i++) {
    if (i === 0 || sorted[i] !== sorted[i - 1]) sorted[length++] = sorted[i] ?? 0;
  }
  return sorted.slice(0, length);
}
