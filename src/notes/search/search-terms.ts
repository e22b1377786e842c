/**
 * How a folded word becomes an index term: a small stopword list, then the Porter stemmer.
 * Both were chosen by the LoCoMo retrieval benchmark (bench/retrieval, docs/benchmarks.md):
 * without stopwords every "what", "did" and "the" of a question matches and minisearch's
 * coordination factor rewards notes for holding them; bigger lists (Lucene's 33, the
 * `stopword` package's 108) measured worse than this one; stemming lets "paints" find
 * "painting".
 *
 * @module
 */

import { stemmer } from "stemmer";
import { foldTerm } from "./search-text.js";

/**
 * Words that carry no topic: articles, pronouns, auxiliaries, question words, and the
 * question frame of how people ask about a memory ("what kind of", "how many", "would").
 *
 * @example
 * ```ts
 * STOPWORDS.has("what"); // true
 * STOPWORDS.has("console"); // false
 * ```
 */
export const STOPWORDS: ReadonlySet<string> = new Set(
  (
    "a an and are as at be but by did do does for from had has have he her his how i in is it its " +
    "of on or she that the their them they this to was were what when where which who why will " +
    "with you your s t kind type sort many much would could likely describe ever"
  ).split(" "),
);

/**
 * The index term of a word: folded, `null` for a stopword, else stemmed. The same function
 * runs at index and query time, so "Painting", "paints" and "painted" meet at "paint".
 *
 * @example
 * ```ts
 * searchTerm("Painting"); // "paint"
 * searchTerm("What");     // null
 * searchTerm("Café");     // "cafe"
 * ```
 */
export function searchTerm(word: string): string | null {
  return wordTerms(word)?.[0] ?? null;
}

/**
 * A word's index terms: its stem (as {@link searchTerm}) and its exact form (as
 * {@link exactTerm} of its folded form); null for a stopword. Indexing asks this for every
 * word of every note, so both come from one cache.
 *
 * @example
 * ```ts
 * wordTerms("Painted"); // ["paint", "=painted"]
 * wordTerms("the");     // null
 * ```
 */
export function wordTerms(word: string): readonly [stem: string, exact: string] | null {
  const known = terms.get(word);
  if (known !== undefined) return known;
  const folded = foldTerm(word);
  const found: readonly [string, string] | null =
    folded === "" || STOPWORDS.has(folded) ? null : [stemmer(folded), exactTerm(folded)];
  // A memory's vocabulary repeats: most words are looked up, not stemmed. Bounded so that
  // a stream of unique tokens (hashes, numbers) cannot grow it without end.
  if (terms.size >= TERM_CACHE_SIZE) terms.clear();
  terms.set(word, found);
  return found;
}

const TERM_CACHE_SIZE = 100_000;
// Pure function of the word, so sharing it between memories is safe.
const terms = new Map<string, readonly [string, string] | null>();

/**
 * What marks a word's exact form among the index's terms. No token holds it (the tokenizer
 * splits on it), so an exact term can never be taken for a stem.
 */
const EXACT_MARK = "=";

/**
 * The index term of a word as written (folded, not stemmed). The text field holds it beside
 * the word's stem, so a short query finds the note holding its words as typed before the
 * notes holding only other forms of their stems ("wanted" before "wants"): stemming lowers a
 * word's weight by the share of notes holding any of its forms. Never fuzzy-matched, never
 * a feedback word.
 *
 * @example
 * ```ts
 * exactTerm("Painted"); // "=painted"
 * ```
 */
export function exactTerm(folded: string): string {
  return EXACT_MARK + folded;
}

/**
 * Whether an index term is a word's exact form (see exactTerm).
 *
 * @example
 * ```ts
 * isExactTerm("=painted"); // true
 * isExactTerm("paint");    // false
 * ```
 */
export function isExactTerm(term: string): boolean {
  return term.startsWith(EXACT_MARK);
}

/**
 * What marks a note's opening word among the title field's terms (see openingTerm). No token
 * holds it, so it can never be taken for a title's stem.
 */
const OPENING_MARK = "^";

/**
 * The title field's term for a note that opens with the word of this stem: its title or its
 * body starts with it (the first word that is not a stopword). A note that opens with a name
 * is about that person ("Caroline: I went to...", "Caroline's adoption plans"), where a note
 * that names her further on mentions her; see NAME_PRIOR.
 *
 * @example
 * ```ts
 * openingTerm("carolin"); // "^carolin"
 * ```
 */
export function openingTerm(stem: string): string {
  return OPENING_MARK + stem;
}
