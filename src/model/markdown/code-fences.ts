/**
 * Fenced code blocks at the top level of a note, for the fast scanner: where one opens and
 * where it closes.
 *
 * @module
 */

/** The fence that opened a block: its character and length. */
export interface Fence {
  readonly char: string;
  readonly length: number;
}

const OPENING_FENCE = /^ {0,3}(`{3,}|~{3,})(.*)$/;
const CLOSING_FENCE = /^ {0,3}(`{3,}|~{3,})[ \t]*$/;

/**
 * The fence a line opens, if any: three or more backticks or tildes after at most three
 * spaces; a backtick fence's info string cannot hold a backtick (the line is then a
 * paragraph with a code span).
 */
export function openingFence(line: string): Fence | undefined {
  const match = OPENING_FENCE.exec(line);
  const marker = match?.[1];
  if (match === null || marker === undefined) return undefined;
  const char = marker.charAt(0);
  if (char === "`" && (match[2] ?? "").includes("`")) return undefined;
  return { char, length: marker.length };
}

/**
 * Where the block opened by `fence` ends, given the offset of the line after its opening
 * line: `end` is the end of the closing fence line (or of the text, for a fence never
 * closed, which runs to the end), `next` the start of the line after it.
 */
export function fencedBlockEnd(
  text: string,
  from: number,
  fence: Fence,
): { end: number; next: number } {
  let lineStart = from;
  while (lineStart <= text.length) {
    const newline = text.indexOf("\n", lineStart);
    const lineEnd = newline === -1 ? text.length : newline;
    const contentEnd = text.charAt(lineEnd - 1) === "\r" ? lineEnd - 1 : lineEnd;
    const marker = CLOSING_FENCE.exec(text.slice(lineStart, contentEnd))?.[1];
    if (marker !== undefined && marker.charAt(0) === fence.char && marker.length >= fence.length) {
      return { end: contentEnd, next: lineEnd + 1 };
    }
    lineStart = lineEnd + 1;
  }
  return { end: text.length, next: text.length + 1 };
}
