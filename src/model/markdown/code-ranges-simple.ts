/**
 * A fast scanner for the code ranges of plain notes: paragraphs, ATX headings, thematic
 * breaks and lists. Notes are mostly that, and parsing each one as CommonMark would cost
 * about a hundred times a regex pass. The scanner claims nothing it cannot get exactly
 * right: on anything else it answers `undefined` and the parser decides.
 *
 * @module
 */

import { fencedBlockEnd, openingFence } from "./code-fences.js";
import { findCodeSpans } from "./code-spans.js";
import type { TextRange } from "./text-range.js";

// A lone CR: a line ending the line splitting below does not see.
const LONE_CR = /\r(?!\n)/;
// What the scanner leaves to the parser on a line outside fenced code: HTML and autolinks
// (which compete with code spans), link reference definitions, and a tab or four spaces in
// the line's indentation, before or after a list marker (indented code, or a column the
// scanner would have to measure; further into a line they are text).
const LINE_OUT_OF_SCOPE = /<[A-Za-z/!?]|\]:|^(?: {0,3}(?:[-+*]|\d{1,9}[.)]))?[ ]*(?:\t| {4})/;
const BLANK = /^[ \t]*$/;
const ATX_HEADING = /^ {0,3}#{1,6}(?:[ \t]|$)/;
const THEMATIC_BREAK = /^ {0,3}(?:(?:\*[ \t]*){3,}|(?:-[ \t]*){3,}|(?:_[ \t]*){3,})$/;
// "===" and "--" underline a paragraph (setext heading) or continue a list item's
// paragraph lazily; block quotes carry their own containers. Both go to the parser.
const NOT_HANDLED_LINE = /^ {0,3}(?:=+[ \t]*$|-{1,2}[ \t]*$|>)/;
const LIST_ITEM = /^( {0,3})(?:[-+*]|(\d{1,9})[.)])(?: +|$)/;
// A list item whose content opens another block (a nested item, a heading, a quote, a fence).
const NESTED_BLOCK_START =
  /^(?:`{3}|~{3}|[-+*](?:[ \t]|$)|\d{1,9}[.)](?:[ \t]|$)|#{1,6}(?:[ \t]|$)|>|=+[ \t]*$)/;

/**
 * The code spans of `text` when its block structure is simple enough to read exactly, or
 * `undefined` when it is not. Its code is the fenced blocks at its top level (a fence
 * after a list item is taken only when too shallow to be inside it) and the spans of each
 * paragraph and heading; there are no indented blocks (no tab or four spaces of indentation).
 *
 * Blocks of inline content end at a blank line, a heading, a thematic break or setext
 * underline, and a list item. An ordered item numbered other than 1 cannot interrupt a
 * paragraph: it continues the paragraph of a list item whose content column it reaches,
 * starts an item below a shallower one, continues a paragraph when no list was seen, and
 * otherwise (a paragraph that may or may not be inside an item) sends the text to the parser.
 */
export function simpleCodeRanges(text: string): TextRange[] | undefined {
  if (LONE_CR.test(text)) return undefined;
  const ranges: TextRange[] = [];
  let blockStart = -1;
  let blockEnd = -1;
  // The content column of the list item whose first line began the open block, or -1.
  let itemColumn = -1;
  let sawListItem = false;
  const closeBlock = (): boolean => {
    if (blockStart >= 0) {
      const spans = findCodeSpans(text, blockStart, blockEnd);
      if (spans === undefined) return false;
      ranges.push(...spans);
    }
    blockStart = -1;
    return true;
  };

  let lineStart = 0;
  while (lineStart <= text.length) {
    const newline = text.indexOf("\n", lineStart);
    const lineEnd = newline === -1 ? text.length : newline;
    const contentEnd = text.charAt(lineEnd - 1) === "\r" ? lineEnd - 1 : lineEnd;
    const line = text.slice(lineStart, contentEnd);
    let next = lineEnd + 1;
    const fence = openingFence(line);
    if (LINE_OUT_OF_SCOPE.test(line)) {
      return undefined;
    } else if (fence !== undefined) {
      // Any list item ends at a fence indented less than its content (two columns or more).
      if (sawListItem && line.length - line.trimStart().length >= 2) return undefined;
      if (!closeBlock()) return undefined;
      const block = fencedBlockEnd(text, next, fence);
      ranges.push({ start: lineStart, end: block.end });
      next = block.next;
    } else if (BLANK.test(line) || THEMATIC_BREAK.test(line)) {
      if (!closeBlock()) return undefined;
    } else if (ATX_HEADING.test(line)) {
      if (!closeBlock()) return undefined;
      const spans = findCodeSpans(text, lineStart, contentEnd);
      if (spans === undefined) return undefined;
      ranges.push(...spans);
    } else if (NOT_HANDLED_LINE.test(line)) {
      return undefined;
    } else {
      const item = LIST_ITEM.exec(line);
      const startsBlock =
        item !== null && startsItem(item, blockStart >= 0, itemColumn, sawListItem);
      if (startsBlock === undefined) return undefined;
      if (startsBlock && item !== null) {
        if (NESTED_BLOCK_START.test(line.slice(item[0].length))) return undefined;
        if (!closeBlock()) return undefined;
        blockStart = lineStart;
        itemColumn = item[0].length;
        sawListItem = true;
      } else if (blockStart < 0) {
        blockStart = lineStart;
        itemColumn = -1;
      }
      blockEnd = contentEnd;
    }
    lineStart = next;
  }
  return closeBlock() ? ranges : undefined;
}

/**
 * Whether a line that looks like a list item starts one (true), continues the open
 * paragraph (false), or cannot be told without the container structure (undefined).
 */
function startsItem(
  item: RegExpExecArray,
  inParagraph: boolean,
  itemColumn: number,
  sawListItem: boolean,
): boolean | undefined {
  const indent = item[1] ?? "";
  const number = item[2];
  // The line's content is empty: an empty item, which cannot interrupt a paragraph either.
  if (item[0].length === item.input.length) return undefined;
  if (!inParagraph || number === undefined || Number(number) === 1) return true;
  if (itemColumn >= 0) return indent.length < itemColumn;
  return sawListItem ? undefined : false;
}
