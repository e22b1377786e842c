/**
 * The embedder calls of hybrid search, each checked: what comes back from a host's model is
 * not trusted (one finite vector per text, all of one length), and a query never waits on
 * the model longer than QUERY_EMBED_TIMEOUT_MS.
 *
 * @module
 */

import { err, ok, ResultAsync, type Result } from "neverthrow";
import { EmbedderError } from "../../errors.js";
import type { Embedder } from "../../ports/embedder.js";
import { safeAsync } from "../../shared/safe-async.js";

/**
 * How long a search waits for the query's vector before answering on words alone.
 *
 * @example
 * ```ts
 * QUERY_EMBED_TIMEOUT_MS; // 5000
 * ```
 */
export const QUERY_EMBED_TIMEOUT_MS = 5_000;

/** One embedder call, its answer checked: one vector per text, one finite length for all. */
export function embedChecked(
  embedder: Embedder,
  texts: readonly string[],
  signal?: AbortSignal,
): ResultAsync<number[][], EmbedderError> {
  const call = safeAsync(
    async () => await embedder.embed(texts, signal === undefined ? {} : { signal }),
    (cause) =>
      new EmbedderError(`The embedder "${embedder.model}" threw: ${String(cause)}`, { cause }),
  );
  return call.andThen((vectors) => {
    const value: unknown = vectors;
    const width = Array.isArray(value) && Array.isArray(value[0]) ? value[0].length : 0;
    const valid =
      Array.isArray(value) &&
      value.length === texts.length &&
      width > 0 &&
      value.every(
        (vector: unknown) =>
          Array.isArray(vector) &&
          vector.length === width &&
          vector.every((x: unknown) => typeof x === "number" && Number.isFinite(x)),
      );
    return valid
      ? ok(vectors)
      : err(
          new EmbedderError(
            `The embedder "${embedder.model}" must return one non-empty vector of finite numbers per text, all of one length; it returned something else for ${texts.length} texts.`,
          ),
        );
  });
}

/** The query's vector, or `undefined` when the embedder failed or took too long. */
export function embedQuery(
  embedder: Embedder,
  query: string,
): ResultAsync<number[] | undefined, never> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), QUERY_EMBED_TIMEOUT_MS);
  const answered = embedChecked(embedder, [query], controller.signal).map((vectors) => vectors[0]);
  const timedOut = new Promise<Result<undefined, never>>((resolve) =>
    controller.signal.addEventListener("abort", () => resolve(ok(undefined)), { once: true }),
  );
  return new ResultAsync(
    Promise.race([answered.orElse(() => ok(undefined)), timedOut]).finally(() =>
      clearTimeout(timer),
    ),
  );
}

export function cosine(a: readonly number[], b: readonly number[]): number {
  let dot = 0;
  let normA = 0;
  let normB = 0;
  for (let i = 0; i < a.length; i++) {
    const x = a[i] ?? 0;
    const y = b[i] ?? 0;
    dot += x * y;
    normA += x * x;
    normB += y * y;
  }
  return normA === 0 || normB === 0 ? 0 : dot / Math.sqrt(normA * normB);
}
