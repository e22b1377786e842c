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
  const trimmed = message.trimEnd();
  // Joined to a trailer block the message already ends with (the run's `Memory-Source`
  // lines), since git reads trailers from the last paragraph only.
  const lastParagraph = trimmed.slice(trimmed.lastIndexOf("\n\n") + 2);
  const endsInTrailers =
    trimmed.includes("\n\n") && lastParagraph.split("\n").every((line) => TRAILER_LINE.test(line));
  return `${trimmed}${endsInTrailers ? "\n" : "\n\n"}${trailer}`;
}

const TRAILER_LINE = /^[A-Za-z][A-Za-z0-9-]*: \S/;
