/**
 * Lazy, cached discovery (where is the repository, who is the author) that retries
 * after a failure: a memory opened before `git init` works once the repository exists.
 */
import type { Result } from "neverthrow";

/**
 * Wraps `compute` so it runs at most once while it succeeds; concurrent callers share
 * the same promise, and an Err is not cached.
 *
 * @example
 * ```ts
 * const location = onceOk(() => locateRepo(run));
 * await location(); // runs git
 * await location(); // cached
 * ```
 */
export function onceOk<T, E>(compute: () => Promise<Result<T, E>>): () => Promise<Result<T, E>> {
  let cached: Promise<Result<T, E>> | undefined;
  return () => {
    if (cached === undefined) {
      const pending = compute();
      cached = pending;
      void pending.then(
        (result) => {
          if (result.isErr() && cached === pending) cached = undefined;
        },
        () => {
          if (cached === pending) cached = undefined;
        },
      );
    }
    return cached;
  };
}
