/**
 * Where the code is in a markdown text: fenced code blocks and inline code spans.
 * Tags and links are never read from inside these ranges.
 *
 * @module
 */

/** A half-open range of UTF-16 offsets into a string: `start` included, `end` excluded. */
export interface TextRange {
  readonly start: number;
  readonly end: number;
}

interface Fence {
  readonly char: string;
  readonly length: number;
}

const BACKTICK = 96;
const OPENING_FENCE = /^ {0,3}(`{3,}|~{3,})([^\n]*)$/;
const CLOSING_FENCE = /^ {0,3}(`{3,}|~{3,})[ \t]*\r?$/;
const BLANK_LINE = /^[ \t]*\r?$/;
const ATX_HEADING = /^ {0,3}#{1,6}(?:[ \t]|\r?$)/;

/**
 * Finds the fenced code blocks and inline code spans of a markdown text.
 *
 * Fences: three or more backticks or tildes, indented by at most three spaces, with an
 * optional info string (a backtick fence's info string cannot contain a backtick). The
 * closing fence uses the same character, is at least as long and has only spaces after
 * it; an unclosed fence runs to the end of the text. A block's range runs from the start
 * of its opening line to the end of its closing line (newline excluded).
 *
 * Code spans: a run of N backticks closed by the next run of exactly N backticks; a run
 * with no partner is literal text. Like CommonMark, spans never cross a blank line, a
 * heading line or a fence, so one stray backtick cannot swallow the rest of the note.
 * Backslash escapes and indented code blocks are not recognised.
 *
 * @returns Sorted, non-overlapping ranges.
 * @example
 * ```ts
 * findCodeRanges("a `#x` b"); // [{ start: 2, end: 6 }]
 * findCodeRanges("```\n#x\n```\n"); // [{ start: 0, end: 10 }]
 * ```
 */
export function findCodeRanges(text: string): TextRange[] {
  // Every fence and span needs a backtick or a tilde: most notes have none, and this is
  // on the path of every note read.
  if (!text.includes("`") && !text.includes("~")) return [];
  const ranges: TextRange[] = [];
  let paragraphStart = -1;
  const endParagraph = (end: number): void => {
    if (paragraphStart >= 0) ranges.push(...findCodeSpans(text, paragraphStart, end));
    paragraphStart = -1;
  };

  let lineStart = 0;
  while (lineStart <= text.length) {
    const newline = text.indexOf("\n", lineStart);
    const lineEnd = newline === -1 ? text.length : newline;
    const line = text.slice(lineStart, lineEnd);
    const fence = openingFence(line);
    if (fence !== undefined) {
      endParagraph(lineStart);
      const blockEnd = closingFenceEnd(text, lineEnd, fence);
      ranges.push({ start: lineStart, end: blockEnd });
      lineStart = blockEnd + 1;
      continue;
    }
    if (BLANK_LINE.test(line)) {
      endParagraph(lineStart);
    } else if (ATX_HEADING.test(line)) {
      endParagraph(lineStart);
      ranges.push(...findCodeSpans(text, lineStart, lineEnd));
    } else if (paragraphStart < 0) {
      paragraphStart = lineStart;
    }
    lineStart = lineEnd + 1;
  }
  endParagraph(text.length);
  return ranges;
}

function openingFence(line: string): Fence | undefined {
  const match = OPENING_FENCE.exec(line);
  const marker = match?.[1];
  if (match === null || marker === undefined) return undefined;
  const char = marker.charAt(0);
  if (char === "`" && (match[2] ?? "").includes("`")) return undefined;
  return { char, length: marker.length };
}

/** Offset where the block opened by `fence` ends: the end of its closing line, or the text's end. */
function closingFenceEnd(text: string, openingLineEnd: number, fence: Fence): number {
  let lineStart = openingLineEnd + 1;
  while (lineStart <= text.length) {
    const newline = text.indexOf("\n", lineStart);
    const lineEnd = newline === -1 ? text.length : newline;
    const marker = CLOSING_FENCE.exec(text.slice(lineStart, lineEnd))?.[1];
    if (marker !== undefined && marker.charAt(0) === fence.char && marker.length >= fence.length) {
      return lineEnd;
    }
    lineStart = lineEnd + 1;
  }
  return text.length;
}

/** Code spans within `text[from, to)`, which holds no fence and no paragraph break. */
function findCodeSpans(text: string, from: number, to: number): TextRange[] {
  const runs: TextRange[] = [];
  let i = from;
  while (i < to) {
    if (text.charCodeAt(i) !== BACKTICK) {
      i++;
      continue;
    }
    const start = i;
    while (i < to && text.charCodeAt(i) === BACKTICK) i++;
    runs.push({ start, end: i });
  }

  // For each run, the index of the next run of the same length: keeps pairing linear
  // even in a paragraph full of unmatched backticks.
  const nextSameLength: number[] = Array.from({ length: runs.length }, () => -1);
  const lastSeen = new Map<number, number>();
  for (let k = runs.length - 1; k >= 0; k--) {
    const run = runs[k];
    if (run === undefined) continue;
    const length = run.end - run.start;
    nextSameLength[k] = lastSeen.get(length) ?? -1;
    lastSeen.set(length, k);
  }

  const spans: TextRange[] = [];
  let k = 0;
  while (k < runs.length) {
    const partnerIndex = nextSameLength[k] ?? -1;
    const open = runs[k];
    const close = runs[partnerIndex];
    if (open !== undefined && close !== undefined) {
      spans.push({ start: open.start, end: close.end });
      k = partnerIndex + 1;
    } else {
      k++;
    }
  }
  return spans;
}

/**
 * Tells whether `offset` lies inside one of `ranges`.
 *
 * @param ranges - Sorted, non-overlapping ranges, as {@link findCodeRanges} returns.
 */
export function isInsideRanges(ranges: readonly TextRange[], offset: number): boolean {
  return overlapsRanges(ranges, offset, offset + 1);
}

/**
 * Tells whether the range `[start, end)` shares at least one offset with one of `ranges`.
 *
 * @param ranges - Sorted, non-overlapping ranges, as {@link findCodeRanges} returns.
 */
export function overlapsRanges(ranges: readonly TextRange[], start: number, end: number): boolean {
  // Binary search for the first range that ends after `start`; only it can overlap first.
  let low = 0;
  let high = ranges.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    const range = ranges[mid];
    if (range !== undefined && range.end <= start) low = mid + 1;
    else high = mid;
  }
  const candidate = ranges[low];
  return candidate !== undefined && candidate.start < end;
}

/**
 * Sorts ranges and merges the ones that overlap or touch, so the result can be searched
 * with {@link isInsideRanges}.
 */
export function mergeRanges(ranges: readonly TextRange[]): TextRange[] {
  const sorted = ranges.toSorted((a, b) => a.start - b.start);
  const merged: TextRange[] = [];
  for (const range of sorted) {
    const last = merged.at(-1);
    if (last !== undefined && range.start <= last.end) {
      merged[merged.length - 1] = { start: last.start, end: Math.max(last.end, range.end) };
    } else {
      merged.push(range);
    }
  }
  return merged;
}
