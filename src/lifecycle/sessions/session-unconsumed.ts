/**
 * The sessions consolidation has not consumed yet, read against the cursor. Reads only
 * the log files that changed since the cursor last saw them.
 */
import { err, ok, type ResultAsync } from "neverthrow";
import { safeAsync } from "../../shared/safe-async.js";
import { PersistenceError, type InvalidInputError } from "../../errors.js";
import type { Persistence, StoredFile } from "../../ports/persistence.js";
import type { SessionCursor } from "./session-cursor.js";
import { parseSessions, type ParsedSession } from "../../model/records/session-markdown.js";
import { parseSessionLogPath, SESSIONS_FOLDER } from "./session-paths.js";

/**
 * A session read from the log, with the file it is in.
 *
 * @example
 * ```ts
 * const session: LoggedSession = {
 *   path: "sessions/2026/04/16/agent0.md", agent: 0, day: "2026-04-16",
 *   number: 2, time: "14:05", text: "## session 2 (14:05 UTC)\n...",
 *   what: "...", why: "...", how: "...", next: "...",
 * };
 * ```
 */
export type LoggedSession = Omit<ParsedSession, "endOffset"> & {
  /** The log file, relative to the memory root. */
  readonly path: string;
  readonly agent: number;
  /** UTC day of the file, `YYYY-MM-DD`. */
  readonly day: string;
};

/**
 * Every session after the cursor, oldest first (day, time, agent, number); at most `limit`
 * when given.
 *
 * @example
 * ```ts
 * const sessions = await unconsumedSessions(persistence, cursor, 50);
 * ```
 */
export function unconsumedSessions(
  persistence: Persistence,
  cursor: SessionCursor,
  limit?: number,
): ResultAsync<LoggedSession[], PersistenceError | InvalidInputError> {
  return persistence.list(SESSIONS_FOLDER).andThen((files) =>
    safeAsync<LoggedSession[], PersistenceError>(
      async () => {
        const found: LoggedSession[] = [];
        for (const file of files) {
          const where = parseSessionLogPath(file.path);
          const seen = cursor.files[file.path];
          if (where === undefined || unchanged(file, seen)) continue;
          const content = await persistence.read(file.path);
          if (content.isErr()) {
            if (content.error.code === "NOT_FOUND") continue;
            return err(content.error);
          }
          for (const session of parseSessions(content.value)) {
            if (session.number <= (seen?.session ?? 0)) continue;
            const { endOffset: _offset, ...rest } = session;
            found.push({ ...rest, path: file.path, agent: where.agent, day: where.day });
          }
        }
        const sorted = found.toSorted(chronological);
        return ok(limit === undefined ? sorted : sorted.slice(0, Math.max(0, limit)));
      },
      (cause) => new PersistenceError("Could not read the session log.", { cause }),
    ),
  );
}

function unchanged(file: StoredFile, seen: SessionCursor["files"][string] | undefined): boolean {
  return seen?.bytes !== undefined && seen.bytes === file.size;
}

function chronological(a: LoggedSession, b: LoggedSession): number {
  const keyA = `${a.day} ${a.time}`;
  const keyB = `${b.day} ${b.time}`;
  if (keyA !== keyB) return keyA < keyB ? -1 : 1;
  return a.agent - b.agent || a.number - b.number;
}
