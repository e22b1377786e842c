/**
 * Whether a mutating command commits, with which message, and how that is reported.
 *
 * @module
 */

import type { OpenedMemory } from "./open-memory.js";

/** Commit with this message, or don't, and why not. */
export type CommitChoice =
  | { readonly commit: true; readonly message: string }
  | { readonly commit: false; readonly reason: string };

/**
 * Decides about committing: never with `--no-commit`, never without a repository.
 *
 * @example
 * ```ts
 * const choice = chooseCommit(opened, values["no-commit"], `memory: archive "Igor" (id__Kf9mNp)`);
 * await opened.memory.archive(id, commitOptions(choice));
 * ```
 */
export function chooseCommit(
  opened: Pick<OpenedMemory, "git" | "root">,
  noCommit: boolean | undefined,
  message: string,
): CommitChoice {
  if (noCommit === true) return { commit: false, reason: "--no-commit was given" };
  if (opened.git === undefined) {
    return {
      commit: false,
      reason: `${opened.root} is not in a git repository (run "memory init" there to create one)`,
    };
  }
  return { commit: true, message };
}

/** The `{ commit }` option of the memory's mutating operations for a choice. */
export function commitOptions(choice: CommitChoice): { commit?: string } {
  return choice.commit ? { commit: choice.message } : {};
}

/**
 * The human line about the commit a command made (or did not make).
 *
 * @example
 * ```ts
 * describeCommit("9fceb02d0ae598e95dc970b74767f19372d61af8", choice); // 'Committed 9fceb02: memory: ...'
 * ```
 */
export function describeCommit(sha: string | null, choice: CommitChoice): string {
  if (!choice.commit) return `Not committed: ${choice.reason}.`;
  if (sha === null) return "Nothing to commit.";
  return `Committed ${sha.slice(0, 7)}: ${choice.message}`;
}

/** A title quoted for a commit message, shortened so the subject line stays readable. */
export function quoteTitle(title: string): string {
  const chars = [...title];
  return JSON.stringify(chars.length > 50 ? `${chars.slice(0, 49).join("")}…` : title);
}
