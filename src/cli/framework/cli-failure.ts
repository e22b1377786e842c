/**
 * What the CLI reports when a command cannot do its job: the library's error or a usage
 * mistake, reduced to one line a person can act on and an exit code.
 *
 * @module
 */

import { EXIT, type ExitCode } from "./exit-codes.js";

/** A note offered in place of an id that names none. */
export interface Suggestion {
  readonly id: string;
  readonly title: string;
}

/** A failed command, ready to print. */
export interface CliFailure {
  /** A literal code: the library's (NOT_FOUND, CONFLICT, ...) or USAGE for a bad command line. */
  readonly code: string;
  /** What went wrong and how to fix it. */
  readonly message: string;
  readonly exitCode: ExitCode;
  /** The closest notes, when an id named none. */
  readonly suggestions?: readonly Suggestion[];
  /** More fields for the `--json` error (a sync's failed step and what it applied before). */
  readonly details?: Readonly<Record<string, unknown>>;
}

/**
 * A bad command line: exit 2 and a pointer to the help.
 *
 * @example
 * ```ts
 * usageFailure('missing <id>', "show"); // message ends with: Run "memory show --help".
 * ```
 */
export function usageFailure(message: string, command?: string): CliFailure {
  const help = command === undefined ? "memory --help" : `memory ${command} --help`;
  return { code: "USAGE", message: `${message}. Run "${help}" for usage.`, exitCode: EXIT.usage };
}

/**
 * A library error (anything with a `code` and a `message`) as a refused operation: exit 1.
 *
 * @example
 * ```ts
 * const result = await memory.read(id);
 * if (result.isErr()) return out.fail(failureFrom(result.error));
 * ```
 */
export function failureFrom(error: {
  readonly code: string;
  readonly message: string;
}): CliFailure {
  return { code: error.code, message: error.message, exitCode: EXIT.failed };
}
