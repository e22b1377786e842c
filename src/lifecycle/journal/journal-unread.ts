/**
 * Why a pending entry was not consumed: the last run that could not read its session says
 * so in `.agent-memory/unread/<id>.json`, so `memory journal list` can show it. Derived
 * state, never committed: a missing or stale record costs an explanation, never an entry
 * (the entry itself stays in `journal/pending/` untouched).
 */
import { errAsync, ok, okAsync, ResultAsync } from "neverthrow";
import { PRIVATE_FOLDER } from "../../model/layout.js";
import type { PersistenceError } from "../../errors.js";
import type { Persistence } from "../../ports/persistence.js";
import { isJournalId } from "./journal-paths.js";

/** The folder of the unread records, relative to the memory root. */
export const UNREAD_FOLDER = `${PRIVATE_FOLDER}/unread`;

/**
 * Why an entry's session could not be read, and when that was found.
 *
 * @example
 * ```ts
 * const note: UnreadNote = { reason: "The session transcript /p/s.jsonl does not exist", at: "2026-05-01T10:00:00.000Z" };
 * ```
 */
export interface UnreadNote {
  readonly reason: string;
  readonly at: string;
}

function unreadPath(id: string): string {
  return `${UNREAD_FOLDER}/${id}.json`;
}

/**
 * Records why each of `items` could not be read (replacing an older record).
 *
 * @example
 * ```ts
 * await recordUnread(persistence, [{ id, reason: "not a known transcript format" }], new Date().toISOString());
 * ```
 */
export function recordUnread(
  persistence: Persistence,
  items: readonly { readonly id: string; readonly reason: string }[],
  at: string,
): ResultAsync<void, PersistenceError> {
  return ResultAsync.combine(
    items
      .filter((item) => isJournalId(item.id))
      .map((item) =>
        persistence.write(unreadPath(item.id), `${JSON.stringify({ reason: item.reason, at })}\n`),
      ),
  ).map(() => undefined);
}

/**
 * Drops the records of `ids` (entries consumed or read since); a missing record is fine.
 *
 * @example
 * ```ts
 * await clearUnread(persistence, report.consumed);
 * ```
 */
export function clearUnread(
  persistence: Persistence,
  ids: readonly string[],
): ResultAsync<void, PersistenceError> {
  return ResultAsync.combine(
    ids
      .filter((id) => isJournalId(id))
      .map((id) =>
        persistence
          .remove(unreadPath(id))
          .orElse((error) => (error.code === "NOT_FOUND" ? okAsync(undefined) : errAsync(error))),
      ),
  ).map(() => undefined);
}

/**
 * Every unread record, by entry id. Records that do not parse are skipped.
 *
 * @example
 * ```ts
 * const reasons = (await readUnread(persistence))._unsafeUnwrap();
 * reasons.get(entry.id)?.reason;
 * ```
 */
export function readUnread(
  persistence: Persistence,
): ResultAsync<Map<string, UnreadNote>, PersistenceError> {
  return persistence.list(UNREAD_FOLDER).andThen((files) =>
    ResultAsync.combine(
      files
        .filter((file) => file.path.endsWith(".json"))
        .map((file) =>
          persistence
            .read(file.path)
            .map((text) => ({ path: file.path, text }))
            .orElse(() => ok({ path: file.path, text: "" })),
        ),
    ).map((read) => {
      const notes = new Map<string, UnreadNote>();
      for (const { path, text } of read) {
        const note = parseNote(text);
        const id = path.slice(UNREAD_FOLDER.length + 1, -".json".length);
        if (note !== undefined) notes.set(id, note);
      }
      return notes;
    }),
  );
}

function parseNote(text: string): UnreadNote | undefined {
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== "object" || value === null) return undefined;
    const { reason, at } = value as Record<string, unknown>;
    return typeof reason === "string" && typeof at === "string" ? { reason, at } : undefined;
  } catch {
    return undefined;
  }
}
