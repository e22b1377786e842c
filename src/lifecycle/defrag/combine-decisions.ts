import type { DefragDecision } from "./defrag-decision.js";
import type { AnalyzeOutput } from "./defrag-steps.js";
import type { SimNote } from "./dry-run-decision.js";
import { screenDecisions, type ScreenedDecision } from "./validate-decision.js";
import { plannedId } from "../run-key.js";

/** The id of part `i` of a split of `id` in the run `run`: the same on a re-run. */
export function splitPartId(run: string): (id: string, part: number) => string {
  return (id, part) => plannedId(run, `split:${id}#${part}`);
}

/**
 * Above this share of refused actions a run is held for review instead of applied: a model
 * that breaks most rules has likely misread the memory, and its few sound actions can wait.
 */
export const HOLD_ABOVE_REFUSED_SHARE = 0.5;

/** The decisions screened, and whether the run is held instead of applied. */
export interface CombinedDecision extends ScreenedDecision {
  readonly held: boolean;
}

/**
 * Screens the batches' decisions action by action (merges stay inside their batch; the
 * guardrails and the link checks hold over the whole run) and joins the tiers in batch order
 * up to their limits. The run is held when more than half the proposed actions are refused.
 */
export function combineDecisions(
  analysis: AnalyzeOutput,
  decisions: readonly DefragDecision[],
): CombinedDecision {
  const notes = new Map<string, SimNote>(analysis.notes.map((note) => [note.id, note]));
  const screened = screenDecisions(
    decisions.map((decision, i) => ({
      decision,
      batch: analysis.batches[i]?.ids ?? new Set<string>(),
      shown: analysis.batches[i]?.shown ?? new Set<string>(),
    })),
    {
      notes,
      indexBody: analysis.indexBody,
      totalNotes: analysis.notes.filter((note) => note.status !== "archived").length,
      guardrails: analysis.guardrails,
      splitIds: splitPartId(analysis.run),
    },
  );
  const refusedActions = screened.refused.filter((r) => r.action.type !== "tier").length;
  return {
    ...screened,
    held: refusedActions > screened.proposed * HOLD_ABOVE_REFUSED_SHARE,
  };
}
