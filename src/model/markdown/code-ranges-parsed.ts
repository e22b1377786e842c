/**
 * Code ranges as a CommonMark parser (micromark) sees them: the reference the fast scanner
 * is held to, and the path taken for any text the scanner does not claim to understand.
 *
 * @module
 */

import { parse, postprocess, preprocess } from "micromark";
import type { TextRange } from "./text-range.js";

// micromark's token types for code: fenced and indented blocks, inline code spans.
const INLINE_CODE = "codeText";
const BLOCK_CODE = new Set(["codeFenced", "codeIndented"]);

/**
 * Finds every code block (fenced or indented) and inline code span of a markdown text by
 * parsing it as CommonMark.
 *
 * A block's range starts at the beginning of its first line's indentation (so a check at a
 * line start sees it) and ends at the end of its closing fence, or of its last line; a
 * span's range covers its backticks.
 *
 * @returns Sorted, non-overlapping ranges.
 */
export function parsedCodeRanges(text: string): TextRange[] {
  const chunks = preprocess()(text, undefined, true);
  const events = postprocess(parse().document().write(chunks));
  const ranges: TextRange[] = [];
  for (const [kind, token] of events) {
    if (kind !== "enter") continue;
    if (token.type === INLINE_CODE) {
      ranges.push({ start: token.start.offset, end: token.end.offset });
    } else if (BLOCK_CODE.has(token.type)) {
      ranges.push({ start: lineIndentStart(text, token.start.offset), end: token.end.offset });
    }
  }
  return ranges;
}

/** Moves `offset` back over the spaces and tabs before it on its line. */
function lineIndentStart(text: string, offset: number): number {
  let start = offset;
  while (start > 0 && (text.charAt(start - 1) === " " || text.charAt(start - 1) === "\t")) start--;
  return start;
}
