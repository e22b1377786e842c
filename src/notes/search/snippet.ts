import { foldTerm, wordsWithOffsets } from "./search-text.js";

/**
 * The longest snippet, in UTF-16 code units, not counting the ellipses.
 *
 * @example
 * ```ts
 * buildSnippet(longBody, terms).length <= SNIPPET_LENGTH + 2; // true
 * ```
 */
export const SNIPPET_LENGTH = 160;

/** How much text the snippet keeps before the matched word, so the match reads in context. */
const LEAD = 40;
const ELLIPSIS = "…";

/**
 * A short excerpt of a body around the first word whose term (`termOf`, by default its
 * folded form) is in `terms`
 * (whitespace collapsed, cut at word boundaries, with an ellipsis on each side that was
 * cut). Without such a word (the query matched the title or tags only) it is the start of
 * the body.
 *
 * @example
 * ```ts
 * buildSnippet("Igor works on the console.\n\nHe likes the Café.", new Set(["cafe"]));
 * // "Igor works on the console. He likes the Café."
 * ```
 */
export function buildSnippet(
  body: string,
  terms: ReadonlySet<string>,
  termOf: (word: string) => string = foldTerm,
): string {
  const text = body.replace(/\s+/g, " ").trim();
  if (text.length <= SNIPPET_LENGTH) return text;
  const match = wordsWithOffsets(text).find(({ word }) => terms.has(termOf(word)));
  const at = match?.index ?? 0;

  let start = Math.max(0, Math.min(at - LEAD, text.length - SNIPPET_LENGTH));
  if (start > 0) {
    // Start after a space, so the snippet does not open with half a word.
    const space = text.indexOf(" ", start - 1);
    start = space !== -1 && space < at ? space + 1 : at;
  }
  let end = Math.min(text.length, start + SNIPPET_LENGTH);
  if (end < text.length) {
    const space = text.lastIndexOf(" ", end);
    if (space > start && space > at) end = space;
    // A hard cut inside one long word must not split a surrogate pair.
    else if (isHighSurrogate(text.charCodeAt(end - 1))) end--;
  }
  const excerpt = text.slice(start, end).trim();
  return `${start > 0 ? ELLIPSIS : ""}${excerpt}${end < text.length ? ELLIPSIS : ""}`;
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}
