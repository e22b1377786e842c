/**
 * The one place where a promise becomes a ResultAsync.
 *
 * Adapter operations are written as async functions returning a Result; anything they
 * did not anticipate (a rejection from fs, git, or a bug) is caught here and turned into
 * the adapter's error type, so nothing ever throws across the public API.
 */
import { err, ResultAsync, type Result } from "neverthrow";

/**
 * Runs `operation` and wraps an unexpected rejection with `onRejection`.
 *
 * @example
 * ```ts
 * const result = safeAsync(
 *   async () => ok(await fs.promises.readFile(path, "utf8")),
 *   (cause) => new PersistenceError(`Could not read ${path}`, { cause }),
 * );
 * ```
 */
export function safeAsync<T, E>(
  operation: () => Promise<Result<T, E>>,
  onRejection: (cause: unknown) => E,
): ResultAsync<T, E> {
  return new ResultAsync(
    // `then(operation)` also catches a synchronous throw from a non-async operation.
    Promise.resolve()
      .then(operation)
      .catch((cause: unknown): Result<T, E> => err(onRejection(cause))),
  );
}
