import { errAsync, ResultAsync } from "neverthrow";
import { LlmError } from "../../errors.js";
import type { Llm, LlmRequest } from "../../ports/llm.js";
import { messageOf } from "../../shared/message-of.js";

/** A host's own completion function: sync or async, given the whole request. */
export type CompletionFunction = (request: LlmRequest) => string | Promise<string>;

/**
 * Adapts a plain function to the LLM port: a thrown error or rejection becomes an LlmError,
 * a non-string answer is refused, and an already-aborted signal fails without calling it.
 *
 * @example
 * ```ts
 * const llm = llmFromFunction(async ({ system, prompt }) => myClient.chat(system, prompt));
 * ```
 */
export function llmFromFunction(fn: CompletionFunction): Llm {
  return {
    complete(request) {
      if (request.signal?.aborted === true) {
        return errAsync(
          new LlmError("The LLM call was aborted before it started.", {
            cause: request.signal.reason,
          }),
        );
      }
      return ResultAsync.fromPromise(
        (async () => {
          const answer: unknown = await fn(request);
          if (typeof answer !== "string") {
            throw new TypeError(`the function returned ${typeof answer}, not a string`);
          }
          return answer;
        })(),
        (cause) =>
          new LlmError(
            `The LLM function failed: ${messageOf(cause)}`,
            {
              cause,
            },
          ),
      );
    },
  };
}
