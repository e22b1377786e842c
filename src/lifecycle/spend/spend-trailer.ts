import type { SpendFigures } from "./spend-meter.js";

/** The trailer key of a run's model spend in its commit message. */
export const SPEND_TRAILER = "Model-Tokens";

/**
 * The commit message with the run's model spend as a git trailer in its own last paragraph,
 * where `git interpret-trailers --parse` and `git log --format=%(trailers:key=Model-Tokens)`
 * find it: `Model-Tokens: in=11840 out=912 calls=1 counted=estimate`.
 *
 * @example
 * ```ts
 * withSpendTrailer("memory: defrag (2 actions)", { inputTokens: 10, outputTokens: 5, calls: 1, counted: "estimate" });
 * // "memory: defrag (2 actions)\n\nModel-Tokens: in=10 out=5 calls=1 counted=estimate"
 * ```
 */
export function withSpendTrailer(message: string, spent: SpendFigures): string {
  const trailer =
    `${SPEND_TRAILER}: in=${spent.inputTokens} out=${spent.outputTokens} calls=${spent.calls}` +
    ` counted=${spent.counted}`;
  return `${message.trimEnd()}\n\n${trailer}`;
}
