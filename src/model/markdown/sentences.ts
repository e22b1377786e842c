/**
 * Sentences of a note's text, compared the way "was any text lost?" needs: links count as
 * their display text (adding a link to a sentence keeps the sentence), markdown markers and
 * whitespace do not count.
 *
 * @module
 */

const LINK = /!?\[\[([^\]|#]+)(?:#[^\]|]*)?(?:\|([^\]]*))?\]\]/g;

/** Text with links as their display text, markdown line markers dropped, whitespace collapsed. */
export function plainText(text: string): string {
  return text
    .replace(LINK, (_match, _id: string, display: string | undefined) => display ?? "")
    .replace(/^[ \t]*(?:#{1,6}[ \t]+|[-*+][ \t]+|\d+[.)][ \t]+|>[ \t]?)/gm, "")
    .replace(/\s+/g, " ")
    .trim();
}

/**
 * The sentences of `text` (split after `.`, `!`, `?` and at line breaks), each as plain
 * text; fragments without a letter or digit are left out, and so are markdown headings:
 * they are structure (a split turns them into its parts' titles), not statements.
 *
 * @example
 * ```ts
 * sentencesOf("Deploys use [[id__Ab3xYz|release]]. Reviews on Tuesdays!"); // ["Deploys use release.", "Reviews on Tuesdays!"]
 * ```
 */
export function sentencesOf(text: string): string[] {
  return text
    .split(/\n+/)
    .filter((line) => !/^[ \t]*#{1,6}[ \t]/.test(line))
    .flatMap((line) => plainText(line).split(/(?<=[.!?])\s+/))
    .map((sentence) => sentence.trim())
    .filter((sentence) => /[\p{L}\p{N}]/u.test(sentence));
}

/**
 * The sentences of `original` that appear in none of `kept` (compared as plain text):
 * what a rewrite from `original` to `kept` would lose.
 *
 * @example
 * ```ts
 * missingSentences("A. B.", ["A. [[id__Ab3xYz|B]]."]); // []
 * ```
 */
export function missingSentences(original: string, kept: readonly string[]): string[] {
  const haystack = kept.map(plainText).join(" ");
  return sentencesOf(original).filter((sentence) => !haystack.includes(sentence));
}
