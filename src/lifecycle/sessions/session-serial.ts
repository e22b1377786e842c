/**
 * One read-modify-write at a time: in this process through a serialiser (`run`), across
 * processes through the memory's lock. An append is a read and an atomic write of the
 * whole file, so without both, two appends could read the same text and one be lost.
 */
import type { ResultAsync } from "neverthrow";
import { safeAsync } from "../../shared/safe-async.js";
import { holdingLock, type AcquireLock } from "../../notes/memory-lock.js";
import { PersistenceError, type LockError } from "../../errors.js";

/**
 * Runs tasks one after another; `createSerialQueue().run` fits, and so does a host's or
 * the memory's own queue, so the session log can share it with every other mutation.
 *
 * @example
 * ```ts
 * const queue = createSerialQueue();
 * const run: RunSerialized = (task) => queue.run(task);
 * ```
 */
export type RunSerialized = <T>(task: () => PromiseLike<T>) => Promise<T>;

/**
 * Wraps `run` and `acquireLock` into one guard for Result-returning tasks: the task runs
 * after every task queued before it, holding the lock (when there is one), which is
 * released however the task ends.
 *
 * @example
 * ```ts
 * const guarded = serializedWithLock(queue.run, createMemoryLock(persistence));
 * await guarded(() => persistence.write("sessions/2026/04/16/agent0.md", text));
 * ```
 */
export function serializedWithLock(
  run: RunSerialized,
  acquireLock: AcquireLock | undefined,
): <T, E>(task: () => ResultAsync<T, E>) => ResultAsync<T, E | LockError | PersistenceError> {
  return <T, E>(task: () => ResultAsync<T, E>) =>
    safeAsync<T, E | LockError | PersistenceError>(
      () => run(() => holdingLock(acquireLock, task)),
      (cause) => new PersistenceError("A session log update failed unexpectedly.", { cause }),
    );
}
