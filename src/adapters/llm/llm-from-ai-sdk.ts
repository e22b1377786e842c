import { err, errAsync, ok, ResultAsync, type Result } from "neverthrow";
import { LlmError } from "../../errors.js";
import type { Llm } from "../../ports/llm.js";
import { callUntilAborted } from "./llm-call.js";
import { messageOf } from "../../shared/message-of.js";

/**
 * The options this adapter passes to the AI SDK's `generateText`: the subset of its
 * parameters the LLM port needs, typed structurally so this package does not depend on `ai`.
 *
 * @example
 * ```ts
 * const options: AiSdkGenerateTextOptions<string> = { model: "openai/gpt-5", system: "Be brief.", prompt: "Hi" };
 * ```
 */
export interface AiSdkGenerateTextOptions<Model> {
  readonly model: Model;
  /** Left out when the request's system prompt is empty. */
  readonly system?: string;
  readonly prompt: string;
  /** The request's signal, when it has one. */
  readonly abortSignal?: AbortSignal;
}

/**
 * What the adapter reads from `generateText`'s result.
 *
 * @example
 * ```ts
 * const result: AiSdkGenerateTextResult = { text: "Paris", finishReason: "stop" };
 * ```
 */
export interface AiSdkGenerateTextResult {
  readonly text: string;
  /** Quoted when the text is empty ("length", "content-filter", ...). */
  readonly finishReason?: string;
}

/**
 * The shape of the AI SDK's `generateText`, which `import { generateText } from "ai"`
 * satisfies without a cast.
 *
 * @example
 * ```ts
 * const fake: AiSdkGenerateText<string> = async ({ prompt }) => ({ text: `echo: ${prompt}` });
 * ```
 */
export type AiSdkGenerateText<Model> = (
  options: AiSdkGenerateTextOptions<Model>,
) => PromiseLike<AiSdkGenerateTextResult>;

/**
 * The host's AI SDK function and the model to call it with.
 *
 * @example
 * ```ts
 * import { generateText, type LanguageModel } from "ai";
 * import { openai } from "@ai-sdk/openai";
 * const options: AiSdkLlmOptions<LanguageModel> = { generateText, model: openai("gpt-5") };
 * ```
 */
export interface AiSdkLlmOptions<Model> {
  readonly generateText: AiSdkGenerateText<Model>;
  /** A provider model (`openai("gpt-5")`) or a gateway model id string. */
  readonly model: Model;
}

/**
 * Adapts the AI SDK to the LLM port with the host's own `generateText`, so the host chooses
 * the `ai` version and the providers and this package ships without them. The request's
 * signal becomes `abortSignal`; a rejection, an abort, or an answer without text becomes an
 * LlmError.
 *
 * @example
 * ```ts
 * import { generateText } from "ai";
 * import { anthropic } from "@ai-sdk/anthropic";
 *
 * const llm = llmFromAiSdk({ generateText, model: anthropic("claude-sonnet-4-5") });
 * const memory = createMemory({ persistence, git, llm });
 * ```
 */
export function llmFromAiSdk<Model>(options: AiSdkLlmOptions<Model>): Llm {
  return {
    complete(request) {
      const signal = request.signal;
      if (signal?.aborted === true) {
        return errAsync(
          new LlmError("The AI SDK call was aborted before it started.", { cause: signal.reason }),
        );
      }
      const call: AiSdkGenerateTextOptions<Model> = {
        model: options.model,
        prompt: request.prompt,
        ...(request.system === "" ? {} : { system: request.system }),
        ...(signal === undefined ? {} : { abortSignal: signal }),
      };
      return new ResultAsync(
        callUntilAborted(() => options.generateText(call), signal, {
          answer: answerText,
          aborted: () =>
            new LlmError("The AI SDK call was aborted before it answered.", {
              cause: signal?.reason,
            }),
          failed: (cause) => new LlmError(`The AI SDK call failed: ${messageOf(cause)}`, { cause }),
        }),
      );
    },
  };
}

function answerText(result: AiSdkGenerateTextResult): Result<string, LlmError> {
  // Typed, but the host's function is not ours to trust: check what actually came back.
  const value: unknown = result;
  const text =
    typeof value === "object" && value !== null && "text" in value ? value.text : undefined;
  if (typeof text !== "string") {
    return err(
      new LlmError(
        "The AI SDK call returned no text: pass the AI SDK's generateText (not streamText or generateObject).",
      ),
    );
  }
  if (text.trim() === "") {
    const reason =
      result.finishReason === undefined ? "" : ` (finish reason: ${String(result.finishReason)})`;
    return err(new LlmError(`The model returned an empty answer${reason}.`));
  }
  return ok(text);
}
