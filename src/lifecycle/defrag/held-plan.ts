import { err, ok, type Result } from "neverthrow";
import type { PersistenceError } from "../../errors.js";
import { PRIVATE_FOLDER } from "../../model/layout.js";
import type { Persistence } from "../../ports/persistence.js";
import type { CombinedDecision } from "./combine-decisions.js";

/** Where a held defrag proposal is saved, relative to the memory root. */
export function heldPlanPath(run: string): string {
  return `${PRIVATE_FOLDER}/defrag-held/${run}.json`;
}

/**
 * Saves a held run's proposal for review: the sound actions it would have applied, every
 * refused action with its rule and reason, and the tiers. Nothing else changes.
 */
export async function saveHeldPlan(
  persistence: Persistence,
  run: string,
  combined: CombinedDecision,
): Promise<Result<string, PersistenceError>> {
  const path = heldPlanPath(run);
  const text = `${JSON.stringify(
    {
      run,
      proposed: combined.proposed,
      accepted: combined.decision,
      refused: combined.refused,
    },
    null,
    2,
  )}\n`;
  const written = await persistence.write(path, text);
  return written.isErr() ? err(written.error) : ok(path);
}
