/**
 * Inline code spans within one block of inline content (a paragraph or a heading), the way
 * CommonMark's inline parser finds them, for the texts the fast scanner accepts.
 *
 * @module
 */

import type { TextRange } from "./text-range.js";

const BACKSLASH = 92;
const BACKTICK = 96;
const CLOSE_BRACKET = 93;
const OPEN_PAREN = 40;
const ASCII_PUNCTUATION = /[!-/:-@[-`{-~]/;
const WHITESPACE = /[ \t\r\n]/;

/**
 * The code spans of `text[from, to)`, or `undefined` when a link destination or title there
 * could hold a backtick: a link swallows its destination before any span in it is seen,
 * and telling whether the brackets form a link is the parser's job.
 *
 * Left to right, as CommonMark does: a backslash escapes the punctuation after it (an
 * escaped backtick opens nothing), a run of N backticks opens a span closed by the next run
 * of exactly N backticks, and a run with no such partner is literal text. Inside a span a
 * backslash is literal. The caller rules out `<` before a letter, `/`, `!` or `?`
 * (autolinks and raw HTML, which compete with spans).
 */
export function findCodeSpans(text: string, from: number, to: number): TextRange[] | undefined {
  const spans: TextRange[] = [];
  // A run length with no closing run left in the block never finds one later either;
  // remembering it keeps a paragraph of stray backticks from costing quadratic time.
  const unclosed = new Set<number>();
  let i = from;
  while (i < to) {
    const code = text.charCodeAt(i);
    if (code === BACKSLASH) {
      i += i + 1 < to && ASCII_PUNCTUATION.test(text.charAt(i + 1)) ? 2 : 1;
    } else if (code === BACKTICK) {
      const runEnd = endOfRun(text, i, to);
      const length = runEnd - i;
      const close = unclosed.has(length) ? -1 : closingRun(text, runEnd, to, length);
      if (close === -1) {
        unclosed.add(length);
        i = runEnd;
      } else {
        spans.push({ start: i, end: close + length });
        i = close + length;
      }
    } else if (code === CLOSE_BRACKET && text.charCodeAt(i + 1) === OPEN_PAREN) {
      // "](": what follows may be a link destination and title.
      if (destinationMayHoldBacktick(text, i + 2, to)) return undefined;
      i++;
    } else {
      i++;
    }
  }
  return spans;
}

function endOfRun(text: string, start: number, to: number): number {
  let end = start;
  while (end < to && text.charCodeAt(end) === BACKTICK) end++;
  return end;
}

/** Start of the next run of exactly `length` backticks at or after `from`, or -1. */
function closingRun(text: string, from: number, to: number, length: number): number {
  let i = text.indexOf("`", from);
  while (i !== -1 && i < to) {
    const runEnd = endOfRun(text, i, to);
    if (runEnd - i === length) return i;
    i = text.indexOf("`", runEnd);
  }
  return -1;
}

/**
 * Whether the `(...)` of a possible inline link starting at `open` could contain a backtick.
 * A bare destination holds no whitespace, so it lies within the first whitespace-free run;
 * a title, which must follow whitespace, or a `<...>` destination is not looked into: a
 * backtick anywhere after one sends the text to the parser.
 */
function destinationMayHoldBacktick(text: string, open: number, to: number): boolean {
  let i = skipWhitespace(text, open, to);
  if (text.charAt(i) === "<") return hasBacktick(text, i, to);
  const destinationStart = i;
  while (i < to && !WHITESPACE.test(text.charAt(i))) i++;
  if (text.slice(destinationStart, i).includes("`")) return true;
  const afterSpace = skipWhitespace(text, i, to);
  return (
    afterSpace > i && /["'(]/.test(text.charAt(afterSpace)) && hasBacktick(text, afterSpace, to)
  );
}

function hasBacktick(text: string, from: number, to: number): boolean {
  const at = text.indexOf("`", from);
  return at !== -1 && at < to;
}

function skipWhitespace(text: string, from: number, to: number): number {
  let i = from;
  while (i < to && WHITESPACE.test(text.charAt(i))) i++;
  return i;
}
