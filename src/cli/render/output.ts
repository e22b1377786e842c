/**
 * Printing: short human-readable text by default, JSON a program can parse with `--json`.
 * Failures are one `memory: ...` line on stderr in both modes; in JSON mode stdout also
 * gets `{ "error": { code, message, suggestions? } }` so a program reading stdout is never
 * left with nothing to parse.
 *
 * @module
 */

import type { CliFailure } from "../framework/cli-failure.js";
import type { CliIo } from "../framework/cli-io.js";
import { EXIT, type ExitCode } from "../framework/exit-codes.js";

/** Where a command sends its results. */
export interface Output {
  /** Whether `--json` was given. */
  readonly json: boolean;
  /**
   * Prints a result: `data` as JSON, or the human text (built lazily: JSON mode never needs it).
   * An empty human text prints nothing.
   */
  print(data: unknown, human: () => string): void;
  /** Prints a failure and returns its exit code. */
  fail(failure: CliFailure): ExitCode;
  /**
   * Prints the one `memory: ...` stderr line of a command whose result is already on stdout
   * but which still exits 1 (doctor's findings, a migration with files left behind).
   */
  problem(message: string): void;
}

/**
 * Builds the output of one command run.
 *
 * @example
 * ```ts
 * const out = createOutput(io, true);
 * out.print({ id }, () => `Captured ${id}`); // prints {"id": "..."} as JSON
 * ```
 */
export function createOutput(io: CliIo, json: boolean): Output {
  return {
    json,
    print(data, human) {
      if (json) {
        io.stdout(`${JSON.stringify(data, null, 2)}\n`);
        return;
      }
      const text = human();
      if (text !== "") io.stdout(text.endsWith("\n") ? text : `${text}\n`);
    },
    fail(failure) {
      io.stderr(`memory: ${oneLine(failure.message)}\n`);
      if (json) {
        const { code, message, suggestions, details } = failure;
        const error = {
          ...details,
          code,
          message,
          ...(suggestions === undefined ? {} : { suggestions }),
        };
        io.stdout(`${JSON.stringify({ error }, null, 2)}\n`);
      }
      return failure.exitCode === EXIT.ok ? EXIT.failed : failure.exitCode;
    },
    problem(message) {
      io.stderr(`memory: ${oneLine(message)}\n`);
    },
  };
}

/** Error output is one line: a message with line breaks (git's stderr, say) is folded. */
export function oneLine(text: string): string {
  return text.replace(/\s*[\r\n]+\s*/g, " ").trim();
}
