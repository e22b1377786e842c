import type { ResultAsync } from "neverthrow";
import type { ConflictError, GitError } from "../errors.js";

/** When a note was first and last committed, from git history. */
export interface CommittedTimes {
  /** Author time of the first commit that added a file carrying the id, epoch ms. */
  readonly createdAt: number;
  /** Author time of the latest commit that touched a file carrying the id, epoch ms. */
  readonly updatedAt: number;
}

/** The author recorded on commits the library makes. */
export interface GitAuthor {
  readonly name: string;
  readonly email: string;
}

/** A commit that wrote lines of a blamed file. */
export interface BlameCommit {
  /** The full commit id. */
  readonly id: string;
  readonly author: GitAuthor;
  /** Author time, epoch ms. */
  readonly authorTimeMs: number;
  /** The whole commit message (subject, body and trailers). */
  readonly message: string;
}

/** One line of a file as HEAD holds it, and the commit that last wrote it. */
export interface BlameLine {
  /** The line's text, without its newline. */
  readonly text: string;
  /** Id of the commit that wrote it (a key of {@link Blame.commits}). */
  readonly commit: string;
}

/** Which commit wrote each line of a file at HEAD. */
export interface Blame {
  readonly lines: readonly BlameLine[];
  /** Every commit named by a line, by id. */
  readonly commits: ReadonlyMap<string, BlameCommit>;
}

/**
 * The git port. Paths are relative to the memory root, which may be a subfolder
 * of the repository: adapters find the repository and translate.
 */
export interface Git {
  /**
   * createdAt and updatedAt for every note id that appears in the history under
   * `prefix` (relative to the memory root, default the whole root), from ONE history walk.
   * Keyed by note id, so a rename or a move keeps createdAt.
   */
  timestamps(prefix?: string): ResultAsync<Map<string, CommittedTimes>, GitError>;
  /**
   * Stages `paths` (default: everything under the memory root), additions and deletions
   * alike, and commits them. Resolves to the new commit's id, or `null` when there was
   * nothing to commit (no empty commits).
   */
  commit(message: string, paths?: readonly string[]): ResultAsync<string | null, GitError>;
  /**
   * Optional: brings in the remote's commits (a merge, never a rebase, so local history
   * stays as it was). Resolves to "none" when the repository has no remote, "up-to-date" or
   * "merged". A conflict aborts the merge, leaving the repository exactly as before, and
   * fails with a CONFLICT error naming the files.
   */
  pull?(): ResultAsync<"none" | "up-to-date" | "merged", GitError | ConflictError>;
  /**
   * Optional: which commit wrote each line of `path` (relative to the memory root) as HEAD
   * holds it, following the note through renames and moves (its id stays in the file name).
   * Resolves to null when HEAD has no such file (never committed, or no commit yet). A host
   * adapter without it still works: `memory why` then reports the note unattributed.
   */
  blame?(path: string): ResultAsync<Blame | null, GitError>;
  /** Optional: pushes the current branch; "none" when there is no remote. */
  push?(): ResultAsync<"none" | "pushed", GitError>;
}
