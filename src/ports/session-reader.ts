/**
 * The SessionReader port: turns a journal entry into the text of its session, within a
 * size budget. Hosts register one reader per retrieval method (`file`, `jsonl`, `command`,
 * or their own, such as `amp-thread`) and consolidation picks the reader by the entry's method.
 */
import type { ResultAsync } from "neverthrow";
import type { JournalEntry } from "../model/records/journal-entry.js";
import type { InvalidInputError, NotFoundError, SessionReadError } from "../errors.js";

/**
 * How much to read, and how to stop early.
 *
 * @example
 * ```ts
 * const options: ReadSessionOptions = { budgetBytes: 64 * 1024, signal: AbortSignal.timeout(30_000) };
 * ```
 */
export interface ReadSessionOptions {
  /** The most UTF-8 bytes `text` may have, truncation marker included. */
  readonly budgetBytes: number;
  /** Aborts the read (a running command is killed). */
  readonly signal?: AbortSignal;
}

/**
 * A session's text and what was left out of it.
 *
 * @example
 * ```ts
 * const session: SessionText = {
 *   text: "[… 1.2 MB cut …]\n\n[user] fix the build\n",
 *   source: "/home/me/.claude/projects/p/s.jsonl",
 *   truncated: true, omittedBytes: 1_200_000, totalBytes: 1_250_000, warnings: [],
 * };
 * ```
 */
export interface SessionText {
  /** The newest part of the session that fits the budget; starts with a marker when cut. */
  readonly text: string;
  /** Where it came from (a path, or the command run), for messages. */
  readonly source: string;
  /** True when older parts were left out. */
  readonly truncated: boolean;
  /**
   * Bytes of the source before the first byte the text represents: exact at message or
   * line boundaries, estimated when a single message had to be cut.
   */
  readonly omittedBytes: number;
  /** Size of the whole source in bytes (file size, or command output length). */
  readonly totalBytes: number;
  /** What the reader had to work around: invalid UTF-8, lines that were not JSON, ... */
  readonly warnings: readonly string[];
}

/**
 * Why a session could not be read: its source is missing (NotFoundError), the entry lacks
 * what the reader needs or the options are wrong, such as a budget under 256 bytes
 * (InvalidInputError), or reading failed (SessionReadError: binary content, a failed or
 * timed-out command, an aborted read, an I/O error). `runSessionReaderContract` in
 * `agent-memory/testing` holds a reader to this.
 *
 * @example
 * ```ts
 * if (error.code === "SESSION_READ") console.error(error.message);
 * ```
 */
export type SessionReadFailure = NotFoundError | InvalidInputError | SessionReadError;

/**
 * Turns a journal entry into its session's text.
 *
 * @example
 * ```ts
 * const reader: SessionReader = fileSessionReader();
 * const session = await reader.read(entry, { budgetBytes: 32_000 });
 * ```
 */
export interface SessionReader {
  read(
    entry: JournalEntry,
    options: ReadSessionOptions,
  ): ResultAsync<SessionText, SessionReadFailure>;
}

/**
 * Readers keyed by retrieval method, as hosts pass them to createMemory.
 *
 * @example
 * ```ts
 * const readers: SessionReaders = {
 *   file: fileSessionReader(),
 *   jsonl: jsonlSessionReader(),
 *   "amp-thread": commandSessionReader({ command: "amp", args: ["threads", "markdown", "{threadId}"], timeoutMs: 30_000 }),
 * };
 * ```
 */
export type SessionReaders = Readonly<Record<string, SessionReader>>;
