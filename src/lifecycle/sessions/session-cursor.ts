/**
 * How far consolidation has read the session log, kept in the repository (so a fresh
 * clone or another machine continues where the last run stopped), not in a process.
 *
 * The cursor maps each log file to the highest session consumed, and, when that was the
 * file's last session, the file's size then: a file still that size has nothing new, so
 * it is skipped unread. Entries are never pruned: one small line per agent per day.
 */
import { type, type Type } from "arktype";
import { err, ok, okAsync, type Result, type ResultAsync } from "neverthrow";
import { InvalidInputError, type PersistenceError } from "../../errors.js";
import type { Persistence } from "../../ports/persistence.js";

/**
 * Where the cursor lives: beside the journal (both are consolidation's input state) and
 * outside `.agent-memory/`, so it is committed with the memory.
 */
export const SESSION_CURSOR_PATH = "journal/session-cursor.json";

/**
 * The parsed cursor file: per log file, the highest session consumed and, when that was
 * the file's last session, the file's size then.
 *
 * @example
 * ```ts
 * const cursor: SessionCursor = { version: 1, files: { "sessions/2026/04/16/agent0.md": { session: 2, bytes: 512 } } };
 * ```
 */
export interface SessionCursor {
  version: 1;
  files: Record<string, { session: number; bytes?: number }>;
}

const cursorSchema: Type<SessionCursor> = type({
  version: "1",
  files: {
    "[string]": { session: "number.integer >= 0", "bytes?": "number.integer >= 0" },
  },
});

/**
 * A session named by its file and number, as `markConsumed` takes it.
 *
 * @example
 * ```ts
 * const ref: SessionRef = { path: "sessions/2026/04/16/agent0.md", number: 2 };
 * ```
 */
export interface SessionRef {
  readonly path: string;
  readonly number: number;
}

/**
 * The cursor; an empty one when the file does not exist yet. A cursor file that is not
 * valid is an error rather than a reset, since a reset would consolidate every session again.
 *
 * @example
 * ```ts
 * const cursor = await readCursor(persistence);
 * ```
 */
export function readCursor(
  persistence: Persistence,
): ResultAsync<SessionCursor, InvalidInputError | PersistenceError> {
  return persistence
    .read(SESSION_CURSOR_PATH)
    .andThen((text) => parseCursor(text))
    .orElse((error) =>
      error.code === "NOT_FOUND" ? okAsync({ version: 1 as const, files: {} }) : err(error),
    );
}

/**
 * The cursor text parsed and checked.
 *
 * @example
 * ```ts
 * parseCursor('{"version":1,"files":{}}'); // Ok({ version: 1, files: {} })
 * ```
 */
export function parseCursor(text: string): Result<SessionCursor, InvalidInputError> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  const checked = cursorSchema(parsed);
  if (checked instanceof type.errors) {
    return err(
      new InvalidInputError(
        `The session cursor ${SESSION_CURSOR_PATH} is not valid (${checked.summary}). ` +
          "Restore it from git history; deleting it makes consolidation read every session again.",
      ),
    );
  }
  return ok(checked);
}

/**
 * The cursor advanced past `refs`, given each file's current sessions (`lastOf`: its last
 * session number and size, or undefined when the file is gone). Never moves backwards.
 *
 * @example
 * ```ts
 * advanceCursor(cursor, [{ path, number: 3 }], () => ({ last: 3, bytes: 900 }));
 * ```
 */
export function advanceCursor(
  cursor: SessionCursor,
  refs: readonly SessionRef[],
  lastOf: (path: string) => { last: number; bytes: number } | undefined,
): SessionCursor {
  const files = { ...cursor.files };
  for (const ref of refs) {
    const session = Math.max(files[ref.path]?.session ?? 0, ref.number);
    const current = lastOf(ref.path);
    files[ref.path] =
      current !== undefined && current.last <= session
        ? { session, bytes: current.bytes }
        : { session };
  }
  const sorted = Object.fromEntries(Object.entries(files).toSorted(([a], [b]) => (a < b ? -1 : 1)));
  return { version: 1, files: sorted };
}

/**
 * The cursor's bytes: sorted keys, one file per line, so git diffs stay small.
 *
 * @example
 * ```ts
 * await persistence.write(SESSION_CURSOR_PATH, serializeCursor(cursor));
 * ```
 */
export function serializeCursor(cursor: SessionCursor): string {
  return `${JSON.stringify(cursor, null, 2)}\n`;
}
