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
 * tildes (tilde fences), a tab or four spaces of indentation (indented code, at any
 * container depth). Single-character `includes` calls cost almost nothing; searching for
 * four spaces in prose full of spaces does, so only line starts are looked at for those.
 */
function mayHoldCode(text: string): boolean {
  return (
    text.includes("`") ||
    text.includes("\t") ||
    text.includes("~~~") ||
    // A lone CR ends a line too; such texts are rare enough to skip the line-start check.
    text.includes("\r") ||
    hasWideIndent(text)
  );
}

const SPACE = 32;

/**
 * Whether a line begins with four spaces in a row among its container prefix: the spaces,
 * `>` and list markers (`-`, `+`, `*`, digits with `.` or `)`) that come before the text
 * of a block quote or list item. Indented code always has such a run.
 */
function hasWideIndent(text: string): boolean {
  let lineStart = 0;
  for (;;) {
    let spaces = 0;
    for (let i = lineStart; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c === SPACE) {
        if (++spaces === 4) return true;
      } else if (isPrefixCharacter(c)) {
        spaces = 0;
      } else {
        break;
      }
    }
    const newline = text.indexOf("\n", lineStart);
    if (newline === -1) return false;
    lineStart = newline + 1;
  }
}

/** `>`, `-`, `+`, `*`, `.`, `)` and ASCII digits: what container prefixes are made of. */
function isPrefixCharacter(c: number): boolean {
  return (
    c === 62 || c === 45 || c === 43 || c === 42 || c === 46 || c === 41 || (c >= 48 && c <= 57)
  );
}

/**
 * Finds the code blocks (fenced or indented) and inline code spans of a markdown text,
 * exactly where a CommonMark parser finds them.
 *
 * Three paths, cheapest first: a text with no backtick, no `~~~`, no tab and no four spaces
 * of indentation holds no code; a text of paragraphs, headings, lists and top-level fences
 * goes through a scanner that is checked against the parser on the spec's examples and on
 * random markdown; anything else (indented code, block quotes, HTML, fences inside lists...)
 * is parsed with micromark.
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
