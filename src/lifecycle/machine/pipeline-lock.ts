import { ResultAsync } from "neverthrow";
import { createMemoryLock, holdingLock } from "../../notes/memory-lock.js";
import type { LockError, PersistenceError } from "../../errors.js";
import { PRIVATE_FOLDER, type Persistence } from "../../ports/persistence.js";

/** The lock one consolidation or defrag run holds from start to end. */
export const PIPELINE_LOCK_PATH = `${PRIVATE_FOLDER}/pipeline.lock`;

/**
 * Runs a whole consolidation or defrag under the pipeline lock, so two runs on one memory
 * (a cron job and a person, two hosts) never ask the model about the same entries or
 * overwrite each other's saved plan. The notes' own lock is still taken per write, so
 * edits go on during the minutes an LLM call takes. A second run waits a few seconds, then
 * fails with LOCKED.
 */
export function withPipelineLock<T, E>(
  persistence: Persistence,
  run: () => ResultAsync<T, E>,
): ResultAsync<T, E | LockError | PersistenceError> {
  const acquire = createMemoryLock(persistence, { path: PIPELINE_LOCK_PATH, timeoutMs: 3_000 });
  return new ResultAsync(holdingLock(acquire, run));
}
