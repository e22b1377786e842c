import { err, ok, okAsync, type Result, type ResultAsync } from "neverthrow";
import {
  GitError,
  InvalidInputError,
  type DuplicateIdError,
  type LockError,
  type NotFoundError,
  type PersistenceError,
} from "../errors.js";
import type { NotesContext } from "./notes-context.js";

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
  ctx: NotesContext,
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

/** Commits `files` when the mutation was asked to; resolves to the commit id or null. */
export function commitIfAsked(
  ctx: NotesContext,
  options: MutationOptions,
  files: readonly string[],
): ResultAsync<string | null, GitError> {
  if (options.commit === undefined || ctx.git === undefined) return okAsync(null);
  return ctx.git.commit(options.commit, files);
}

/** The errors every mutation can return: what it touches may be missing, duplicated, refused, locked, or fail to write or commit. */
export type MutationError =
  | NotFoundError
  | DuplicateIdError
  | InvalidInputError
  | PersistenceError
  | GitError
  | LockError;
