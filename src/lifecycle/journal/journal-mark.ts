/**
 * Marking entries consumed. The order makes a crash harmless at every step:
 *
 * 1. every id is checked first (pending and valid, or already done), so a bad id fails
 *    the call before anything is written;
 * 2. the done record is written atomically;
 * 3. only then is the pending file removed.
 *
 * A crash after 2 leaves the entry in both folders: `pending()` skips every id that has a
 * done record, so it is never consolidated twice, and the next `markConsolidated` of that
 * id keeps the first done record and finishes the removal. No step ever deletes the only
 * copy of an entry.
 */
import { type } from "arktype";
import { err, ok, type Result, type ResultAsync } from "neverthrow";
import { safeAsync } from "../../shared/safe-async.js";
import { InvalidInputError, NotFoundError, PersistenceError } from "../../errors.js";
import type { Persistence } from "../../ports/persistence.js";
import {
  consolidationResultSchema,
  doneRecordSchema,
  serializeDoneRecord,
  withoutHomes,
  toConsolidated,
  type ConsolidatedJournalEntry,
  type ConsolidationResult,
} from "./journal-done.js";
import type { StoredJournalEntry } from "../../model/records/journal-entry.js";
import { journalEntrySchema } from "./journal-entry-schema.js";
import { checkJournalText } from "./journal-file.js";
import { isJournalId, journalPath } from "./journal-paths.js";

/**
 * Errors `markConsolidated` can return.
 *
 * @example
 * ```ts
 * if (error.code === "NOT_FOUND") console.error(error.message);
 * ```
 */
export type MarkError = InvalidInputError | NotFoundError | PersistenceError;

/** One id's state before anything is written. */
type Plan =
  | { readonly kind: "pending"; readonly entry: StoredJournalEntry }
  | {
      readonly kind: "done";
      readonly done: ConsolidatedJournalEntry;
      readonly pendingLeft: boolean;
    };

/**
 * Moves the entries `ids` from pending to done with `result`, stamped `consolidatedAt`.
 * Idempotent: an id already done keeps its first record and is returned as it is.
 *
 * @example
 * ```ts
 * const done = await markEntries(persistence, ["2026-02-13T09-30-00.000Z-3f9a"], { commit: "9fceb02" }, at);
 * ```
 */
export function markEntries(
  persistence: Persistence,
  ids: readonly string[],
  result: ConsolidationResult,
  consolidatedAt: string,
): ResultAsync<ConsolidatedJournalEntry[], MarkError> {
  return safeAsync<ConsolidatedJournalEntry[], MarkError>(
    async () => {
      const checkedResult = consolidationResultSchema(result);
      if (checkedResult instanceof type.errors) {
        return err(new InvalidInputError(`Invalid consolidation result: ${checkedResult.summary}`));
      }
      const unique = [...new Set(ids)];
      const badId = unique.find((id) => !isJournalId(id));
      if (badId !== undefined)
        return err(new InvalidInputError(`"${badId}" is not a journal entry id.`));
      const plans: Plan[] = [];
      for (const id of unique) {
        const plan = await planFor(persistence, id);
        if (plan.isErr()) return err(plan.error);
        plans.push(plan.value);
      }
      const marked: ConsolidatedJournalEntry[] = [];
      for (const plan of plans) {
        const done =
          plan.kind === "done"
            ? plan.done
            : withoutHomes({ ...plan.entry, consolidated: { ...checkedResult, consolidatedAt } });
        if (plan.kind === "pending") {
          const wrote = await persistence.write(
            journalPath("done", done.id),
            serializeDoneRecord(done),
          );
          if (wrote.isErr()) return err(wrote.error);
        }
        if (plan.kind === "pending" || plan.pendingLeft) {
          const removed = await persistence.remove(journalPath("pending", done.id));
          // Gone already: another process finished the same step.
          if (removed.isErr() && removed.error.code !== "NOT_FOUND") return err(removed.error);
        }
        marked.push(done);
      }
      return ok(marked);
    },
    (cause) => new PersistenceError("Could not mark journal entries consolidated.", { cause }),
  );
}

async function planFor(persistence: Persistence, id: string): Promise<Result<Plan, MarkError>> {
  const [pending, done] = await Promise.all([
    persistence.read(journalPath("pending", id)),
    persistence.read(journalPath("done", id)),
  ]);
  if (done.isOk()) {
    const check = checkJournalText(done.value, doneRecordSchema);
    if (check.kind === "valid") {
      return ok({
        kind: "done",
        done: toConsolidated(id, check.value),
        pendingLeft: pending.isOk(),
      });
    }
    return err(
      new InvalidInputError(
        `The done record of journal entry ${id} is invalid (${check.reason}); fix or remove ${journalPath("done", id)} and retry.`,
      ),
    );
  }
  if (done.error.code !== "NOT_FOUND") return err(done.error);
  if (pending.isErr()) {
    if (pending.error.code !== "NOT_FOUND") return err(pending.error);
    return err(
      new NotFoundError(
        `No pending journal entry ${id}: it is neither in journal/pending nor in journal/done.`,
      ),
    );
  }
  const check = checkJournalText(pending.value, journalEntrySchema);
  if (check.kind === "invalid") {
    return err(
      new InvalidInputError(
        `Journal entry ${id} is invalid (${check.reason}); it cannot be marked consolidated.`,
      ),
    );
  }
  return ok({ kind: "pending", entry: { id, ...check.value } });
}
