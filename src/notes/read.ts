import type { ResultAsync } from "neverthrow";
import type {
  DuplicateIdError,
  GitError,
  InvalidInputError,
  NotFoundError,
  PersistenceError,
} from "../errors.js";
import { findNote } from "./find-note.js";
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
 * Reads one note with everything derived about it. A pure read: it never writes, moves
 * or removes a file and records nothing about the access.
 */
export function readNote(ctx: NotesContext, id: string): ResultAsync<Note, ReadError> {
  return ctx.store
    .snapshot()
    .andThen((snapshot) => findNote(snapshot, id))
    .andThen((stored) => loadTimes(ctx.git, ctx.now).map((times) => toNote(stored, times(stored))));
}
