/**
 * Every model call of a run goes through a meter: the call's prompt is counted and checked
 * against the run's and the day's caps (with an allowance for the answer) before it is made,
 * and what it spent is added to the run's figures and the ledger after it.
 *
 * @module
 */

import { randomUUID } from "node:crypto";
import { errAsync, okAsync, ResultAsync } from "neverthrow";
import { BudgetError, type BudgetFigures, type LlmError } from "../../errors.js";
import type { Llm, LlmAnswer, LlmRequest } from "../../ports/llm.js";
import type { Persistence } from "../../ports/persistence.js";
import type { Tokenizer } from "../../ports/tokenizer.js";
import type { SpendBudget } from "./spend-budget.js";
import { readLedger, recordCall, type TokenCounting } from "./spend-ledger.js";
import { tokensOnDay } from "./spend-summary.js";

/** Where a call stands in its run, for progress lines. */
export interface CallStep {
  /** The batch (1-based) and how many the run has; consolidation is one batch. */
  readonly batch: number;
  readonly of: number;
  /** The call repairs a rejected answer to that batch. */
  readonly repair?: boolean;
}

/** What a run's model calls spent. */
export interface SpendFigures {
  readonly inputTokens: number;
  readonly outputTokens: number;
  readonly calls: number;
  /** How the figures were counted: all by the provider, all estimated, or some of each. */
  readonly counted: TokenCounting | "mixed" | "none";
  /** Calls whose ledger line could not be written (the run's figures still count them). */
  readonly unrecorded?: number;
}

/** One model call done, for progress lines and hosts' `onProgress`. */
export interface SpendProgress {
  readonly operation: string;
  /** The call's number in its run, from 1. */
  readonly call: number;
  readonly step?: CallStep;
  readonly inputTokens: number;
  readonly outputTokens: number;
  readonly counted: TokenCounting;
  /** The run's tokens so far, this call included. */
  readonly runTokens: number;
  /** Today's tokens (UTC) so far, this call included. */
  readonly dayTokens: number;
  readonly perRun: number;
  readonly perDay: number;
  /** Whether the call failed (its prompt is counted). */
  readonly failed: boolean;
}

/** A budget stop in a report: the BUDGET error's code, message and figures. */
export type BudgetStop = ReturnType<BudgetError["toJSON"]>;

/** The calls a run makes: the model's, metered. */
export interface ModelCalls {
  complete(request: LlmRequest, step?: CallStep): ResultAsync<string, LlmError | BudgetError>;
}

/** A run's meter: its calls, and what they spent. */
export interface SpendMeter extends ModelCalls {
  figures(): SpendFigures;
}

/** What a meter is built from. */
export interface SpendMeterOptions {
  readonly llm: Llm;
  readonly tokenizer: Tokenizer;
  readonly budget: SpendBudget;
  /** Where the ledger is; undefined: no ledger (the per-day cap then counts this run only). */
  readonly persistence: Persistence | undefined;
  readonly operation: string;
  readonly now: () => number;
  readonly onProgress?: ((event: SpendProgress) => void) | undefined;
  /** Tokens this run has spent before its first call (a sync's consolidation, for its defrag). */
  readonly spentBefore?: number;
}

/**
 * Meters a run's model calls.
 *
 * @example
 * ```ts
 * const meter = createSpendMeter({ llm, tokenizer, budget, persistence, operation: "defrag", now: Date.now });
 * const answer = await meter.complete({ system, prompt }, { batch: 1, of: 3 });
 * meter.figures(); // { inputTokens: 11840, outputTokens: 912, calls: 1, counted: "estimate" }
 * ```
 */
