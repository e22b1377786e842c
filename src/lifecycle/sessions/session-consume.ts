/**
 * Moving the session cursor past sessions consolidation has consumed.
 */
import { type } from "arktype";
import { err, ok, type Result, type ResultAsync } from "neverthrow";
import { safeAsync } from "../../shared/safe-async.js";
import { InvalidInputError, PersistenceError } from "../../errors.js";
import type { Persistence } from "../../ports/persistence.js";
import {
  advanceCursor,
  readCursor,
  serializeCursor,
  SESSION_CURSOR_PATH,
  type SessionRef,
} from "./session-cursor.js";
import { parseSessions } from "../../model/records/session-markdown.js";
import { parseSessionLogPath, SESSIONS_FOLDER } from "./session-paths.js";

const refsSchema = type({ path: "string", number: "1 <= number.integer <= 999999" }).array();

/**
 * Checks the sessions handed to `markConsumed`: each a session log path and a number.
 *
 * @example
 * ```ts
 * checkRefs([{ path: "sessions/2026/04/16/agent0.md", number: 2 }]); // Ok([...])
 * ```
 */
export function checkRefs(refs: unknown): Result<SessionRef[], InvalidInputError> {
  const checked = refsSchema(refs);
  if (checked instanceof type.errors) {
    return err(new InvalidInputError(`Invalid sessions to mark consumed: ${checked.summary}`));
  }
  const stray = checked.find((ref) => parseSessionLogPath(ref.path) === undefined);
  if (stray !== undefined) {
    return err(
      new InvalidInputError(
        `"${stray.path}" is not a session log file (sessions/YYYY/MM/DD/agentN.md).`,
      ),
    );
  }
  return ok(checked);
}

/**
 * Reads the cursor, advances it past `refs` and writes it back. Call it only while holding
 * the serialiser and the lock, which appends hold too, so the sizes it records are the
 * sizes of files no one is writing.
 *
 * @example
 * ```ts
 * await consumeSessions(persistence, [{ path: "sessions/2026/04/16/agent0.md", number: 2 }]);
 * ```
 */
export function consumeSessions(
  persistence: Persistence,
  refs: readonly SessionRef[],
): ResultAsync<void, InvalidInputError | PersistenceError> {
  return readCursor(persistence).andThen((cursor) =>
    persistence.list(SESSIONS_FOLDER).andThen((files) =>
      safeAsync<void, InvalidInputError | PersistenceError>(
        async () => {
          const sizes = new Map(files.map((file) => [file.path, file.size]));
          const lasts = new Map<string, { last: number; bytes: number }>();
          for (const path of new Set(refs.map((ref) => ref.path))) {
            const bytes = sizes.get(path);
            if (bytes === undefined) continue;
            const content = await persistence.read(path);
            if (content.isErr()) {
              if (content.error.code === "NOT_FOUND") continue;
              return err(content.error);
            }
            const last = Math.max(0, ...parseSessions(content.value).map((s) => s.number));
            lasts.set(path, { last, bytes });
          }
          const next = advanceCursor(cursor, refs, (path) => lasts.get(path));
          return persistence.write(SESSION_CURSOR_PATH, serializeCursor(next));
        },
        (cause) => new PersistenceError("Could not update the session cursor.", { cause }),
      ),
    ),
  );
}
