/**
 * The record of a consumed entry: the entry as it was, plus what consumed it.
 */
import { withoutHome } from "./home-path.js";
import { type, type Type } from "arktype";
import {
  canonicalEntry,
  type JournalEntry,
  type StoredJournalEntry,
} from "../../model/records/journal-entry.js";
import { journalEntrySchema } from "./journal-entry-schema.js";

/**
 * What consumed a batch of entries: the commit holding the notes made from them (null
 * when the memory has no git), and optionally the ids of the notes written or updated.
 *
 * @example
 * ```ts
 * const result: ConsolidationResult = { commit: "9fceb02", notes: ["id__Kf9mNp"] };
 * ```
 */
export interface ConsolidationResult {
  commit: string | null;
  notes?: string[];
}

/**
 * The arktype schema of what consolidation hands to `markConsolidated`.
 *
 * @example
 * ```ts
 * consolidationResultSchema({ commit: "9fceb02", notes: ["id__Kf9mNp"] });
 * ```
 */
export const consolidationResultSchema: Type<ConsolidationResult> = type({
  "+": "delete",
  commit: "0 < string <= 200 | null",
  "notes?": "string[] <= 10000",
});

/**
 * How an entry was consumed, as stored beside it.
 *
 * @example
 * ```ts
 * const how: Consolidation = { commit: "9fceb02", consolidatedAt: "2026-02-14T03:00:00.000Z" };
 * ```
 */
export interface Consolidation extends ConsolidationResult {
  /** When markConsolidated ran, ISO-8601 UTC. */
  consolidatedAt: string;
}

/**
 * A done record as stored in `journal/done/<id>.json`: the entry and its consolidation.
 *
 * @example
 * ```ts
 * const record: DoneRecord = { ...entry, consolidated: { commit: "9fceb02", consolidatedAt } };
 * ```
 */
export type DoneRecord = JournalEntry & { consolidated: Consolidation };

/**
 * The arktype schema of a file in `journal/done/`.
 *
 * @example
 * ```ts
 * const checked = doneRecordSchema(JSON.parse(text));
 * ```
 */
export const doneRecordSchema: Type<DoneRecord> = journalEntrySchema.merge({
  consolidated: {
    "+": "delete",
    commit: "0 < string <= 200 | null",
    consolidatedAt: "string.date.iso",
    "notes?": "string[]",
  },
});

/**
 * A consumed entry: the stored entry and how it was consumed.
 *
 * @example
 * ```ts
 * const done: ConsolidatedJournalEntry = { ...stored, consolidated: { commit: "9fceb02", consolidatedAt } };
 * ```
 */
export type ConsolidatedJournalEntry = StoredJournalEntry & {
  readonly consolidated: Consolidation;
};

/**
 * The bytes of a done record, keys in a fixed order.
 *
 * @example
 * ```ts
 * await persistence.write(journalPath("done", done.id), serializeDoneRecord(done));
 * ```
 */
export function serializeDoneRecord(done: ConsolidatedJournalEntry): string {
  const { commit, consolidatedAt, notes } = done.consolidated;
  const record = {
    ...canonicalEntry(withoutHomes(done)),
    consolidated: { commit, consolidatedAt, ...(notes === undefined ? {} : { notes }) },
  };
  return `${JSON.stringify(record, null, 2)}\n`;
}

/**
 * The entry as its done record keeps it: consumed, its transcript is never read again, so the
 * record (which goes into git) keeps no home directory.
 *
 * @example
 * ```ts
 * withoutHomes(done).context.cwd; // "~/src/app" for "/home/alice/src/app"
 * ```
 */
export function withoutHomes<T extends JournalEntry>(entry: T): T {
  const { sessionPath } = entry.retrieval;
  const { cwd } = entry.context;
  return {
    ...entry,
    retrieval: {
      ...entry.retrieval,
      ...(sessionPath === undefined ? {} : { sessionPath: withoutHome(sessionPath) }),
    },
    context: { ...entry.context, ...(cwd === undefined ? {} : { cwd: withoutHome(cwd) }) },
  };
}

/**
 * A done record as returned to callers: canonical entry fields, the id and the consumption.
 *
 * @example
 * ```ts
 * toConsolidated("2026-02-13T09-30-00.000Z-3f9a", checkedRecord);
 * ```
 */
export function toConsolidated(id: string, record: DoneRecord): ConsolidatedJournalEntry {
  return { id, ...canonicalEntry(record), consolidated: record.consolidated };
}
