/**
 * Adding an entry unless one for the same session is already pending, as one step: the look
 * and the add run under the journal's lock, so PreCompact and SessionEnd hooks (or Codex's
 * notify after every turn) racing for one transcript queue it once.
 */
import { err, ok, type ResultAsync } from "neverthrow";
import { safeAsync } from "../../shared/safe-async.js";
import {
  PersistenceError,
  type ConflictError,
  type InvalidInputError,
  type LockError,
} from "../../errors.js";
import { holdingLock, type AcquireLock } from "../../notes/memory-lock.js";
import type { StoredJournalEntry } from "../../model/records/journal-entry.js";
import type { AddedJournalEntry, JournalEntryInput } from "./journal-add.js";

/** What {@link addOnceUnderLock} did: added the entry, or found one already pending. */
export type AddOnceOutcome =
  | { readonly kind: "added"; readonly entry: AddedJournalEntry }
  | { readonly kind: "pending"; readonly entry: StoredJournalEntry };

/** The journal operations the step needs. */
export interface AddOnceParts {
  readonly pending: () => ResultAsync<StoredJournalEntry[], PersistenceError>;
  readonly add: (
    entry: JournalEntryInput,
  ) => ResultAsync<AddedJournalEntry, InvalidInputError | ConflictError | PersistenceError>;
  readonly acquireLock: AcquireLock | undefined;
}

/**
 * Adds `entry` unless a pending entry satisfies `same`, holding the journal's lock (when the
 * persistence can create files exclusively) from the look to the write.
 *
 * @example
 * ```ts
 * const outcome = await addOnceUnderLock(parts, entry, (e) => e.retrieval.sessionPath === path);
 * ```
 */
export function addOnceUnderLock(
  parts: AddOnceParts,
  entry: JournalEntryInput,
  same: (pending: StoredJournalEntry) => boolean,
): ResultAsync<AddOnceOutcome, InvalidInputError | ConflictError | PersistenceError | LockError> {
  return safeAsync<
    AddOnceOutcome,
    InvalidInputError | ConflictError | PersistenceError | LockError
  >(
    () =>
      holdingLock(parts.acquireLock, async () => {
        const pending = await parts.pending();
        if (pending.isErr()) return err(pending.error);
        const found = pending.value.find(same);
        if (found !== undefined) return ok({ kind: "pending", entry: found } as const);
        const added = await parts.add(entry);
        if (added.isErr()) return err(added.error);
        return ok({ kind: "added", entry: added.value } as const);
      }),
    (cause) => new PersistenceError("Could not add the journal entry.", { cause }),
  );
}
