/**
 * A three-way merge of two edited copies of one sequence (paragraphs of a note, ids of a
 * tier), the part of every merge by meaning that finds what each side changed.
 *
 * Each side's changes are regions of the base: "base[lo, hi) became these items" (an
 * insertion when lo = hi), found from the longest common subsequence of the base and that
 * side. Regions of the two sides that do not touch are both applied, so edits to different
 * paragraphs merge even when the paragraphs are neighbours (where a line-based diff3 stops).
 * Regions that touch are a cluster: when both sides made it the same, that is the result;
 * otherwise the caller's `resolve` decides.
 *
 * @module
 */

/** One cluster both sides changed differently: the base's items there and each side's. */
export interface SequenceClash {
  readonly base: readonly string[];
  readonly ours: readonly string[];
  readonly theirs: readonly string[];
}

interface Region {
  readonly lo: number;
  readonly hi: number;
  readonly items: readonly string[];
  readonly side: 0 | 1;
}

/**
 * Merges `ours` and `theirs`, both edited from `base`; `resolve` gives the items of a cluster
 * the two sides changed differently.
 *
 * @example
 * ```ts
 * mergeSequence(["a", "b"], ["A", "b"], ["a", "B"], () => []); // ["A", "B"]
 * ```
 */
export function mergeSequence(
  base: readonly string[],
  ours: readonly string[],
  theirs: readonly string[],
  resolve: (clash: SequenceClash) => readonly string[],
): string[] {
  const regions = [...regionsOf(base, ours, 0), ...regionsOf(base, theirs, 1)];
  const clusters = clustersOf(regions);
  const out: string[] = [];
  let at = 0;
  for (const cluster of clusters) {
    const lo = Math.min(...cluster.map((r) => r.lo));
    const hi = Math.max(...cluster.map((r) => r.hi));
    out.push(...base.slice(at, lo));
    const mine = applied(
      base,
      lo,
      hi,
      cluster.filter((r) => r.side === 0),
    );
    const other = applied(
      base,
      lo,
      hi,
      cluster.filter((r) => r.side === 1),
    );
    if (!cluster.some((r) => r.side === 1) || sameItems(mine, other)) out.push(...mine);
    else if (!cluster.some((r) => r.side === 0)) out.push(...other);
    else out.push(...resolve({ base: base.slice(lo, hi), ours: mine, theirs: other }));
    at = hi;
  }
  out.push(...base.slice(at));
  return out;
}

/**
 * The items of two versions both kept, each once: the version whose text sorts first, then
 * the other's items it lacks (so swapping the sides gives the same result).
 *
 * @example
 * ```ts
 * unionInOrder(["b", "c"], ["a", "b"]); // ["a", "b", "c"]
 * ```
 */
export function unionInOrder(one: readonly string[], two: readonly string[]): string[] {
  const [first, second] = compareItems(one, two) <= 0 ? [one, two] : [two, one];
  const seen = new Set(first);
  const out = [...first];
  for (const item of second) {
    if (seen.has(item)) continue;
    seen.add(item);
    out.push(item);
  }
  return out;
}

/** A total order of two item lists, by their items joined (code-unit order). */
export function compareItems(one: readonly string[], two: readonly string[]): number {
  const a = one.join("\u0000");
  const b = two.join("\u0000");
  return a < b ? -1 : a > b ? 1 : 0;
}

function sameItems(one: readonly string[], two: readonly string[]): boolean {
  return one.length === two.length && one.every((item, i) => item === two[i]);
}

/** base[lo, hi) with a side's regions in it applied. */
function applied(
  base: readonly string[],
  lo: number,
  hi: number,
  regions: readonly Region[],
): string[] {
  const out: string[] = [];
  let at = lo;
  for (const region of regions.toSorted((a, b) => a.lo - b.lo || a.hi - b.hi)) {
    out.push(...base.slice(at, region.lo), ...region.items);
    at = region.hi;
  }
  out.push(...base.slice(at, hi));
  return out;
}

/**
 * Regions grouped where they touch, sorted by position: ranges that overlap, two insertions
 * at one place, an insertion strictly inside a range. (An insertion at a range's edge goes
 * beside it; regions of one side never touch each other.)
 */
function clustersOf(regions: readonly Region[]): Region[][] {
  // At one position an insertion sorts before a range, so it goes before it.
  const sorted = regions.toSorted((a, b) => a.lo - b.lo || a.hi - b.hi || a.side - b.side);
  const clusters: Region[][] = [];
  let current: Region[] = [];
  let end = 0;
  for (const region of sorted) {
    const insertion = region.lo === region.hi;
    const touches =
      current.length > 0 &&
      (region.lo < end ||
        (insertion && region.lo === end && current.some((r) => r.lo === end && r.hi === end)));
    if (touches) {
      current.push(region);
      end = Math.max(end, region.hi);
    } else {
      if (current.length > 0) clusters.push(current);
      current = [region];
      end = region.hi;
    }
  }
  if (current.length > 0) clusters.push(current);
  return clusters;
}

/** The regions where `side` differs from `base`, from their longest common subsequence. */
function regionsOf(base: readonly string[], side: readonly string[], tag: 0 | 1): Region[] {
  const pairs = commonSubsequence(base, side);
  const regions: Region[] = [];
  let b = 0;
  let s = 0;
  for (const [bi, si] of [...pairs, [base.length, side.length] as const]) {
    if (bi > b || si > s) regions.push({ lo: b, hi: bi, items: side.slice(s, si), side: tag });
    b = bi + 1;
    s = si + 1;
  }
  return regions;
}

/** Index pairs of a longest common subsequence (common prefix and suffix taken first). */
function commonSubsequence(a: readonly string[], b: readonly string[]): Array<[number, number]> {
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  const pairs: Array<[number, number]> = [];
  for (let i = 0; i < start; i++) pairs.push([i, i]);
  const n = endA - start;
  const m = endB - start;
  // lengths[i][j]: LCS length of a[start+i..endA) and b[start+j..endB).
  const lengths: Uint32Array[] = Array.from({ length: n + 1 }, () => new Uint32Array(m + 1));
  for (let i = n - 1; i >= 0; i--) {
    const row = lengths[i] as Uint32Array;
    const below = lengths[i + 1] as Uint32Array;
    for (let j = m - 1; j >= 0; j--) {
      row[j] =
        a[start + i] === b[start + j]
          ? (below[j + 1] as number) + 1
          : Math.max(below[j] as number, row[j + 1] as number);
    }
  }
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    if (a[start + i] === b[start + j]) {
      pairs.push([start + i, start + j]);
      i++;
      j++;
    } else if (
      ((lengths[i + 1] as Uint32Array)[j] as number) >=
      ((lengths[i] as Uint32Array)[j + 1] as number)
    ) {
      i++;
    } else {
      j++;
    }
  }
  for (let k = 0; k < a.length - endA; k++) pairs.push([endA + k, endB + k]);
  return pairs;
}
