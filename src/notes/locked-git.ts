import type { ResultAsync } from "neverthrow";
import { GitError, type LockError, type PersistenceError } from "../errors.js";
import type { Git } from "../ports/git.js";

/** Runs a task holding the memory's lock (the one every mutation takes). */
export type Exclusive = <T, E>(
  task: () => ResultAsync<T, E>,
) => ResultAsync<T, E | LockError | PersistenceError>;

/**
 * The git port whose commits run holding the memory's lock, for consolidation and defrag:
 * their commits stage and commit while mutations of other processes write and commit too,
 * and two commits at once collide on git's index.lock (the mutation then reports "applied,
 * not committed"). A lock that cannot be taken fails the commit as a GIT error.
 */
export function committingUnderLock(git: Git, exclusive: Exclusive): Git {
  return {
    ...git,
    timestamps: (prefix) => git.timestamps(prefix),
    commit: (message, paths) =>
      exclusive(() => git.commit(message, paths)).mapErr((error) =>
        error instanceof GitError
          ? error
          : new GitError(`Could not take the memory's lock to commit: ${error.message}`, {
              cause: error,
            }),
      ),
  };
}
