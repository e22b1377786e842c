/** Unwrapping neverthrow Results in tests, failing with the other side's content. */
import type { Result } from "neverthrow";

/** The Ok value; throws (failing the test) with the error when it is an Err. */
export function okOf<T, E>(result: Result<T, E>): T {
  if (result.isErr()) throw new Error(`expected Ok, got Err: ${String(result.error)}`);
  return result.value;
}

/** The Err value; throws (failing the test) with the value when it is an Ok. */
export function errOf<T, E>(result: Result<T, E>): E {
  if (result.isOk()) throw new Error(`expected Err, got Ok: ${JSON.stringify(result.value)}`);
  return result.error;
}
