import { err, ok, type Result } from "neverthrow";
import { BudgetError, InvalidInputError, type LlmError } from "../../errors.js";
import type { BudgetStop, ModelCalls } from "../spend/spend-meter.js";
import { parseDefragDecision, type DefragDecision } from "./defrag-decision.js";
import { buildDefragPrompt } from "./defrag-prompt.js";
import type { PlanInput } from "./defrag-steps.js";

/** The decisions of a plan, and the budget stop that cut it short, if one did. */
export interface PlannedDecisions {
  /** One per batch; a batch the caps left unasked keeps its tiers and gets no action. */
  readonly decisions: DefragDecision[];
  readonly budgetStop?: BudgetStop;
}

/**
 * Asks the model for one decision per batch. A malformed answer gets one repair attempt
 * that shows the problem; a second malformed answer fails the run with nothing changed. A
 * call the spend caps refuse ends the asking: the batches decided so far are applied, the
 * others stay as they are (their tiers kept), and the stop is reported.
 */
export async function planDecisions(
  llm: ModelCalls,
  input: PlanInput,
  signal: AbortSignal,
): Promise<Result<PlannedDecisions, InvalidInputError | LlmError>> {
  const { analysis } = input;
  const decisions: DefragDecision[] = [];
  const bodies = new Map(analysis.notes.map((note) => [note.id, note.body]));
  for (const [i, batch] of analysis.batches.entries()) {
    const request = buildDefragPrompt({
      batch,
      findings: analysis.findings[i] ?? {
        orphans: [],
        nearDuplicates: [],
        oversize: [],
        brokenLinks: [],
        deadEnds: [],
        cycles: [],
      },
      hot: analysis.hot.filter((id) => batch.ids.has(id)),
      warm: analysis.warm.filter((id) => batch.ids.has(id)),
      guardrails: analysis.guardrails,
      position: [i + 1, analysis.batches.length],
      bodies,
    });
    const step = { batch: i + 1, of: analysis.batches.length };
    const answer = await llm.complete({ ...request, signal }, step);
    if (answer.isErr()) return stopOrFail(answer.error, decisions, analysis);
    let parsed = parseDefragDecision(answer.value);
    if (parsed.isErr()) {
      const repair = await llm.complete(
        {
          system: request.system,
          prompt: `${request.prompt}\n## Your previous answer\n\n${answer.value.slice(0, 20_000)}\n\n## It was rejected\n\n${parsed.error}\n\nAnswer again with one corrected JSON object and nothing else.`,
          signal,
        },
        { ...step, repair: true },
      );
      if (repair.isErr()) return stopOrFail(repair.error, decisions, analysis);
      parsed = parseDefragDecision(repair.value);
      if (parsed.isErr()) {
        return err(
          new InvalidInputError(
            `The model's defrag answer for batch ${i + 1} was rejected twice: ${parsed.error}`,
          ),
        );
      }
    }
    decisions.push(parsed.value);
  }
  return ok({ decisions });
}

/** A budget stop keeps the decided batches and leaves the rest as they are; any other error fails. */
function stopOrFail(
  error: LlmError | BudgetError,
  decided: readonly DefragDecision[],
  analysis: PlanInput["analysis"],
): Result<PlannedDecisions, LlmError> {
  if (!(error instanceof BudgetError)) return err(error);
  const unasked = analysis.batches.slice(decided.length).map((batch) => ({
    hotTier: analysis.hot.filter((id) => batch.ids.has(id)),
    warmTier: analysis.warm.filter((id) => batch.ids.has(id)),
    actions: [],
  }));
  return ok({ decisions: [...decided, ...unasked], budgetStop: error.toJSON() });
}
