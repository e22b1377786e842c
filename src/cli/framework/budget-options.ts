/**
 * The spend caps of a CLI run: `--max-tokens N` (this run), else
 * $AGENT_MEMORY_MAX_TOKENS_PER_RUN, and $AGENT_MEMORY_MAX_TOKENS_PER_DAY for the day; the
 * library's defaults otherwise. A scheduled job sets the variables in its environment.
 *
 * @module
 */

import { err, ok, type Result } from "neverthrow";
import type { SpendBudget, SpendProgress } from "../../lifecycle/index.js";
import { spendLine, type ProgressLine } from "./llm-progress.js";
import { usageFailure, type CliFailure } from "./cli-failure.js";

/** The variable holding the per-run cap when --max-tokens is not given. */
export const PER_RUN_VARIABLE = "AGENT_MEMORY_MAX_TOKENS_PER_RUN";
/** The variable holding the per-day cap. */
export const PER_DAY_VARIABLE = "AGENT_MEMORY_MAX_TOKENS_PER_DAY";

/**
 * The caps the options and the environment set; a value that is not a whole number above 0
 * is a usage failure naming where it came from.
 *
 * @example
 * ```ts
 * budgetFromOptions({ "max-tokens": "50000" }, process.env, "defrag"); // ok({ perRun: 50000 })
 * ```
 */
export function budgetFromOptions(
  values: { readonly "max-tokens"?: string | undefined },
  env: Readonly<Record<string, string | undefined>>,
  commandName: string,
): Result<Partial<SpendBudget>, CliFailure> {
  const perRun = tokensFrom(values["max-tokens"], "--max-tokens", commandName);
  if (perRun.isErr()) return err(perRun.error);
  const runVariable = tokensFrom(env[PER_RUN_VARIABLE], `$${PER_RUN_VARIABLE}`, commandName);
  if (runVariable.isErr()) return err(runVariable.error);
  const perDay = tokensFrom(env[PER_DAY_VARIABLE], `$${PER_DAY_VARIABLE}`, commandName);
  if (perDay.isErr()) return err(perDay.error);
  const run = perRun.value ?? runVariable.value;
  return ok({
    ...(run === undefined ? {} : { perRun: run }),
    ...(perDay.value === undefined ? {} : { perDay: perDay.value }),
  });
}

function tokensFrom(
  raw: string | undefined,
  source: string,
  commandName: string,
): Result<number | undefined, CliFailure> {
  const text = raw?.trim().replaceAll("_", "");
  if (text === undefined || text === "") return ok(undefined);
  if (/^[1-9]\d{0,14}$/.test(text)) return ok(Number(text));
  return err(
    usageFailure(
      `${source} takes a whole number of tokens above 0, e.g. 200000 (was "${raw ?? ""}")`,
      commandName,
    ),
  );
}

/**
 * What a model command passes to openMemory: its caps, and its progress line per call when
 * progress is on.
 *
 * @example
 * ```ts
 * const spend = spendOptions(values, io, "defrag");
 * if (spend.isErr()) return out.fail(spend.error);
 * const opened = await openMemory(values.root, io, { llm, ...spend.value });
 * ```
 */
export function spendOptions(
  values: { readonly "max-tokens"?: string | undefined },
  env: Readonly<Record<string, string | undefined>>,
  progress: ProgressLine | undefined,
  commandName: string,
): Result<
  { budget: Partial<SpendBudget>; onProgress?: (event: SpendProgress) => void },
  CliFailure
> {
  return budgetFromOptions(values, env, commandName).map((budget) =>
    progress === undefined
      ? { budget }
      : { budget, onProgress: (event: SpendProgress) => progress(spendLine(event)) },
  );
}

/**
 * The lines a stopped run adds on stderr: what happened, the figures, and what to do.
 *
 * @example
 * ```ts
 * budgetAdvice("defrag", report.budgetStop); // "memory defrag: BUDGET: the defrag run stopped ..."
 * ```
 */
export function budgetAdvice(commandName: string, stop: { readonly message: string }): string {
  return `memory ${commandName}: ${stop.message}\n`;
}
