/**
 * Whether a mutating command commits, with which message, and how that is reported.
 *
 * @module
 */

import type { CommitOutcome, NotesMemory } from "../../index.js";
import type { OpenedNotes } from "./open-memory.js";

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
  opened: Pick<OpenedNotes, "git" | "root">,
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
 * Commits `paths` through the memory (under its lock, so parallel commands never collide on
 * git's index) when the choice says so. A failed commit is an outcome, not a failure: the
 * command's change is applied by then, and a retry would apply it twice.
 *
 * @example
 * ```ts
 * const outcome = await commitPaths(memory, choice, [note.path]); // { commit } or { commit: null, notCommitted }
 * ```
 */
export async function commitPaths(
  memory: Pick<NotesMemory, "commit">,
  choice: CommitChoice,
  paths: readonly string[],
): Promise<CommitOutcome> {
  if (!choice.commit) return { commit: null };
  const committed = await memory.commit(choice.message, paths);
  if (committed.isOk()) return { commit: committed.value };
  return {
    commit: null,
    notCommitted: `${committed.error.message} The change is applied but not committed.`,
  };
}

/**
 * The human line about the commit a command made (or did not make).
 *
 * @example
 * ```ts
 * describeCommit({ commit: "9fceb02d0ae598e95dc970b74767f19372d61af8" }, choice); // 'Committed 9fceb02: memory: ...'
 * ```
 */
export function describeCommit(outcome: CommitOutcome, choice: CommitChoice): string {
  if (!choice.commit) return `Not committed: ${choice.reason}.`;
  if (outcome.notCommitted !== undefined) return `Applied, not committed: ${outcome.notCommitted}`;
  if (outcome.commit === null) return "Nothing to commit.";
  return `Committed ${outcome.commit.slice(0, 7)}: ${choice.message}`;
}

/** A title quoted for a commit message, shortened so the subject line stays readable. */
export function quoteTitle(title: string): string {
  const chars = [...title];
  return JSON.stringify(chars.length > 50 ? `${chars.slice(0, 49).join("")}…` : title);
}
