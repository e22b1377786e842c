/**
 * The `k` smallest items under `compare`, in order, from one pass: each item is checked
 * against the worst kept so far and only a better one is inserted. A search ranks every
 * matching note but shows ten; sorting thousands of hits to keep ten is the waste this avoids.
 *
 * @example
 * ```ts
 * topK([5, 1, 4, 2, 3], 2, (a, b) => a - b); // [1, 2]
 * ```
 */
export function topK<T>(items: Iterable<T>, k: number, compare: (a: T, b: T) => number): T[] {
  const kept: T[] = [];
  if (k <= 0) return kept;
  for (const item of items) {
    const worst = kept[kept.length - 1];
    if (kept.length === k && worst !== undefined && compare(item, worst) >= 0) continue;
    // Binary search for the first kept item that sorts after this one, so equal items keep
    // their input order.
    let low = 0;
    let high = kept.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      const other = kept[middle];
      if (other !== undefined && compare(other, item) <= 0) low = middle + 1;
      else high = middle;
    }
    kept.splice(low, 0, item);
    if (kept.length > k) kept.pop();
  }
  return kept;
}
