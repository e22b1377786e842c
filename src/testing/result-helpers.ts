/**
 * Unwrapping neverthrow Results in tests, failing with the other side's content. These throw
 * on purpose: inside a test a throw is a failure that shows what came back instead.
 */
import type { Result } from "neverthrow";

/**
 * The Ok value; throws (failing the test) with the error when it is an Err.
 *
 * @example
 * ```ts
 * const files = okOf(await persistence.list());
 * ```
 */
export function okOf<T, E>(result: Result<T, E>): T {
  if (result.isErr()) throw new Error(`expected Ok, got Err: ${String(result.error)}`);
  return result.value;
}

/**
 * The Err value; throws (failing the test) with the value when it is an Ok.
 *
 * @example
 * ```ts
 * expect(errOf(await persistence.read("missing.md")).code).toBe("NOT_FOUND");
 * ```
 */
export function errOf<T, E>(result: Result<T, E>): E {
  if (result.isOk()) throw new Error(`expected Err, got Ok: ${JSON.stringify(result.value)}`);
  return result.error;
}
