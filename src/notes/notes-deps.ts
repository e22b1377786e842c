import { ResultAsync } from "neverthrow";
import type { LockError, PersistenceError } from "../errors.js";
import { holdingLock, type AcquireLock } from "./memory-lock.js";
import type { InboundLinks } from "./graph/inbound-links.js";
import type { Git } from "../ports/git.js";
import type { Persistence } from "../ports/persistence.js";
import type { NoteStore } from "./store/note-store.js";
import type { SerialQueue } from "../shared/serial-queue.js";

/** What every note operation needs: the ports and the memory's shared state. */
export interface NotesDeps {
  readonly persistence: Persistence;
  readonly git: Git | undefined;
  readonly store: NoteStore;
  /** Who links to whom, kept in step with the store. */
  readonly links: InboundLinks;
  /** Serialises mutations within this process. */
  readonly queue: SerialQueue;
  /** Keeps other processes out while a mutation runs (absent when the persistence can't lock). */
  readonly acquireLock: AcquireLock | undefined;
  /** The clock, injectable for tests. */
  readonly now: () => number;
  /** The id source, injectable for tests. */
  readonly generateId: () => string;
}

/**
 * Runs a mutation after every mutation queued before it on this memory, holding the memory
 * root's lock, so no two mutations (of this process or another) interleave their reads
 * and writes.
 */
export function serialized<T, E>(
  ctx: NotesDeps,
  mutation: () => ResultAsync<T, E>,
): ResultAsync<T, E | LockError | PersistenceError> {
  return new ResultAsync(
    ctx.queue.run(() =>
      holdingLock(ctx.acquireLock, () => {
        // Whatever another process wrote before we got the lock must be seen: no refresh that
        // started before the lock may answer for this mutation.
        ctx.store.expire();
        return mutation();
      }),
    ),
  );
}
