import { err, errAsync, ok, ResultAsync, type Result } from "neverthrow";
import { LlmError } from "../../errors.js";
import type { Llm, LlmAnswer, LlmRequest, LlmUsage } from "../../ports/llm.js";
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
  /**
   * The provider's token counts: `inputTokens`/`outputTokens` (AI SDK 5 and later, possibly
   * undefined), or `promptTokens`/`completionTokens` (AI SDK 4). Passed on as the answer's usage.
   */
  readonly usage?: AiSdkUsage;
  /** AI SDK 5 and later: the usage summed over every step; preferred to `usage`. */
  readonly totalUsage?: AiSdkUsage;
}

/**
 * The token counts of an AI SDK result, in the shapes of its versions (`LanguageModelUsage`).
 *
 * @example
 * ```ts
 * const usage: AiSdkUsage = { inputTokens: 1200, outputTokens: 300 };
 * ```
 */
export interface AiSdkUsage {
  readonly inputTokens?: number | undefined;
  readonly outputTokens?: number | undefined;
  readonly promptTokens?: number | undefined;
  readonly completionTokens?: number | undefined;
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
  const completeWithUsage = (request: LlmRequest): ResultAsync<LlmAnswer, LlmError> => {
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
        answer: (result: AiSdkGenerateTextResult) =>
          answerText(result).map((text) => {
            const usage = usageOf(result);
            return usage === undefined ? { text } : { text, usage };
          }),
        aborted: () =>
          new LlmError("The AI SDK call was aborted before it answered.", {
            cause: signal?.reason,
          }),
        failed: (cause) => new LlmError(`The AI SDK call failed: ${messageOf(cause)}`, { cause }),
      }),
    );
  };
  return {
    complete: (request) => completeWithUsage(request).map((answer) => answer.text),
    completeWithUsage,
  };
}

/** A count the provider gave: a whole number of 0 or more. */
function counted(field: unknown): number | undefined {
  return typeof field === "number" && Number.isSafeInteger(field) && field >= 0 ? field : undefined;
}

/** The provider's counts when both sides are whole numbers; otherwise none (estimated later). */
function usageOf(result: AiSdkGenerateTextResult): LlmUsage | undefined {
  const value: unknown = result;
  if (typeof value !== "object" || value === null) return undefined;
  for (const usage of [result.totalUsage, result.usage]) {
    if (typeof usage !== "object" || usage === null) continue;
    const input = counted(usage.inputTokens) ?? counted(usage.promptTokens);
    const output = counted(usage.outputTokens) ?? counted(usage.completionTokens);
    if (input !== undefined && output !== undefined)
      return { inputTokens: input, outputTokens: output };
  }
  return undefined;
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
