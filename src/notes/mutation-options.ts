import { err, ok, okAsync, type Result, type ResultAsync } from "neverthrow";
import {
  GitError,
  InvalidInputError,
  type DuplicateIdError,
  type LockError,
  type NotFoundError,
  type PersistenceError,
} from "../errors.js";
import type { NoteMeta } from "./store/note-meta.js";
import type { NotesDeps } from "./notes-deps.js";

/** Options every mutation accepts. */
export interface MutationOptions {
  /**
   * Commit the files the mutation touched, with this message. Without it the caller
   * commits a batch later with `memory.commit(message)`.
   */
  readonly commit?: string;
}

/** Refuses a commit request up front (before anything is written) when it cannot be honoured. */
export function checkCommitRequest(
  ctx: NotesDeps,
  options: MutationOptions,
): Result<void, GitError | InvalidInputError> {
  if (options.commit === undefined) return ok(undefined);
  if (options.commit.trim() === "") {
    return err(
      new InvalidInputError("A commit message must say what changed; pass a non-empty `commit`."),
    );
  }
  if (ctx.git === undefined) {
    return err(
      new GitError(
        "This memory has no git port, so it cannot commit: drop `commit` or pass `git` to createMemory.",
      ),
    );
  }
  return ok(undefined);
}

/**
 * What became of the commit a mutation was asked for. The change itself is applied whenever a
 * mutation returns Ok; this says whether it is also in git.
 */
export interface CommitOutcome {
  /** The commit holding the change; null when none was asked, nothing changed, or it failed. */
  readonly commit: string | null;
  /**
   * Set when a commit was asked for and failed after the change was applied: why. The files
   * are changed on disk and uncommitted; `memory.commit(message)` (or `git commit`) commits
   * them later. Repeating the mutation would apply it twice.
   */
  readonly notCommitted?: string;
}

/** A note a mutation wrote (capture, update, append), with what became of its commit. */
export type ChangedNote = NoteMeta & CommitOutcome;

/**
 * Commits `files` when the mutation was asked to. Never fails: the mutation has been applied
 * by then, so a failed commit is reported in the outcome, not as the mutation's failure.
 */
export function commitIfAsked(
  ctx: NotesDeps,
  options: MutationOptions,
  files: readonly string[],
): ResultAsync<CommitOutcome, never> {
  if (options.commit === undefined || ctx.git === undefined) return okAsync({ commit: null });
  return ctx.git
    .commit(options.commit, files)
    .map((commit): CommitOutcome => ({ commit }))
    .orElse((error) =>
      okAsync<CommitOutcome, never>({
        commit: null,
        notCommitted: `${error.message} The change is applied but not committed.`,
      }),
    );
}

/** The errors every mutation can return: what it touches may be missing, duplicated, refused, locked, or fail to write or commit. */
export type MutationError =
  | NotFoundError
  | DuplicateIdError
  | InvalidInputError
  | PersistenceError
  | GitError
  | LockError;
