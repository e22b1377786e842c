import type { ResultAsync } from "neverthrow";
import type { EmbedderError } from "../errors.js";

/** Options of one embedding call. */
export interface EmbedRequest {
  /** Aborts the call; adapters must honour it. */
  readonly signal?: AbortSignal;
}

/**
 * The embedding port: texts in, one vector per text out, in the same order, all of the same
 * length. Used for hybrid search when a host passes one to `createMemory({ embedder })`.
 *
 * @example
 * ```ts
 * const embedder: Embedder = {
 *   model: "nomic-embed-text",
 *   embed: (texts) => okAsync(texts.map((text) => [text.length, 1])),
 * };
 * ```
 */
export interface Embedder {
  /**
   * The model's name. Cached vectors are kept per model: a new name recomputes them, so name
   * a new model (or a new dimension of the same one) differently.
   */
  readonly model: string;
  /** One vector per text, in order. */
  embed(texts: readonly string[], request?: EmbedRequest): ResultAsync<number[][], EmbedderError>;
}
