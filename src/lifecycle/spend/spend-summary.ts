/**
 * What the ledger says was spent: today (UTC) and the last seven days, beside the caps.
 *
 * @module
 */

import type { ResultAsync } from "neverthrow";
import type { PersistenceError } from "../../errors.js";
import type { Persistence } from "../../ports/persistence.js";
import type { SpendBudget } from "./spend-budget.js";
import { readLedger, SPEND_LEDGER_PATH, utcDay, type Ledger } from "./spend-ledger.js";

/** Tokens of a span of days. */
export interface SpendTotals {
  readonly inputTokens: number;
  readonly outputTokens: number;
  /** inputTokens + outputTokens: what the caps count. */
  readonly tokens: number;
  readonly calls: number;
  readonly runs: number;
}

/** The ledger's summary, as `memory status` prints it. */
export interface SpendSummary {
  /** The ledger file, relative to the memory root. */
  readonly ledger: string;
  /** Today, from 00:00 UTC. */
  readonly today: SpendTotals;
  /** Today and the six days before it. */
  readonly last7Days: SpendTotals;
  /** The caps in force; `Infinity` (`null` in JSON) when off. */
  readonly perRun: number;
  readonly perDay: number;
  /** What today's cap has left. */
  readonly leftToday: number;
  /** Today's calls whose tokens are the tokenizer's estimate, not the provider's count. */
  readonly estimatedCallsToday: number;
  /** Ledger lines that could not be read (left out of the sums). */
  readonly unreadableLines: number;
}

const NONE: SpendTotals = { inputTokens: 0, outputTokens: 0, tokens: 0, calls: 0, runs: 0 };

/** Sums a ledger for the day of `now` and the six before it. */
export function summariseLedger(ledger: Ledger, now: number, budget: SpendBudget): SpendSummary {
  const today = utcDay(now);
  const weekStart = utcDay(now - 6 * 86_400_000);
  let todayTotals = NONE;
  let week = NONE;
  const todayRuns = new Set<string>();
  const weekRuns = new Set<string>();
  let estimated = 0;
  for (const day of ledger.days) {
    if (day.day < weekStart || day.day > today) continue;
    const sum = { in: day.in, out: day.out, calls: day.calls };
    week = add(week, sum, day.runs);
    if (day.day === today) todayTotals = add(todayTotals, sum, day.runs);
  }
  for (const call of ledger.calls) {
    const day = utcDay(Date.parse(call.at));
    if (day < weekStart || day > today) continue;
    const sum = { in: call.in, out: call.out, calls: 1 };
    week = add(week, sum, newRun(weekRuns, `${day}:${call.run}`));
    if (day === today) {
      todayTotals = add(todayTotals, sum, newRun(todayRuns, call.run));
      if (call.counted === "estimate") estimated += 1;
    }
  }
  return {
    ledger: SPEND_LEDGER_PATH,
    today: todayTotals,
    last7Days: week,
    perRun: budget.perRun,
    perDay: budget.perDay,
    leftToday: Math.max(0, budget.perDay - todayTotals.tokens),
    estimatedCallsToday: estimated,
    unreadableLines: ledger.unreadable,
  };
}

/** Reads the ledger and sums it. */
export function readSpendSummary(
  persistence: Persistence,
  now: number,
  budget: SpendBudget,
): ResultAsync<SpendSummary, PersistenceError> {
  return readLedger(persistence).map((ledger) => summariseLedger(ledger, now, budget));
}

/** Today's tokens in a ledger (what the per-day cap counts). */
export function tokensOnDay(ledger: Ledger, now: number): number {
  const today = utcDay(now);
  let tokens = 0;
  for (const day of ledger.days) if (day.day === today) tokens += day.in + day.out;
  for (const call of ledger.calls)
    if (utcDay(Date.parse(call.at)) === today) tokens += call.in + call.out;
  return tokens;
}

function add(
  totals: SpendTotals,
  sum: { readonly in: number; readonly out: number; readonly calls: number },
  runs: number,
): SpendTotals {
  return {
    inputTokens: totals.inputTokens + sum.in,
    outputTokens: totals.outputTokens + sum.out,
    tokens: totals.tokens + sum.in + sum.out,
    calls: totals.calls + sum.calls,
    runs: totals.runs + runs,
  };
}

function newRun(seen: Set<string>, run: string): number {
  if (seen.has(run)) return 0;
  seen.add(run);
  return 1;
}
