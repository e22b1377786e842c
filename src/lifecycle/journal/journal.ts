/**
 * The journal queue: signals from harness hooks wait in `journal/pending/` until
 * consolidation consumes them into `journal/done/`; files that fail validation go to
 * `journal/invalid/`. Everything goes through the Persistence port.
 */
import { okAsync, ResultAsync } from "neverthrow";
import type {
  ConflictError,
  InvalidInputError,
  LockError,
  PersistenceError,
} from "../../errors.js";
import type { AcquireLock } from "../../notes/memory-lock.js";
import { addOnceUnderLock, type AddOnceOutcome } from "./journal-add-once.js";
import type { Persistence } from "../../ports/persistence.js";
import { type AddedJournalEntry, addEntry, type JournalEntryInput } from "./journal-add.js";
import {
  doneRecordSchema,
  toConsolidated,
  type ConsolidatedJournalEntry,
  type ConsolidationResult,
} from "./journal-done.js";
import type { StoredJournalEntry } from "../../model/records/journal-entry.js";
import { journalEntrySchema } from "./journal-entry-schema.js";
import type { InvalidJournalFile } from "./journal-file.js";
import { markEntries, type MarkError } from "./journal-mark.js";
import {
  isJournalId,
  JOURNAL_FOLDERS,
  journalPath,
  randomSuffix,
  type JournalStatus,
} from "./journal-paths.js";
import { listQuarantined, quarantineFiles } from "./journal-quarantine.js";
import { scanJournalFolder } from "./journal-scan.js";
import { mayConsume } from "./clone-id.js";
import { clearUnread, readUnread, recordUnread, type UnreadNote } from "./journal-unread.js";

/**
 * Options of {@link createJournal}.
 *
 * @example
 * ```ts
 * const options: JournalOptions = { persistence, now: () => Date.UTC(2026, 1, 13), randomId: () => "0001" };
 * ```
 */
export interface JournalOptions {
  readonly persistence: Persistence;
  /** The clock (epoch ms) for default timestamps and `consolidatedAt`. Default `Date.now`. */
  readonly now?: () => number;
  /** The random part of new ids (letters and digits). Default: 16 random hex digits. */
  readonly randomId?: () => string;
  /**
   * The journal's cross-process lock, held by {@link Journal.addOnce} from its look to its
   * write; `createMemory` passes one at `.agent-memory/journal.lock`. Without it, addOnce
   * serialises nothing across processes.
   */
  readonly acquireLock?: AcquireLock | undefined;
  /**
   * This clone's name (see `cloneIdOf`): stamped on every added entry as `queued`, and
   * {@link Journal.consumable} leaves other clones' young entries to them. Undefined: entries
   * are not stamped and every pending entry is consumable (one clone, or no git).
   */
  readonly cloneId?: (() => ResultAsync<string, PersistenceError>) | undefined;
}

/**
 * What `journal.list` returns for each status.
 *
 * @example
 * ```ts
 * const done: JournalListing["done"] = (await journal.list({ status: "done" }))._unsafeUnwrap();
 * ```
 */
export interface JournalListing {
  /** Valid entries waiting for consolidation, oldest first. */
  readonly pending: StoredJournalEntry[];
  /** Consumed entries with their consolidation, oldest first. */
  readonly done: ConsolidatedJournalEntry[];
  /** Invalid files: those quarantined, then those still in pending (quarantined: false). */
  readonly invalid: InvalidJournalFile[];
}

/**
 * Pending entries split by who may consume them (see {@link Journal.consumable}).
 *
 * @example
 * ```ts
 * const { mine, elsewhere } = (await journal.consumable())._unsafeUnwrap();
 * ```
 */
export interface ConsumablePending {
  /** Entries this clone may consume now, oldest first. */
  readonly mine: StoredJournalEntry[];
  /** Entries left to the clone that queued them, oldest first. */
  readonly elsewhere: StoredJournalEntry[];
}

/**
 * The journal queue of one memory root.
 *
 * @example
 * ```ts
 * const journal = createJournal({ persistence });
 * await journal.add({ harness: "amp", retrieval: { method: "amp-thread", threadId: "T-1" } });
 * for (const entry of (await journal.pending())._unsafeUnwrap()) console.log(entry.id);
 * ```
 */
