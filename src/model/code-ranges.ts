/**
 * Where the code is in a markdown text, as CommonMark sees it: fenced and indented code
 * blocks and inline code spans. Tags and links are never read from inside these ranges.
 *
 * @module
 */

import { parsedCodeRanges } from "./code-ranges-parsed.js";
import { simpleCodeRanges } from "./code-ranges-simple.js";
import type { TextRange } from "./text-range.js";

export { isInsideRanges, mergeRanges, overlapsRanges, type TextRange } from "./text-range.js";

/**
 * Every code block or span needs one of these: a backtick (spans, backtick fences), three
 * tildes (tilde fences), a tab or four spaces (indented code, at any container depth).
 * Four `includes` calls cost a fraction of one regex with alternatives, on every note read.
 */
function mayHoldCode(text: string): boolean {
  return text.includes("`") || text.includes("\t") || text.includes("~~~") || text.includes("    ");
}

/**
 * Finds the code blocks (fenced or indented) and inline code spans of a markdown text,
 * exactly where a CommonMark parser finds them.
 *
 * Three paths, cheapest first: a text with no backtick, no `~~~`, no tab and no four spaces
 * in a row holds no code; a text of plain paragraphs, headings and lists goes through a
 * scanner that is checked against the parser on the spec's examples and on random markdown;
 * anything else (fences, indented code, block quotes, HTML...) is parsed with micromark.
 *
 * A block's range runs from the start of its first line's indentation to the end of its
 * closing fence or last line (newline excluded); a span's covers its backticks.
 *
 * @returns Sorted, non-overlapping ranges.
 * @example
 * ```ts
 * findCodeRanges("a `#x` b"); // [{ start: 2, end: 6 }]
 * findCodeRanges("```\n#x\n```\n"); // [{ start: 0, end: 10 }]
 * ```
 */
export function findCodeRanges(text: string): TextRange[] {
  if (!mayHoldCode(text)) return [];
  return simpleCodeRanges(text) ?? parsedCodeRanges(text);
}
