import type { Llm } from "../../ports/llm.js";
import type { Persistence } from "../../ports/persistence.js";
import type { Tokenizer } from "../../ports/tokenizer.js";
import { spendBudget, type SpendBudget } from "./spend-budget.js";
import { createSpendMeter, type SpendMeter, type SpendProgress } from "./spend-meter.js";

/** How a memory meters its model calls: the tokenizer for estimates, the caps, the listener. */
export interface SpendWiring {
  readonly tokenizer: Tokenizer;
  readonly budget?: Partial<SpendBudget> | undefined;
  readonly onProgress?: ((event: SpendProgress) => void) | undefined;
}

/** What one run may change of the memory's caps. */
export interface RunSpendOptions {
  /** Caps for this run only, over the memory's. */
  readonly budget?: Partial<SpendBudget>;
  /** Tokens already spent by the run this one is part of (a sync's consolidation). */
  readonly spentBefore?: number;
}

/** A fresh meter for one run of `operation`. */
export function meterFor(
  operation: string,
  llm: Llm,
  persistence: Persistence,
  now: () => number,
  wiring: SpendWiring,
  run: RunSpendOptions = {},
): SpendMeter {
  return createSpendMeter({
    llm,
    tokenizer: wiring.tokenizer,
    budget: spendBudget(wiring.budget, run.budget),
    persistence,
    operation,
    now,
    onProgress: wiring.onProgress,
    ...(run.spentBefore === undefined ? {} : { spentBefore: run.spentBefore }),
  });
}
