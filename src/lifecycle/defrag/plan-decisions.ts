import { err, ok, type Result } from "neverthrow";
import { InvalidInputError, type LlmError } from "../../errors.js";
import type { Llm } from "../../ports/llm.js";
import { parseDefragDecision, type DefragDecision } from "./defrag-decision.js";
import { buildDefragPrompt } from "./defrag-prompt.js";
import type { PlanInput } from "./defrag-steps.js";

/**
 * Asks the model for one decision per batch. A malformed answer gets one repair attempt
 * that shows the problem; a second malformed answer fails the run with nothing changed.
 */
export async function planDecisions(
  llm: Llm,
  input: PlanInput,
  signal: AbortSignal,
): Promise<Result<DefragDecision[], InvalidInputError | LlmError>> {
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
    const answer = await llm.complete({ ...request, signal });
    if (answer.isErr()) return err(answer.error);
    let parsed = parseDefragDecision(answer.value);
    if (parsed.isErr()) {
      const repair = await llm.complete({
        system: request.system,
        prompt: `${request.prompt}\n## Your previous answer\n\n${answer.value.slice(0, 20_000)}\n\n## It was rejected\n\n${parsed.error}\n\nAnswer again with one corrected JSON object and nothing else.`,
        signal,
      });
      if (repair.isErr()) return err(repair.error);
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
  return ok(decisions);
}
