/**
 * One call into code the host gave us (its completion function, its SDK), raced against
 * the request's abort signal: an abort settles the call at once whether or not that code
 * honours the signal, so a cancelled run never waits on a slow or stuck provider.
 */
import { err, type Result } from "neverthrow";
import type { LlmError } from "../../errors.js";

/**
 * How to turn the call's outcomes into the LLM port's answer or error.
 *
 * @example
 * ```ts
 * const outcomes: LlmCallOutcomes<string> = {
 *   answer: (value) => ok(value),
 *   aborted: () => new LlmError("aborted"),
 *   failed: (cause) => new LlmError("failed", { cause }),
 * };
 * ```
 */
export interface LlmCallOutcomes<T, A = string> {
  /** Checks what the call resolved to: the host's code is not ours to trust. */
  readonly answer: (value: T) => Result<A, LlmError>;
  /** The error for an abort, before or during the call. */
  readonly aborted: () => LlmError;
  /** The error for a throw or a rejection that was not caused by an abort. */
  readonly failed: (cause: unknown) => LlmError;
}

/**
 * Runs `call` and settles with its checked answer, or with an error as soon as `signal`
 * aborts; never rejects.
 *
 * @example
 * ```ts
 * const result = await callUntilAborted(() => fn(request), request.signal, outcomes);
 * ```
 */
export function callUntilAborted<T, A = string>(
  call: () => T | PromiseLike<T>,
  signal: AbortSignal | undefined,
  outcomes: LlmCallOutcomes<T, A>,
): Promise<Result<A, LlmError>> {
  return new Promise((resolve) => {
    const onAbort = (): void => resolve(err(outcomes.aborted()));
    signal?.addEventListener("abort", onAbort, { once: true });
    const done = (result: Result<A, LlmError>): void => {
      signal?.removeEventListener("abort", onAbort);
      resolve(result);
    };
    const failed = (cause: unknown): void =>
      done(err(signal?.aborted === true ? outcomes.aborted() : outcomes.failed(cause)));
    try {
      // Called synchronously, so the callee's own abort listener is in place before any abort.
      Promise.resolve(call()).then((value) => done(outcomes.answer(value)), failed);
    } catch (cause) {
      failed(cause);
    }
  });
}
