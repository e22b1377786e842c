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
  const folded = foldTerm(word);
  if (folded === "" || STOPWORDS.has(folded)) return null;
  return stemmer(folded);
}
