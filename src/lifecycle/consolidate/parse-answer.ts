import { err, ok, type Result } from "neverthrow";
import { InvalidInputError, type BudgetError, type LlmError } from "../../errors.js";
import type { ModelCalls } from "../spend/spend-meter.js";
import { parseConsolidationAnswer } from "./consolidation-answer.js";
import { validatePlan, type ConsolidationPlan } from "./consolidation-plan.js";
import type { ParseOutputInput } from "./consolidation-steps.js";

/**
 * Turns the model's answer into a validated plan. A malformed or unsound answer gets one
 * repair attempt that shows the model exactly what was wrong; if the second answer fails
 * too, the run fails here and nothing is written.
 */
export async function parseAnswer(
  llm: ModelCalls,
  input: ParseOutputInput,
  signal: AbortSignal,
): Promise<
  Result<{ plan: ConsolidationPlan; repaired: boolean }, InvalidInputError | LlmError | BudgetError>
> {
  const scope = {
    updatableIds: new Set(input.updatableIds),
    inboxIds: new Set(input.inboxIds),
    ...(input.shownIds === undefined ? {} : { shownIds: new Set(input.shownIds) }),
    ...(input.cutIds === undefined ? {} : { cutIds: new Set(input.cutIds) }),
    ...(input.knownIds === undefined ? {} : { knownIds: new Set(input.knownIds) }),
  };
  const check = (answer: string): Result<ConsolidationPlan, string[]> =>
    parseConsolidationAnswer(answer)
      .mapErr((problem) => [problem])
      .andThen((parsed) => validatePlan(parsed, scope));
  const first = check(input.answer);
  if (first.isOk()) return ok({ plan: first.value, repaired: false });

  const repair = await llm.complete(
    {
      system: input.prompt.system,
      prompt:
        `${input.prompt.prompt}\n\n## Your previous answer\n\n${input.answer.slice(0, 20_000)}\n\n` +
        `## It was rejected\n\n${first.error.map((problem) => `- ${problem}`).join("\n")}\n\n` +
        "Answer again with one corrected JSON object and nothing else.",
      signal,
    },
    { batch: 1, of: 1, repair: true },
  );
  if (repair.isErr()) return err(repair.error);
  const second = check(repair.value);
  if (second.isOk()) return ok({ plan: second.value, repaired: true });
  return err(
    new InvalidInputError(
      `The model's answer was rejected twice; nothing was written. Problems: ${second.error.slice(0, 10).join(" ")}`,
    ),
  );
}
