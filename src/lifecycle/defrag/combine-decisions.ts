import { err, ok, type Result } from "neverthrow";
import type { DefragDecision } from "./defrag-decision.js";
import type { AnalyzeOutput } from "./defrag-steps.js";
import { DecisionRejectedError } from "./defrag-steps.js";
import type { SimNote } from "./dry-run-decision.js";
import { validateDecision, type DecisionContext } from "./validate-decision.js";
import { plannedId } from "../run-key.js";

/** The id of part `i` of a split of `id` in the run `run`: the same on a re-run. */
export function splitPartId(run: string): (id: string, part: number) => string {
  return (id, part) => plannedId(run, `split:${id}#${part}`);
}

const unique = (ids: readonly string[], limit: number) => [...new Set(ids)].slice(0, limit);

/**
 * Validates each batch's decision on its own (merges stay inside the batch), then the
 * combination against the whole memory (no new broken link across batches, the guardrails
 * over the whole run, the tiers). The tiers are joined in batch order up to their limits.
 */
export function combineDecisions(
  analysis: AnalyzeOutput,
  decisions: readonly DefragDecision[],
): Result<DefragDecision, DecisionRejectedError> {
  const notes = new Map<string, SimNote>(analysis.notes.map((note) => [note.id, note]));
  const base: Omit<DecisionContext, "batch"> = {
    notes,
    indexBody: analysis.indexBody,
    totalNotes: analysis.notes.filter((note) => note.status !== "archived").length,
    guardrails: analysis.guardrails,
    splitIds: splitPartId(analysis.run),
  };
  for (const [i, decision] of decisions.entries()) {
    const batch = analysis.batches[i]?.ids ?? new Set<string>();
    const checked = validateDecision(decision, { ...base, batch });
    if (checked.isErr())
      return err(
        new DecisionRejectedError(checked.error.rule, `(batch ${i + 1}) ${checked.error.message}`),
      );
  }
  const hot = unique(
    decisions.flatMap((d) => d.hotTier),
    analysis.guardrails.maxHot,
  );
  const warm = unique(
    decisions.flatMap((d) => d.warmTier),
    analysis.guardrails.maxWarm + hot.length,
  ).filter((id) => !hot.includes(id));
  const combined: DefragDecision = {
    hotTier: hot,
    warmTier: warm.slice(0, analysis.guardrails.maxWarm),
    actions: decisions.flatMap((d) => d.actions),
  };
  const checked = validateDecision(combined, { ...base, batch: new Set(notes.keys()) });
  return checked.isErr()
    ? err(new DecisionRejectedError(checked.error.rule, checked.error.message))
    : ok(combined);
}
