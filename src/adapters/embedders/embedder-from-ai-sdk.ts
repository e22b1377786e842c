import { errAsync, ResultAsync } from "neverthrow";
import { EmbedderError } from "../../errors.js";
import type { Embedder } from "../../ports/embedder.js";

/**
 * The options this adapter passes to the AI SDK's `embedMany`: the subset the port needs,
 * typed structurally so this package does not depend on `ai`.
 *
 * @example
 * ```ts
 * const options: AiSdkEmbedManyOptions<string> = { model: "openai/text-embedding-3-small", values: ["hi"] };
 * ```
 */
export interface AiSdkEmbedManyOptions<Model> {
  readonly model: Model;
  readonly values: string[];
  /** The request's signal, when it has one. */
  readonly abortSignal?: AbortSignal;
}

/**
 * What the adapter reads from `embedMany`'s result: the vectors, in the order of `values`.
 *
 * @example
 * ```ts
 * const result: AiSdkEmbedManyResult = { embeddings: [[0.1, 0.2]] };
 * ```
 */
export interface AiSdkEmbedManyResult {
  readonly embeddings: readonly (readonly number[])[];
}

/**
 * The shape of the AI SDK's `embedMany`, which `import { embedMany } from "ai"` satisfies.
 *
 * @example
 * ```ts
 * const fake: AiSdkEmbedMany<string> = async ({ values }) => ({ embeddings: values.map(() => [1, 0]) });
 * ```
 */
export type AiSdkEmbedMany<Model> = (
  options: AiSdkEmbedManyOptions<Model>,
) => PromiseLike<AiSdkEmbedManyResult>;

/**
 * Adapts the AI SDK's `embedMany` to the Embedder port with the host's own function and
 * model, so the host picks the `ai` version and providers. Vectors are cached under
 * `modelName`, else the model id string, else the provider model's `provider/modelId`.
 *
 * @example
 * ```ts
 * import { embedMany } from "ai";
 * import { openai } from "@ai-sdk/openai";
 *
 * const embedder = embedderFromAiSdk({
 *   embedMany,
 *   model: openai.embedding("text-embedding-3-small"),
 *   modelName: "openai/text-embedding-3-small",
 * });
 * const memory = createMemory({ persistence, embedder });
 * ```
 */
export function embedderFromAiSdk<Model>(options: {
  readonly embedMany: AiSdkEmbedMany<Model>;
  /** A provider embedding model (`openai.embedding(...)`) or a gateway model id string. */
  readonly model: Model;
  /** The name vectors are cached under; default: the model's id (see above). */
  readonly modelName?: string;
}): Embedder {
  const name = options.modelName ?? modelIdOf(options.model);
  return {
    model: name ?? "ai-sdk",
    embed(texts, request = {}) {
      if (name === undefined) {
        return errAsync(
          new EmbedderError(
            "embedderFromAiSdk could not read the model's id: pass `modelName`, the name vectors are cached under.",
          ),
        );
      }
      const signal = request.signal;
      if (signal?.aborted === true) {
        return errAsync(
          new EmbedderError("The AI SDK embedding call was aborted before it started.", {
            cause: signal.reason,
          }),
        );
      }
      const call: AiSdkEmbedManyOptions<Model> = {
        model: options.model,
        values: [...texts],
        ...(signal === undefined ? {} : { abortSignal: signal }),
      };
      return ResultAsync.fromPromise(
        (async () => {
          const result: unknown = await options.embedMany(call);
          const embeddings =
            typeof result === "object" && result !== null && "embeddings" in result
              ? result.embeddings
              : undefined;
          if (!Array.isArray(embeddings)) {
            throw new TypeError("the result has no `embeddings`: pass the AI SDK's embedMany");
          }
          return embeddings as number[][];
        })(),
        (cause) =>
          new EmbedderError(
            `The AI SDK embedding call failed: ${cause instanceof Error ? cause.message : String(cause)}`,
            { cause },
          ),
      );
    },
  };
}

/** A gateway id string, or `provider/modelId` read from an AI SDK model object. */
function modelIdOf(model: unknown): string | undefined {
  if (typeof model === "string") return model;
  if (typeof model !== "object" || model === null) return undefined;
  const { provider, modelId } = model as { provider?: unknown; modelId?: unknown };
  if (typeof modelId !== "string") return undefined;
  return typeof provider === "string" ? `${provider}/${modelId}` : modelId;
}
