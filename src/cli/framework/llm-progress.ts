/**
 * Progress of the long model runs (consolidate, defrag, sync) on stderr: a line when a model
 * call starts and one when it ends with its tokens (batch k of n, the run's and the day's
 * tokens beside their caps), so a run of minutes is not silent. Shown when stderr is a
 * terminal and the output is not --json, or whenever --progress is given.
 *
 * @module
 */

import type { Llm } from "../../index.js";
import type { SpendProgress } from "../../lifecycle/index.js";
import type { CliIo } from "./cli-io.js";

/** Writes one progress line, or nothing when progress is off. */
export type ProgressLine = (line: string) => void;

// How long the last model call took, for its answered line: one CLI process runs one command,
// whose calls are made one at a time.
let lastSeconds = "";

/**
 * Where progress goes for a command run, or undefined when it is off.
 *
 * @example
 * ```ts
 * const progress = progressFor(values, io, "consolidate"); // on: "memory consolidate: ..." lines on stderr
 * ```
 */
export function progressFor(
  values: { readonly json?: boolean | undefined; readonly progress?: boolean | undefined },
  io: Pick<CliIo, "stderr" | "stderrIsTerminal">,
  commandName: string,
): ProgressLine | undefined {
  const on = values.progress === true || (values.json !== true && io.stderrIsTerminal === true);
  return on ? (line) => io.stderr(`memory ${commandName}: ${line}\n`) : undefined;
}

/**
 * The same model, reporting each call's start and end.
 *
 * @example
 * ```ts
 * const llm = withProgress(llmFromCommand({ command: "claude", args: ["-p"] }), progress);
 * ```
 */
export function withProgress(
  llm: Llm,
  progress: ProgressLine | undefined,
  now: () => number = Date.now,
): Llm {
  if (progress === undefined) return llm;
  let calls = 0;
  return {
    complete(request) {
      calls += 1;
      const call = calls;
      const started = now();
      const size = (request.system.length + request.prompt.length).toLocaleString("en-US");
      progress(`model call ${call} started (prompt ${size} characters)`);
      const seconds = () => ((now() - started) / 1000).toFixed(1);
      // The answered line is the memory's spend event (spendLine), which knows the tokens.
      return llm
        .complete(request)
        .map((answer) => {
          lastSeconds = seconds();
          return answer;
        })
        .mapErr((error) => {
          progress(`model call ${call} failed after ${seconds()} s (${error.code})`);
          return error;
        });
    },
  };
}

const grouped = (tokens: number): string =>
  tokens === Number.POSITIVE_INFINITY ? "no cap" : tokens.toLocaleString("en-US");

/**
 * The line of a model call that ended, from the memory's spend event: its batch, its tokens,
 * and the run's and the day's so far beside their caps.
 *
 * @example
 * ```ts
 * spendLine(event);
 * // "model call 2 answered in 41.3 s (batch 2 of 3): 11,840 tokens in, 912 out (estimated); this run 25,104 of 400,000, today 61,020 of 2,000,000"
 * ```
 */
export function spendLine(event: SpendProgress): string {
  const step =
    event.step === undefined
      ? ""
      : ` (${event.step.repair === true ? "repair of " : ""}batch ${event.step.batch} of ${event.step.of})`;
  const took = lastSeconds === "" ? "" : ` in ${lastSeconds} s`;
  lastSeconds = "";
  const what = event.failed ? "failed" : `answered${took}`;
  return (
    `model call ${event.call} ${what}${step}: ${grouped(event.inputTokens)} tokens in, ` +
    `${grouped(event.outputTokens)} out${event.counted === "estimate" ? " (estimated)" : ""}; ` +
    `this run ${grouped(event.runTokens)} of ${grouped(event.perRun)}, ` +
    `today ${grouped(event.dayTokens)} of ${grouped(event.perDay)}`
  );
}
