/**
 * How note text becomes search terms: words are runs of letters, digits and combining marks,
 * folded to lowercase without diacritics, so "Café", "CAFÉ" and "cafe" are one term.
 *
 * @module
 */

import type { ParsedNote } from "../../model/note-format.js";

// Combining marks belong to the word: text typed in decomposed form ("e" + U+0301) must not
// split "café" in two before the folding removes the mark.
const WORD = /[\p{L}\p{N}\p{M}]+/gu;
const MARKS = /\p{M}+/gu;
// Most words are plain ASCII letters and digits, which NFKD leaves alone: skipping it for
// them halves the folding cost. (Words never hold control characters: see WORD.)
const NON_ASCII = /[^\u0020-\u007e]/;

/**
 * Folds a word for matching: compatibility decomposition (so ligatures and full-width forms
 * match their plain letters), diacritics dropped, lowercase.
 *
 * @example
 * ```ts
 * foldTerm("Café"); // "cafe"
 * foldTerm("Ǆemal"); // "dzemal"
 * ```
 */
export function foldTerm(word: string): string {
  if (!NON_ASCII.test(word)) return word.toLowerCase();
  return word.normalize("NFKD").replace(MARKS, "").toLowerCase();
}

/**
 * Splits text into its words, unfolded; punctuation, `#`, `/`, `_` and markup separate words.
 *
 * @example
 * ```ts
 * tokenizeWords("#project/console, Café!"); // ["project", "console", "Café"]
 * ```
 */
export function tokenizeWords(text: string): string[] {
  return text.match(WORD) ?? [];
}

/**
 * The words of a text one at a time, unfolded (as tokenizeWords splits them): for a caller
 * that needs the first few words of a long text only.
 *
 * @example
 * ```ts
 * lazyWords("#project/console, Café!").next().value; // "project"
 * ```
 */
export function* lazyWords(text: string): Generator<string, void, undefined> {
  for (const match of text.matchAll(WORD)) yield match[0];
}

/**
 * One word of a text and where it starts (a UTF-16 offset).
 *
 * @example
 * ```ts
 * const word: WordAt = { word: "café", index: 2 };
 * ```
 */
export interface WordAt {
  readonly word: string;
  readonly index: number;
}

/**
 * The words of a text with their offsets, for finding where a matched term occurs.
 *
 * @example
 * ```ts
 * wordsWithOffsets("a café"); // [{ word: "a", index: 0 }, { word: "café", index: 2 }]
 * ```
 */
export function wordsWithOffsets(text: string): WordAt[] {
  return [...text.matchAll(WORD)].map((match) => ({ word: match[0], index: match.index }));
}

/**
 * A note body as readers see it: each link replaced by its display text (an id-only link by
 * its id), so `[[id__Kf9mNp|console app]]` is searched and quoted as "console app" rather
 * than as link syntax.
 *
 * @example
 * ```ts
 * readableBody(parseNote("# Igor\n\nWorks on [[id__Kf9mNp|the console]].\n", "id__Ab3xYz"));
 * // "Works on the console."
 * ```
 */
export function readableBody(note: Pick<ParsedNote, "body" | "links">): string {
  if (note.links.length === 0) return note.body;
  let text = "";
  let from = 0;
  for (const link of note.links) {
    text += note.body.slice(from, link.position.start) + link.displayText;
    from = link.position.end;
  }
  return text + note.body.slice(from);
}
