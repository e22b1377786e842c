import { errAsync, okAsync, ResultAsync } from "neverthrow";
import { noteSupersession } from "../../model/supersession/supersession.js";
import {
  NotFoundError,
  type DuplicateIdError,
  type GitError,
  type InvalidInputError,
  type PersistenceError,
} from "../../errors.js";
import { checkNoteId, pickOne } from "../store/find-note.js";
import { toNote, type Note, type SupersededBy } from "../store/note-meta.js";
import { loadTimes } from "../store/note-times.js";
import type { NotesDeps } from "../notes-deps.js";
import { whereMerged } from "../store/redirects.js";

/** Errors a read can return. */
export type ReadError =
  | NotFoundError
  | DuplicateIdError
  | InvalidInputError
  | PersistenceError
  | GitError;

/**
 * Reads one note with everything derived about it. The id is in the file name, so this lists
 * the status folders and reads that one file, never the whole memory. A pure read: it never
 * writes, moves or removes a note and records nothing about the access.
 */
export function readNote(ctx: NotesDeps, idInput: string): ResultAsync<Note, ReadError> {
  return checkNoteId(idInput)
    .asyncAndThen((id) =>
      ctx.store
        .withId(id)
        .andThen((found) =>
          found.length > 0
            ? new ResultAsync(Promise.resolve(pickOne(id, found)))
            : notFound(ctx, id),
        ),
    )
    .andThen((stored) => loadTimes(ctx.git, ctx.now).map((times) => toNote(stored, times(stored))))
    .andThen((note) => withSuccessor(ctx, note));
}

/** The note with `supersededBy` when its body carries a note-level mark. */
function withSuccessor(ctx: NotesDeps, note: Note): ResultAsync<Note, PersistenceError> {
  const mark = noteSupersession(note.body);
  if (mark === undefined) return okAsync(note);
  return ctx.store.withId(mark.successorId).map((found): Note => {
    const supersededBy: SupersededBy = {
      id: mark.successorId,
      title: found[0]?.note.title ?? null,
      ...(mark.date === undefined ? {} : { date: mark.date }),
      ...(mark.reason === undefined ? {} : { reason: mark.reason }),
    };
    return { ...note, supersededBy };
  });
}

/**
 * The NOT_FOUND of an id no file carries; when a redirect record says the note was merged,
 * the error says where to (`mergedInto`), so a link written in another clone before the merge
 * still leads somewhere. A read does not follow it: the caller asked for another note.
 */
function notFound(
  ctx: NotesDeps,
  id: string,
): ResultAsync<never, NotFoundError | PersistenceError> {
  return whereMerged(ctx, id).andThen((target) =>
    errAsync(
      target === undefined
        ? new NotFoundError(`No note has the id ${id}. List the notes to find the right id.`)
        : new NotFoundError(
            `${id} was merged into ${target} (a redirect record under journal/redirects/ says so): read ${target}.`,
            { mergedInto: target },
          ),
    ),
  );
}