export function createSpendMeter(options: SpendMeterOptions): SpendMeter {
  const { budget, tokenizer } = options;
  const run = randomUUID().slice(0, 8);
  let spent = options.spentBefore ?? 0;
  let figures = { inputTokens: 0, outputTokens: 0, calls: 0, unrecorded: 0 };
  const counting = new Set<TokenCounting>();
  let dayBefore: number | undefined;

  const today = (): ResultAsync<number, never> => {
    if (dayBefore !== undefined) return okAsync(dayBefore + spent);
    if (options.persistence === undefined) return okAsync(spent);
    // An unreadable ledger is taken as empty: the per-run cap still holds.
    return readLedger(options.persistence)
      .map((ledger) => tokensOnDay(ledger, options.now()))
      .orElse(() => okAsync<number, never>(0))
      .map((tokens) => {
        dayBefore = tokens;
        return tokens + spent;
      });
  };

  const record = (
    inputTokens: number,
    outputTokens: number,
    counted: TokenCounting,
    failed: boolean,
    step: CallStep | undefined,
  ) => {
    spent += inputTokens + outputTokens;
    figures = {
      ...figures,
      inputTokens: figures.inputTokens + inputTokens,
      outputTokens: figures.outputTokens + outputTokens,
      calls: figures.calls + 1,
    };
    counting.add(counted);
    const now = options.now();
    const line = {
      at: new Date(now).toISOString(),
      op: options.operation,
      run,
      in: inputTokens,
      out: outputTokens,
      counted,
      ...(failed ? { failed: true as const } : {}),
    };
    const written =
      options.persistence === undefined
        ? okAsync<void, never>(undefined)
        : recordCall(options.persistence, line, now).orElse(() => {
            figures = { ...figures, unrecorded: figures.unrecorded + 1 };
            return okAsync<void, never>(undefined);
          });
    return written.map(() => {
      options.onProgress?.({
        operation: options.operation,
        call: figures.calls,
        ...(step === undefined ? {} : { step }),
        inputTokens,
        outputTokens,
        counted,
        runTokens: spent,
        dayTokens: (dayBefore ?? 0) + spent,
        perRun: budget.perRun,
        perDay: budget.perDay,
        failed,
      });
    });
  };

  return {
    complete(request, step) {
      const promptTokens =
        tokenizer.countTokens(request.system) + tokenizer.countTokens(request.prompt);
      const needed = promptTokens + budget.answerReserve;
      return today().andThen((day) => {
        const refusal = refuse(budget, spent, day, needed, options.operation);
        if (refusal !== undefined) return errAsync(refusal);
        const call =
          options.llm.completeWithUsage === undefined
            ? options.llm.complete(request).map((text): LlmAnswer => ({ text }))
            : options.llm.completeWithUsage(request);
        return new ResultAsync(
          (async () => {
            const answer = await call;
            if (answer.isErr()) {
              await record(promptTokens, 0, "estimate", true, step);
              return answer.map(() => "");
            }
            const { text, usage } = answer.value;
            await (usage === undefined
              ? record(promptTokens, tokenizer.countTokens(text), "estimate", false, step)
              : record(usage.inputTokens, usage.outputTokens, "provider", false, step));
            return answer.map(() => text);
          })(),
        );
      });
    },
    figures() {
      const counted: SpendFigures["counted"] =
        counting.size === 0 ? "none" : counting.size === 2 ? "mixed" : ([...counting][0] ?? "none");
      const { unrecorded, ...sums } = figures;
      return { ...sums, counted, ...(unrecorded === 0 ? {} : { unrecorded }) };
    },
  };
}

/** The BUDGET error for a call that would cross a cap, or undefined when it fits. */
function refuse(
  budget: SpendBudget,
  runSpent: number,
  daySpent: number,
  needed: number,
  operation: string,
): BudgetError | undefined {
  const kept =
    "Nothing was lost: what the run kept before this call is saved, and entries not yet " +
    "consolidated stay pending.";
  if (runSpent + needed > budget.perRun) {
    const figures = stop("run", budget.perRun, runSpent, needed);
    return new BudgetError(
      figures,
      `BUDGET: the ${operation} run stopped before a model call that needs about ${grouped(needed)} tokens ` +
        `(its prompt plus ${grouped(budget.answerReserve)} for the answer): this run's cap of ` +
        `${grouped(figures.cap)} has ${grouped(figures.left)} left (${grouped(runSpent)} spent). ${kept} ` +
        "A call's prompt and answer allowance must fit the run's cap: raise it (--max-tokens N, " +
        "$AGENT_MEMORY_MAX_TOKENS_PER_RUN or budget.perRun) and run again.",
    );
  }
  if (daySpent + needed > budget.perDay) {
    const figures = stop("day", budget.perDay, daySpent, needed);
    return new BudgetError(
      figures,
      `BUDGET: the ${operation} run stopped before a model call that needs about ${grouped(needed)} tokens ` +
        `(its prompt plus ${grouped(budget.answerReserve)} for the answer): today's cap (UTC) of ` +
        `${grouped(figures.cap)} has ${grouped(figures.left)} left (${grouped(daySpent)} spent). ${kept} ` +
        "It resets at 00:00 UTC; to raise it set AGENT_MEMORY_MAX_TOKENS_PER_DAY, or budget.perDay.",
    );
  }
  return undefined;
}

function stop(
  scope: BudgetFigures["scope"],
  cap: number,
  spent: number,
  needed: number,
): BudgetFigures {
  return { scope, cap, spent, left: Math.max(0, cap - spent), needed };
}

function grouped(tokens: number): string {
  return tokens.toLocaleString("en-US");
}
