/**
 * Calling a port method the way the contracts need: a throw or a rejection is itself a
 * contract failure (ports return Results), and "promptly" is a deadline, not a hope.
 */
import type { Result } from "neverthrow";
import { messageOf } from "../shared/message-of.js";

/**
 * The Result of `call`; throws (failing the test) with a message naming the rule when the
 * call throws or its promise rejects instead of returning an Err.
 *
 * @example
 * ```ts
 * const answer = await resultOf("complete", () => llm.complete({ system: "", prompt: "hi" }));
 * ```
 */
export async function resultOf<T, E>(
  method: string,
  call: () => PromiseLike<Result<T, E>>,
): Promise<Result<T, E>> {
  try {
    return await call();
  } catch (cause) {
    throw new Error(
      `${method}() threw or rejected instead of returning an Err: ${messageOf(cause)}`,
      { cause },
    );
  }
}

/**
 * What `pending` settles to, or throws (failing the test) when it is still pending after
 * `ms` milliseconds.
 *
 * @example
 * ```ts
 * const result = await settlesWithin(1000, "an aborted complete()", pending);
 * ```
 */
export async function settlesWithin<T>(ms: number, what: string, pending: Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} was still pending after ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([pending, late]);
  } finally {
    clearTimeout(timer);
  }
}
