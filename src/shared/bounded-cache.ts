/**
 * A least-recently-used map bounded by the total size of its values, so a walk over a
 * long history can keep what it reuses (delta bases, unchanged trees) in bounded memory.
 */

/**
 * A size-bounded LRU cache.
 *
 * @example
 * ```ts
 * const cache = boundedCache<Buffer>(64 << 20, (buffer) => buffer.length);
 * cache.set("a", Buffer.alloc(10));
 * cache.get("a"); // the buffer, now the most recently used
 * ```
 */
export interface BoundedCache<Value> {
  get(key: string | number): Value | undefined;
  set(key: string | number, value: Value): void;
}

/** A cache holding values up to `maxSize` in total, as measured by `sizeOf`. */
export function boundedCache<Value>(
  maxSize: number,
  sizeOf: (value: Value) => number,
): BoundedCache<Value> {
  // A Map iterates in insertion order, so re-inserting on use keeps the oldest first.
  const entries = new Map<string | number, Value>();
  let total = 0;
  return {
    get(key) {
      const value = entries.get(key);
      if (value === undefined) return undefined;
      entries.delete(key);
      entries.set(key, value);
      return value;
    },
    set(key, value) {
      const previous = entries.get(key);
      if (previous !== undefined) {
        total -= sizeOf(previous);
        entries.delete(key);
      }
      entries.set(key, value);
      total += sizeOf(value);
      for (const [oldest, old] of entries) {
        if (total <= maxSize || oldest === key) break;
        entries.delete(oldest);
        total -= sizeOf(old);
      }
    },
  };
}
