/**
 * Turning how an LLM command ended into its answer or an LlmError that tells a person what
 * happened and what to change.
 */
import { err, ok, type Result } from "neverthrow";
import { LlmError } from "../../errors.js";
import type { LlmProcessEnd } from "./llm-command-process.js";

/**
 * What the messages name.
 *
 * @example
 * ```ts
 * const run: CommandDescription = { command: "claude", label: "claude -p", timeoutMs: 600_000, maxOutputBytes: 10_485_760 };
 * ```
 */
export interface CommandDescription {
  /** The program, as configured. */
  readonly command: string;
  /** The program and its configured arguments, for messages (never the prompts). */
  readonly label: string;
  readonly timeoutMs: number;
  readonly maxOutputBytes: number;
  /** The working directory, when one was set: a missing one also fails with ENOENT. */
  readonly cwd?: string;
}

/**
 * How many lines of stderr an error message quotes: the end is where CLIs say what failed.
 *
 * @example
 * ```ts
 * // "… failed with exit code 3.\nlast 20 lines of stderr:\n…"
 * STDERR_LINES; // 20
 * ```
 */
export const STDERR_LINES = 20;

/**
 * The trimmed stdout of a successful run, or the LlmError for any other ending.
 *
 * @example
 * ```ts
 * commandAnswer({ kind: "answered", stdout: "Paris\n", stderrTail: "" }, run); // ok("Paris")
 * commandAnswer({ kind: "exited", exitCode: 3, stderrTail: "quota exceeded" }, run).isErr(); // true
 * ```
 */
export function commandAnswer(
  end: LlmProcessEnd,
  run: CommandDescription,
): Result<string, LlmError> {
  const name = `The LLM command "${run.label}"`;
  switch (end.kind) {
    case "answered": {
      const answer = end.stdout.trim();
      if (answer !== "") return ok(answer);
      return fail(
        `${name} succeeded but printed no answer on stdout.${stderrPart(end.stderrTail)}`,
      );
    }
    case "exited":
      return fail(`${name} failed with exit code ${end.exitCode}.${stderrPart(end.stderrTail)}`, {
        exitCode: end.exitCode,
      });
    case "killed":
      return fail(`${name} was killed by ${end.signal}.${stderrPart(end.stderrTail)}`);
    case "timed-out":
      return fail(
        `${name} did not answer within ${seconds(run.timeoutMs)} and was stopped. ` +
          `Raise timeoutMs if the model needs longer.${stderrPart(end.stderrTail)}`,
      );
    case "aborted":
      return fail(`${name} was aborted before it answered.`, end.reason);
    case "too-large":
      return fail(
        `${name} printed more than ${run.maxOutputBytes} bytes and was stopped: ` +
          `that is no completion. Check that it prints only the answer, or raise maxOutputBytes.`,
      );
    case "spawn-failed":
      return fail(spawnMessage(end.error, run), end.error);
  }
}

function spawnMessage(error: Error, run: CommandDescription): string {
  const code = "code" in error ? error.code : undefined;
  if (code === "ENOENT") {
    return (
      `The LLM command "${run.command}" was not found on the PATH` +
      (run.cwd === undefined ? "" : ` (or its working directory ${run.cwd} does not exist)`) +
      `. Install it, or set the command to the program's full path, e.g. ` +
      `llmFromCommand({ command: "/usr/local/bin/${basename(run.command)}" }).`
    );
  }
  if (code === "EACCES") {
    return `The LLM command "${run.command}" is not executable: check its permissions (chmod +x).`;
  }
  return `The LLM command "${run.command}" could not be started: ${error.message}`;
}

function stderrPart(stderrTail: string): string {
  if (stderrTail === "") return " It wrote nothing to stderr.";
  const lines = stderrTail.split(/\r?\n/);
  const shown = lines.slice(-STDERR_LINES).join("\n");
  const intro = lines.length > STDERR_LINES ? `last ${STDERR_LINES} lines of stderr` : "stderr";
  return `\n${intro}:\n${shown}`;
}

function seconds(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000} s` : `${(ms / 1000).toFixed(1)} s`;
}

function basename(command: string): string {
  return command.slice(Math.max(command.lastIndexOf("/"), command.lastIndexOf("\\")) + 1);
}

function fail(message: string, cause?: unknown): Result<never, LlmError> {
  return err(new LlmError(message, cause === undefined ? {} : { cause }));
}
