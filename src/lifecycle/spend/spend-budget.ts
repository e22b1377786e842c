/**
 * The spend caps of the model calls consolidation and defrag make, in tokens.
 *
 * @module
 */

/** Caps on what the model calls of consolidation and defrag may spend, in tokens. */
export interface SpendBudget {
  /** One consolidation or defrag run (a `memory sync` counts its two runs together). */
  readonly perRun: number;
  /** All runs of one UTC day, read from the ledger under `.agent-memory/`. */
  readonly perDay: number;
  /**
   * Tokens reserved for the answer when a call is checked against the caps: a call is made
   * only when its prompt plus this allowance fits what is left.
   */
  readonly answerReserve: number;
}

/**
 * The defaults. A consolidation prompt is bounded at about 45,000 tokens and a defrag batch at
 * about 12,000 whatever the memory's size, so a run of 400,000 is a consolidation with its
 * repair (about 110,000 with the answer allowances) or some twenty defrag batches. A day of
 * 2,000,000 is about eighteen full consolidations: a scheduled job running every hour stops
 * there at the latest, where the field reports background runs burning tens of millions.
 */
export const DEFAULT_SPEND_BUDGET: SpendBudget = {
  perRun: 400_000,
  perDay: 2_000_000,
  answerReserve: 8_000,
};

/**
 * The budget of a run: the memory's, then the run's own changes, each cap a whole number
 * above 0 (Infinity turns a cap off); a value that is not falls back to the default.
 */
export function spendBudget(...layers: readonly (Partial<SpendBudget> | undefined)[]): SpendBudget {
  let budget = DEFAULT_SPEND_BUDGET;
  for (const layer of layers) {
    if (layer === undefined) continue;
    budget = {
      perRun: capOr(layer.perRun, budget.perRun),
      perDay: capOr(layer.perDay, budget.perDay),
      answerReserve: capOr(layer.answerReserve, budget.answerReserve, true),
    };
  }
  return budget;
}

function capOr(value: number | undefined, fallback: number, zeroAllowed = false): number {
  if (value === undefined || Number.isNaN(value)) return fallback;
  if (value === Number.POSITIVE_INFINITY) return value;
  return Number.isSafeInteger(value) && (value > 0 || (zeroAllowed && value === 0))
    ? value
    : fallback;
}
