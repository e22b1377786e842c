/**
 * The journal entry, version 1: the harness-agnostic signal a hook drops into the queue
 * so consolidation later knows which session to read and where it happened.
 */

/**
 * Harnesses the library knows by name; any other non-empty name is accepted too.
 *
 * @example
 * ```ts
 * KNOWN_HARNESSES.includes("amp"); // true
 * ```
 */
export const KNOWN_HARNESSES = ["amp", "cursor", "codex", "claude-code", "manual"] as const;

/**
 * Retrieval methods the library knows by name; any other non-empty name is accepted and
 * read by whichever session reader the host registered under it.
 *
 * @example
 * ```ts
 * KNOWN_RETRIEVAL_METHODS.includes("jsonl"); // true
 * ```
 */
export const KNOWN_RETRIEVAL_METHODS = [
  "amp-thread",
  "cursor-session",
  "file",
  "jsonl",
  "command",
] as const;

/**
 * The retrieval method of an entry that carries only a note and points at no session.
 *
 * @example
 * ```ts
 * const entry = { retrieval: { method: NO_SESSION_METHOD } };
 * ```
 */
export const NO_SESSION_METHOD = "none";

/** Longest note kept in an entry: a hook's remark, not a transcript. */
export const MAX_NOTE_LENGTH = 10_000;

/**
 * A valid journal entry (version 1).
 *
 * @example
 * ```ts
 * const entry: JournalEntry = {
 *   version: 1,
 *   timestamp: "2026-02-13T09:30:00.000Z",
 *   harness: "amp",
 *   retrieval: { method: "amp-thread", threadId: "T-019c545f" },
 *   context: { cwd: "/home/me/project", repo: "github.com/me/project" },
 * };
 * ```
 */
export interface JournalEntry {
  version: 1;
  /** ISO-8601 time of the session. */
  timestamp: string;
  /** amp, cursor, codex, claude-code, manual, or any other harness name. */
  harness: string;
  /** How consolidation fetches the session: the reader registered for `method` uses the ids. */
  retrieval: { method: string; threadId?: string; sessionPath?: string };
  /** Where the session happened. */
  context: { cwd?: string; repo?: string };
  /** Free text the agent wants remembered. */
  note?: string;
  /**
   * The clone that queued the entry and when (set by `journal.add`): another clone leaves it
   * to that one for a day, so two clones never both consume one synced entry.
   */
  queued?: { clone: string; at: string };
}

/**
 * A journal entry as stored: the entry and its id, which is its filename without `.json`.
 *
 * @example
 * ```ts
 * const stored: StoredJournalEntry = { id: "2026-02-13T09-30-00.000Z-3f9a0c1e5b7d2a64", ...entry };
 * ```
 */
export type StoredJournalEntry = JournalEntry & { readonly id: string };

/**
 * The entry in canonical key order, as written to disk: same entry, same bytes.
 *
 * @example
 * ```ts
 * await persistence.write(path, serializeJournalEntry(entry));
 * ```
 */
export function serializeJournalEntry(entry: JournalEntry): string {
  return `${JSON.stringify(canonicalEntry(entry), null, 2)}\n`;
}

/**
 * The entry rebuilt with its keys in schema order and without undefined optionals.
 *
 * @example
 * ```ts
 * JSON.stringify(canonicalEntry(entry)); // {"version":1,"timestamp":...}
 * ```
 */
export function canonicalEntry(entry: JournalEntry): JournalEntry {
  const { threadId, sessionPath } = entry.retrieval;
  const { cwd, repo } = entry.context;
  return {
    version: 1,
    timestamp: entry.timestamp,
    harness: entry.harness,
    retrieval: {
      method: entry.retrieval.method,
      ...(threadId === undefined ? {} : { threadId }),
      ...(sessionPath === undefined ? {} : { sessionPath }),
    },
    context: {
      ...(cwd === undefined ? {} : { cwd }),
      ...(repo === undefined ? {} : { repo }),
    },
    ...(entry.note === undefined ? {} : { note: entry.note }),
    ...(entry.queued === undefined
      ? {}
      : { queued: { clone: entry.queued.clone, at: entry.queued.at } }),
  };
}
