/**
 * Maps `items` through an async function with at most `limit` calls in flight, keeping order.
 *
 * Reading thousands of files with one unbounded Promise.all exhausts file descriptors;
 * reading them one by one wastes the thread pool.
 */
export async function mapConcurrently<T, R>(
  items: readonly T[],
  limit: number,
  fn: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results: R[] = [];
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const index = next++;
      // `index < items.length` was just checked; the cast only satisfies noUncheckedIndexedAccess.
      results[index] = await fn(items[index] as T, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
