/**
 * The model options of the commands that run an LLM besides consolidate (defrag, sync):
 * `--llm-cmd` (else $AGENT_MEMORY_LLM_CMD) and `--timeout`, checked and turned into an Llm
 * the same way `memory consolidate` does.
 *
 * @module
 */

import { err, ok, type Result } from "neverthrow";
import type { Llm } from "../../index.js";
import { usageFailure, type CliFailure } from "./cli-failure.js";
import type { OptionHelp, OptionsConfig } from "./command.js";
import { EXIT } from "./exit-codes.js";
import { withProgress, type ProgressLine } from "./llm-progress.js";
import { LLM_COMMAND_HINT, LLM_COMMAND_VARIABLE, llmCommandLine } from "./llm-command-line.js";

/** The longest --timeout: node's timers overflow past 2^31 - 1 ms (about 24 days). */
export const MAX_TIMEOUT_S = 2_000_000;

/** The parseArgs options of the model. */
export const LLM_OPTIONS = {
  "llm-cmd": { type: "string" },
  timeout: { type: "string" },
  progress: { type: "boolean" },
  "max-tokens": { type: "string" },
} as const satisfies OptionsConfig;

/** Their help lines. */
export const LLM_OPTION_HELP: readonly OptionHelp[] = [
  [
    "--llm-cmd COMMAND",
    `The model command, e.g. --llm-cmd "claude -p". Default: $${LLM_COMMAND_VARIABLE}.`,
  ],
  [
    "--timeout SECONDS",
    "Stop the model command after this long, e.g. --timeout 300 (default 600).",
  ],
  [
    "--progress",
    "A stderr line per model call, even when stderr is not a terminal (default: only on a terminal, never with --json).",
  ],
  [
    "--max-tokens N",
    "Cap this run's model tokens (prompts and answers; default 400,000, else $AGENT_MEMORY_MAX_TOKENS_PER_RUN). " +
      "The day's cap is $AGENT_MEMORY_MAX_TOKENS_PER_DAY (default 2,000,000). A call that would cross a cap is not made: " +
      "the run keeps what it did and exits 1 with BUDGET.",
  ],
];

/** The values of {@link LLM_OPTIONS} as parseArgs returns them. */
export interface LlmOptionValues {
  readonly "llm-cmd"?: string | undefined;
  readonly timeout?: string | undefined;
  readonly progress?: boolean | undefined;
  readonly "max-tokens"?: string | undefined;
}

/**
 * The model command the options name, as an Llm: a bad `--timeout` or an unsplittable line
 * is a usage failure (exit 2), no command at all a failure with code LLM (exit 1) saying
 * how to set one.
 *
 * @example
 * ```ts
 * const llm = await llmFromOptions(values, io.env, "defrag");
 * if (llm.isErr()) return out.fail(llm.error);
 * ```
 */
export async function llmFromOptions(
  values: LlmOptionValues,
  env: Readonly<Record<string, string | undefined>>,
  commandName: string,
  progress?: ProgressLine,
): Promise<Result<Llm, CliFailure>> {
  const timeout = values.timeout?.trim();
  if (
    timeout !== undefined &&
    !(/^\d+(\.\d+)?$/.test(timeout) && Number(timeout) > 0 && Number(timeout) <= MAX_TIMEOUT_S)
  ) {
    return err(
      usageFailure(`--timeout takes seconds, above 0 and up to ${MAX_TIMEOUT_S}`, commandName),
    );
  }
  const line = llmCommandLine(values["llm-cmd"], env);
  if (line.isErr()) return err(usageFailure(line.error, commandName));
  if (line.value === undefined) {
    return err({
      code: "LLM",
      message: `${commandName} needs an LLM command: ${LLM_COMMAND_HINT}.`,
      exitCode: EXIT.failed,
    });
  }
  const { command, args } = line.value;
  // Loaded here, not at startup: `--help` and usage errors never need it.
  const { llmFromCommand } = await import("../../adapters/index.js");
  return ok(
    withProgress(
      llmFromCommand({
        command,
        args,
        ...(timeout === undefined ? {} : { timeoutMs: Math.ceil(Number(timeout) * 1000) }),
      }),
      progress,
    ),
  );
}
