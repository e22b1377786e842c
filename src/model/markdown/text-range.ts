/**
 * Half-open ranges of offsets into a text, and the searches the extractors run on them.
 *
 * @module
 */

/** A half-open range of UTF-16 offsets into a string: `start` included, `end` excluded. */
export interface TextRange {
  readonly start: number;
  readonly end: number;
}

/**
 * Tells whether `offset` lies inside one of `ranges`.
 *
 * @param ranges - Sorted, non-overlapping ranges, as `findCodeRanges` returns.
 */
export function isInsideRanges(ranges: readonly TextRange[], offset: number): boolean {
  return overlapsRanges(ranges, offset, offset + 1);
}

/**
 * Tells whether the range `[start, end)` shares at least one offset with one of `ranges`.
 *
 * @param ranges - Sorted, non-overlapping ranges, as `findCodeRanges` returns.
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
