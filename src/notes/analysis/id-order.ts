/**
 * The one order every analysis result is sorted in. Ids compare by UTF-16 code units, never
 * with `localeCompare`: a locale-aware order could differ between machines, and the same files
 * must give the same bytes everywhere.
 *
 * @module
 */

/**
 * Compares two strings by code units (`"B" < "a"`), for sorting ids and paths.
 *
 * @example
 * ```ts
 * ["id__b00000", "id__A00000"].toSorted(compareIds); // ["id__A00000", "id__b00000"]
 * ```
 */
export function compareIds(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * Compares two id lists element by element, a shorter prefix first.
 *
 * @example
 * ```ts
 * compareIdLists(["a", "b"], ["a", "c"]); // -1
 * ```
 */
export function compareIdLists(a: readonly string[], b: readonly string[]): number {
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i++) {
    const order = compareIds(a[i] ?? "", b[i] ?? "");
    if (order !== 0) return order;
  }
  return a.length - b.length;
}

/**
 * Orders groups of ids (each already sorted) largest first, then by their first ids: how
 * clusters and communities are listed.
 *
 * @example
 * ```ts
 * [["c"], ["a", "b"]].toSorted(bySizeThenIds); // [["a", "b"], ["c"]]
 * ```
 */
export function bySizeThenIds(a: readonly string[], b: readonly string[]): number {
  return b.length - a.length || compareIdLists(a, b);
}
