/**
 * The CLI's exit codes, one meaning each, so scripts can branch on them.
 *
 * @module
 */

/** Exit codes of the `memory` command. */
export const EXIT = {
  /** The command did what was asked (doctor: found nothing worse than info). */
  ok: 0,
  /** An operation was refused or failed, or doctor found problems. */
  failed: 1,
  /** The command line itself was wrong: unknown command or option, missing argument. */
  usage: 2,
} as const;

/** One of {@link EXIT}'s values. */
export type ExitCode = (typeof EXIT)[keyof typeof EXIT];
