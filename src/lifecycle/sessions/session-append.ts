/**
 * One append to the session log. The Persistence port has no append, so it is a read and
 * an atomic write of the whole file: the caller holds the serialiser and the lock, and
 * the new content always starts with the old content byte for byte.
 */
import { err, ok, type ResultAsync } from "neverthrow";
import type { PersistenceError } from "../../errors.js";
import type { Persistence } from "../../ports/persistence.js";
import {
  formatSession,
  parseSessions,
  type SessionParts,
} from "../../model/records/session-markdown.js";
import { sessionLogPath, utcDay, utcTime } from "./session-paths.js";
import { scrubSecrets } from "../secret-scrubber.js";

/**
 * The session just appended.
 *
 * @example
 * ```ts
 * const appended: AppendedSession = { path: "sessions/2026/04/16/agent0.md", session: 3, time: "14:05", text, redacted: [] };
 * ```
 */
export interface AppendedSession {
  /** The log file, relative to the memory root. */
  readonly path: string;
  /** K of the new `## session K`. */
  readonly session: number;
  /** `HH:MM` UTC. */
  readonly time: string;
  /** The markdown appended. */
  readonly text: string;
  /** The kinds of secret scrubbed from the section before it was written. */
  readonly redacted: readonly string[];
}

/**
 * Appends session K (one past the file's highest) to the file of `agent` for the UTC day
 * of `at`. Call it only while holding the serialiser and the lock.
 *
 * @example
 * ```ts
 * await appendSession(persistence, Date.now(), 0, parts);
 * ```
 */
export function appendSession(
  persistence: Persistence,
  at: number,
  agent: number,
  parts: SessionParts,
): ResultAsync<AppendedSession, PersistenceError> {
  const path = sessionLogPath(agent, utcDay(at));
  const time = utcTime(at);
  return persistence
    .read(path)
    .orElse((error) => (error.code === "NOT_FOUND" ? ok("") : err(error)))
    .andThen((existing) => {
      const number = Math.max(0, ...parseSessions(existing).map((s) => s.number)) + 1;
      // Only the new section is scrubbed; the file's earlier text is written back as it was.
      const { text, redacted } = scrubSecrets(formatSession(number, time, parts));
      // One blank line between sessions; a file a person left without a final newline gets one.
      const separator = existing === "" ? "" : existing.endsWith("\n") ? "\n" : "\n\n";
      return persistence
        .write(path, `${existing}${separator}${text}`)
        .map(() => ({ path, session: number, time, text, redacted }));
    });
}
