import { ResultAsync } from "neverthrow";
import { holdingLock, type AcquireLock } from "../../notes/memory-lock.js";
import type { LockError, PersistenceError } from "../../errors.js";
import { PRIVATE_FOLDER } from "../../model/layout.js";

/** The lock one consolidation or defrag run holds from start to end. */
export const PIPELINE_LOCK_PATH = `${PRIVATE_FOLDER}/pipeline.lock`;

/**
 * Runs a whole consolidation or defrag under the pipeline lock, so two runs on one memory
 * (a cron job and a person, two hosts) never ask the model about the same entries or
 * overwrite each other's saved plan. The notes' own lock is still taken per write, so
 * edits go on during the minutes an LLM call takes. A second run waits a few seconds, then
 * fails with LOCKED (the composition root builds `acquire` over {@link PIPELINE_LOCK_PATH}).
 */
export function withPipelineLock<T, E>(
  acquire: AcquireLock | undefined,
  run: () => ResultAsync<T, E>,
): ResultAsync<T, E | LockError | PersistenceError> {
  return new ResultAsync(holdingLock(acquire, run));
}
