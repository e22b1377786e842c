/**
 * Progress of the long model runs (consolidate, defrag, sync) on stderr: a line when a model
 * call starts and one when it ends, so a run of minutes is not silent. Shown when stderr is a
 * terminal and the output is not --json, or whenever --progress is given.
 *
 * @module
 */

import type { Llm } from "../../index.js";
import type { CliIo } from "./cli-io.js";

/** Writes one progress line, or nothing when progress is off. */
export type ProgressLine = (line: string) => void;

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
      return llm
        .complete(request)
        .map((answer) => {
          progress(
            `model call ${call} answered in ${seconds()} s (${answer.length.toLocaleString("en-US")} characters)`,
          );
          return answer;
        })
        .mapErr((error) => {
          progress(`model call ${call} failed after ${seconds()} s (${error.code})`);
          return error;
        });
    },
  };
}
