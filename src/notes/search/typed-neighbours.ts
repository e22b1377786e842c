/**
 * Typo tolerance on the word as typed: the index holds stems, and a typo often changes what
 * the stemmer does ("postgress" keeps its "ss", "postgres" becomes "postgr"), so one edit on
 * the typed word can be several on its stem. Here, for a word whose stem the vocabulary does
 * not hold (a word spelled right is left alone: that kept the LoCoMo recall figures as they
 * were), each word one edit from the typed one is stemmed, and the stems the vocabulary holds
 * are the neighbours.
 *
 * @module
 */

import { stemmer } from "stemmer";

/** Stems this short are left out: one edit reaches too many unrelated words. */
const MIN_STEM_LENGTH = 4;

/** Longer words are ids, hashes or paths: no person mistypes them letter by letter. */
const MAX_WORD_LENGTH = 24;

const LETTERS = "abcdefghijklmnopqrstuvwxyz";

/**
 * The stems of the vocabulary that a word one edit (insertion, deletion or substitution)
 * away from `word` stems to; none when the vocabulary holds `word`'s own stem. `word` is
 * folded (lower case, no accents), as the index folds words.
 *
 * @example
 * ```ts
 * typedNeighbours(["postgr", "rotat"], "postgress"); // Set { "postgr" }
 * typedNeighbours(["postgr", "rotat"], "rotaton");   // Set { "rotat" }
 * ```
 */
export function typedNeighbours(sorted: readonly string[], word: string): Set<string> {
  const found = new Set<string>();
  if (word.length > MAX_WORD_LENGTH) return found;
  const memo = memoOf(sorted);
  const known = memo.get(word);
  if (known !== undefined) return new Set(known);
  const own = stemmer(word);
  if (holds(sorted, own)) return found;
  const tried = new Set<string>();
  const consider = (variant: string) => {
    if (variant === word || tried.has(variant)) return;
    tried.add(variant);
    const stem = stemmer(variant);
    if (stem.length >= MIN_STEM_LENGTH && stem !== own && holds(sorted, stem)) found.add(stem);
  };
  const alphabet = [...new Set(LETTERS + word)];
  for (let at = 0; at <= word.length; at++) {
    const head = word.slice(0, at);
    if (at < word.length) consider(head + word.slice(at + 1));
    for (const letter of alphabet) {
      consider(head + letter + word.slice(at));
      if (at < word.length) consider(head + letter + word.slice(at + 1));
    }
  }
  memo.set(word, found);
  return new Set(found);
}

// Per sorted vocabulary (a new array whenever it changes): the neighbours already worked out,
// since the same words come back query after query. Bounded like the term cache.
const memos = new WeakMap<readonly string[], Map<string, ReadonlySet<string>>>();
const MEMO_SIZE = 10_000;

function memoOf(sorted: readonly string[]): Map<string, ReadonlySet<string>> {
  let memo = memos.get(sorted);
  if (memo === undefined) {
    memo = new Map();
    memos.set(sorted, memo);
  }
  if (memo.size >= MEMO_SIZE) memo.clear();
  return memo;
}

function holds(sorted: readonly string[], term: string): boolean {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((sorted[middle] ?? "") < term) low = middle + 1;
    else high = middle;
  }
  return sorted[low] === term;
}
