import { errAsync, ResultAsync } from "neverthrow";
import { EmbedderError } from "../../errors.js";
import type { EmbedRequest, Embedder } from "../../ports/embedder.js";

/** A host's own embedding function: texts in, one vector per text out, sync or async. */
export type EmbeddingFunction = (
  texts: readonly string[],
  request: EmbedRequest,
) => number[][] | Promise<number[][]>;

/**
 * Adapts a plain function to the Embedder port: a thrown error or rejection becomes an
 * EmbedderError, and an already-aborted signal fails without calling it. (The memory checks
 * the vectors' shape itself, whatever the adapter.)
 *
 * @example
 * ```ts
 * const embedder = embedderFromFunction({
 *   model: "all-minilm",
 *   embed: async (texts) => (await myClient.embed(texts)).vectors,
 * });
 * const memory = createMemory({ persistence, embedder });
 * ```
 */
export function embedderFromFunction(options: {
  /** The model's name: vectors are cached per name. */
  readonly model: string;
  readonly embed: EmbeddingFunction;
}): Embedder {
  return {
    model: options.model,
    embed(texts, request = {}) {
      if (request.signal?.aborted === true) {
        return errAsync(
          new EmbedderError("The embedding call was aborted before it started.", {
            cause: request.signal.reason,
          }),
        );
      }
      return ResultAsync.fromPromise(
        (async () => await options.embed(texts, request))(),
        (cause) =>
          new EmbedderError(
            `The embedding function failed: ${cause instanceof Error ? cause.message : String(cause)}`,
            { cause },
          ),
      );
    },
  };
}
