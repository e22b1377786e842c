import { err, errAsync, ok, ResultAsync, type Result } from "neverthrow";
import { LlmError } from "../../errors.js";
import type { Llm, LlmRequest } from "../../ports/llm.js";
import { callUntilAborted } from "./llm-call.js";
import { messageOf } from "../../shared/message-of.js";

/** A host's own completion function: sync or async, given the whole request. */
export type CompletionFunction = (request: LlmRequest) => string | Promise<string>;

/**
 * Adapts a plain function to the LLM port: a thrown error or rejection becomes an LlmError,
 * an answer that is not a non-empty string is refused, an already-aborted signal fails
 * without calling it, and an abort during the call settles it at once, whether or not the
 * function honours the signal it is given.
 *
 * @example
 * ```ts
 * const llm = llmFromFunction(async ({ system, prompt }) => myClient.chat(system, prompt));
 * ```
 */
export function llmFromFunction(fn: CompletionFunction): Llm {
  return {
    complete(request) {
      const signal = request.signal;
      if (signal?.aborted === true) {
        return errAsync(
          new LlmError("The LLM call was aborted before it started.", { cause: signal.reason }),
        );
      }
      return new ResultAsync(
        callUntilAborted<unknown>(() => fn(request), signal, {
          answer: answerText,
          aborted: () =>
            new LlmError("The LLM call was aborted before it answered.", { cause: signal?.reason }),
          failed: (cause) =>
            new LlmError(`The LLM function failed: ${messageOf(cause)}`, { cause }),
        }),
      );
    },
  };
}

// Typed, but the host's function is not ours to trust: check what actually came back.
function answerText(answer: unknown): Result<string, LlmError> {
  if (typeof answer !== "string") {
    return err(
      new LlmError(
        `The LLM function returned ${answer === null ? "null" : typeof answer}, not a string: ` +
          "return the model's answer text.",
      ),
    );
  }
  if (answer.trim() === "") {
    return err(
      new LlmError("The LLM function returned an empty answer: return the model's answer text."),
    );
  }
  return ok(answer);
}
