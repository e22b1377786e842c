/**
 * The lines that say what the model calls of a run spent, and what the ledger holds.
 *
 * @module
 */

import type { SpendFigures, SpendSummary, SpendTotals } from "../../lifecycle/index.js";

const grouped = (tokens: number): string =>
  tokens === Number.POSITIVE_INFINITY ? "no cap" : tokens.toLocaleString("en-US");

/**
 * A run's spend, as the last line of its summary; nothing when the run made no call.
 *
 * @example
 * ```ts
 * runSpendLine({ inputTokens: 11840, outputTokens: 912, calls: 1, counted: "estimate" });
 * // ["Model: 1 call, 11,840 tokens in, 912 out (estimated with o200k_base)."]
 * ```
 */
export function runSpendLine(spend: SpendFigures | undefined): string[] {
  if (spend === undefined || spend.calls === 0) return [];
  const how =
    spend.counted === "provider"
      ? ""
      : spend.counted === "mixed"
        ? " (partly estimated)"
        : " (estimated with the tokenizer)";
  return [
    `Model: ${spend.calls} call${spend.calls === 1 ? "" : "s"}, ${grouped(spend.inputTokens)} tokens in, ` +
      `${grouped(spend.outputTokens)} out${how}.`,
  ];
}

function totalsText(totals: SpendTotals): string {
  return (
    `${grouped(totals.tokens)} tokens (${grouped(totals.inputTokens)} in, ${grouped(totals.outputTokens)} out) ` +
    `in ${totals.calls} call${totals.calls === 1 ? "" : "s"} over ${totals.runs} run${totals.runs === 1 ? "" : "s"}`
  );
}

/**
 * The ledger's lines in `memory status`.
 *
 * @example
 * ```ts
 * ledgerLines(summary);
 * // ["model spend today (UTC): 4,200 tokens (...) of 2,000,000 a day; 400,000 a run", "model spend, last 7 days: ..."]
 * ```
 */
export function ledgerLines(summary: SpendSummary): string[] {
  const estimated =
    summary.estimatedCallsToday === 0
      ? ""
      : `; ${summary.estimatedCallsToday} call${summary.estimatedCallsToday === 1 ? "" : "s"} estimated with the tokenizer`;
  return [
    `model spend today (UTC): ${totalsText(summary.today)}; cap ${grouped(summary.perDay)} a day ` +
      `(${grouped(summary.leftToday)} left), ${grouped(summary.perRun)} a run${estimated}`,
    `model spend, last 7 days: ${totalsText(summary.last7Days)}`,
    ...(summary.unreadableLines === 0
      ? []
      : [`${summary.ledger}: ${summary.unreadableLines} unreadable lines, left out of the sums`]),
  ];
}