export interface Journal {
  /** Validates and stores an entry in `journal/pending/`; returns it with its id. */
  add(
    entry: JournalEntryInput,
  ): ResultAsync<AddedJournalEntry, InvalidInputError | ConflictError | PersistenceError>;
  /**
   * Adds `entry` unless a pending entry satisfies `same` (an entry for the same transcript),
   * the look and the add under the journal's lock: hooks racing for one session queue it once.
   */
  addOnce(
    entry: JournalEntryInput,
    same: (pending: StoredJournalEntry) => boolean,
  ): ResultAsync<AddOnceOutcome, InvalidInputError | ConflictError | PersistenceError | LockError>;
  /**
   * The valid pending entries, oldest first (by timestamp, then id). Never writes: invalid
   * files are skipped here and moved by {@link Journal.quarantineInvalid}. An entry that
   * also has a done record (a crash interrupted markConsolidated) is not pending.
   */
  pending(): ResultAsync<StoredJournalEntry[], PersistenceError>;
  /**
   * The pending entries this clone may consume now, and those it leaves to the clone that
   * queued them (queued by another clone less than a day ago). Never writes, except this
   * clone's name the first time it is needed.
   */
  consumable(): ResultAsync<ConsumablePending, PersistenceError>;
  /**
   * Moves every invalid file of `journal/pending/` to `journal/invalid/` with a reason file
   * beside it (never deletes) and returns what it moved. Files written by a newer version
   * of the library stay in pending.
   */
  quarantineInvalid(): ResultAsync<InvalidJournalFile[], PersistenceError>;
  /**
   * Moves the pending entries `items` name to `journal/invalid/`, each with its reason beside
   * it (never deletes): entries valid in form that can never be consumed (their transcript
   * is refused). Returns what it moved; an id no longer pending is skipped.
   */
  quarantineEntries(
    items: readonly { readonly id: string; readonly reason: string }[],
  ): ResultAsync<InvalidJournalFile[], PersistenceError>;
  /**
   * Records that `ids` were consumed by `result` (the commit holding their notes): writes
   * each done record, then removes the pending file. Idempotent; see journal-mark.ts for
   * why a crash at any point neither loses nor double-processes an entry.
   */
  markConsolidated(
    ids: readonly string[],
    result: ConsolidationResult,
  ): ResultAsync<ConsolidatedJournalEntry[], MarkError>;
  /**
   * Why pending entries were left unread by the last run that tried them, by entry id (kept
   * in `.agent-memory/unread/`, never committed). Never writes.
   */
  unreadReasons(): ResultAsync<Map<string, UnreadNote>, PersistenceError>;
  /** Records why `items` could not be read; consolidation calls it after a run. */
  noteUnread(
    items: readonly { readonly id: string; readonly reason: string }[],
  ): ResultAsync<void, PersistenceError>;
  /** Forgets why `ids` could not be read (they were read or consumed since). */
  forgetUnread(ids: readonly string[]): ResultAsync<void, PersistenceError>;
  /** The entries or files of one status, for `memory journal list`. Never writes. */
  list<S extends JournalStatus>(options: {
    readonly status: S;
  }): ResultAsync<JournalListing[S], PersistenceError>;
}

/**
 * Creates the journal of the memory root behind `persistence`.
 *
 * @example
 * ```ts
 * import { createJournal } from "agent-memory/lifecycle";
 * import { fsPersistence } from "agent-memory/adapters";
 * import * as fs from "node:fs";
 *
 * const journal = createJournal({ persistence: fsPersistence({ fs, root: "/home/me/memory" }) });
 * const added = await journal.add({
 *   harness: "amp",
 *   retrieval: { method: "amp-thread", threadId: "T-019c545f" },
 *   context: { cwd: "/home/me/project", repo: "github.com/me/project" },
 * });
 * // later, in consolidation:
 * const pending = await journal.pending();
 * await journal.markConsolidated(["2026-02-13T09-30-00.000Z-3f9a0c1e5b7d2a64"], { commit: "9fceb02" });
 * ```
 */
export function createJournal(options: JournalOptions): Journal {
  const { persistence } = options;
  const now = options.now ?? Date.now;
  const randomId = options.randomId ?? randomSuffix;

  const scanPending = () =>
    scanJournalFolder(persistence, "pending", journalEntrySchema, (id, entry) => ({
      id,
      ...entry,
    }));
  const scanDone = () => scanJournalFolder(persistence, "done", doneRecordSchema, toConsolidated);

  const pending = (): ResultAsync<StoredJournalEntry[], PersistenceError> =>
    ResultAsync.combine([scanPending(), persistence.list(JOURNAL_FOLDERS.done)]).map(
      ([scan, doneFiles]) => {
        const done = new Set(doneFiles.map((file) => file.path));
        return oldestFirst(scan.valid.filter((entry) => !done.has(journalPath("done", entry.id))));
      },
    );

  const listings: { [S in JournalStatus]: () => ResultAsync<JournalListing[S], PersistenceError> } =
    {
      pending,
      done: () => scanDone().map((scan) => oldestFirst(scan.valid)),
      invalid: () =>
        ResultAsync.combine([listQuarantined(persistence), scanPending()]).map(
          ([quarantined, scan]) => [...quarantined, ...scan.invalid],
        ),
    };

  const clone = options.cloneId;
  const add = (entry: JournalEntryInput) => addEntry({ persistence, now, randomId, clone }, entry);
  const consumable = (): ResultAsync<ConsumablePending, PersistenceError> =>
    pending().andThen((entries) => {
      if (clone === undefined) return okAsync({ mine: entries, elsewhere: [] });
      return clone().map((name) => {
        const at = now();
        return {
          mine: entries.filter((entry) => mayConsume(entry, name, at)),
          elsewhere: entries.filter((entry) => !mayConsume(entry, name, at)),
        };
      });
    });
  return {
    consumable,
    add,
    addOnce: (entry, same) =>
      addOnceUnderLock({ pending, add, acquireLock: options.acquireLock }, entry, same),
    pending,
    quarantineInvalid: () =>
      scanPending().andThen((scan) =>
        quarantineFiles(persistence, scan.invalid, new Date(now()).toISOString()),
      ),
    quarantineEntries: (items) =>
      quarantineFiles(
        persistence,
        items
          .filter((item) => isJournalId(item.id))
          .map((item) => ({
            id: item.id,
            path: journalPath("pending", item.id),
            reason: item.reason,
            quarantined: false,
            newerVersion: false,
          })),
        new Date(now()).toISOString(),
      ),
    markConsolidated: (ids, result) =>
      markEntries(persistence, ids, result, new Date(now()).toISOString()),
    list: ({ status }) => listings[status](),
    unreadReasons: () => readUnread(persistence),
    noteUnread: (items) => recordUnread(persistence, items, new Date(now()).toISOString()),
    forgetUnread: (ids) => clearUnread(persistence, ids),
  };
}

/** Sorts by the entry's own time, then id, so hand-named files still sort sensibly. */
function oldestFirst<T extends StoredJournalEntry>(entries: readonly T[]): T[] {
  return entries.toSorted(
    (a, b) =>
      Date.parse(a.timestamp) - Date.parse(b.timestamp) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  );
}
