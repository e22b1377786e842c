/**
 * Where journal files live and how they are named.
 *
 * A pending file is `<UTC timestamp>-<random>.json` with the timestamp written
 * `2026-02-13T09-30-00.000Z`: fixed width, so names sort chronologically as plain text,
 * and free of ":" so the name is valid on every filesystem git checks out to.
 */
import { randomBytes } from "node:crypto";
import { PRIVATE_FOLDER } from "../../model/layout.js";

/** The journal's folders, relative to the memory root. */
export const JOURNAL_FOLDERS = {
  pending: "journal/pending",
  done: "journal/done",
  invalid: "journal/invalid",
} as const;

/**
 * The three places a journal file can be.
 *
 * @example
 * ```ts
 * const status: JournalStatus = "pending";
 * ```
 */
export type JournalStatus = keyof typeof JOURNAL_FOLDERS;

/** The journal's lock (see `journal.addOnce`), relative to the memory root; never committed. */
export const JOURNAL_LOCK_PATH = `${PRIVATE_FOLDER}/journal.lock`;

/** Suffix of the file that explains why a quarantined file was refused. */
export const REASON_SUFFIX = ".reason.txt";

/** What an id (a journal filename without `.json`) may look like; keeps ids inside their folder. */
const ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._+-]{0,199}$/;

/**
 * Whether `id` is a possible journal id (safe as a filename, no path separators).
 *
 * @example
 * ```ts
 * isJournalId("2026-02-13T09-30-00.000Z-3f9a0c1e5b7d2a64"); // true
 * isJournalId("../index"); // false
 * ```
 */
export function isJournalId(id: string): boolean {
  return ID_PATTERN.test(id);
}

/**
 * The path of the journal file `id` in the folder of `status`.
 *
 * @example
 * ```ts
 * journalPath("done", "2026-02-13T09-30-00.000Z-3f9a"); // "journal/done/2026-02-13T09-30-00.000Z-3f9a.json"
 * ```
 */
export function journalPath(status: JournalStatus, id: string): string {
  return `${JOURNAL_FOLDERS[status]}/${id}.json`;
}

/**
 * The id of a file directly inside a journal folder, or undefined for anything else
 * (sub-folders, reason files, dotfiles such as `.gitkeep`, non-JSON files).
 *
 * @example
 * ```ts
 * journalIdOf("journal/pending/a.json", "pending"); // "a"
 * journalIdOf("journal/pending/.gitkeep", "pending"); // undefined
 * ```
 */
export function journalIdOf(path: string, status: JournalStatus): string | undefined {
  const prefix = `${JOURNAL_FOLDERS[status]}/`;
  if (!path.startsWith(prefix)) return undefined;
  const name = path.slice(prefix.length);
  if (name.includes("/") || name.startsWith(".") || !name.endsWith(".json")) return undefined;
  return name.slice(0, -".json".length);
}

/**
 * A filename-safe, sortable form of an epoch time: `2026-02-13T09-30-00.000Z`.
 * Undefined for times outside years 1970..9999, whose ISO form has no fixed width.
 *
 * @example
 * ```ts
 * sortableTimestamp(Date.UTC(2026, 1, 13, 9, 30)); // "2026-02-13T09-30-00.000Z"
 * ```
 */
export function sortableTimestamp(epochMs: number): string | undefined {
  if (!Number.isFinite(epochMs) || epochMs < 0 || epochMs >= Date.UTC(10_000, 0, 1)) {
    return undefined;
  }
  return new Date(epochMs).toISOString().replaceAll(":", "-");
}

/**
 * The default random part of a journal id: 64 random bits, so two processes adding in
 * the same millisecond do not pick the same name.
 *
 * @example
 * ```ts
 * randomSuffix(); // "3f9a0c1e5b7d2a64"
 * ```
 */
export function randomSuffix(): string {
  return randomBytes(8).toString("hex");
}
