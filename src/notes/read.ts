import type { ResultAsync } from "neverthrow";
import type {
  DuplicateIdError,
  GitError,
  InvalidInputError,
  NotFoundError,
  PersistenceError,
} from "../errors.js";
import { checkNoteId, pickOne } from "./find-note.js";
import { toNote, type Note } from "./note-meta.js";
import { loadTimes } from "./note-times.js";
import type { NotesContext } from "./notes-context.js";

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
export function readNote(ctx: NotesContext, idInput: string): ResultAsync<Note, ReadError> {
  return checkNoteId(idInput)
    .asyncAndThen((id) => ctx.store.withId(id).andThen((found) => pickOne(id, found)))
    .andThen((stored) => loadTimes(ctx.git, ctx.now).map((times) => toNote(stored, times(stored))));
}
