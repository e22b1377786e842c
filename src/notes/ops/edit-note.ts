/**
 * A note edit through the safe path: read the note, compute the new body with the pure
 * {@link applyNoteEdit}, write it with `update` (lock, atomic write, optional commit).
 *
 * @module
 */

import { errAsync, okAsync, type ResultAsync } from "neverthrow";
import { ConflictError } from "../../errors.js";
import { applyNoteEdit, type NoteEdit } from "../../model/note-edit.js";
import type { CommitOutcome } from "../mutation-options.js";
import type { NoteMeta } from "../store/note-meta.js";
import type { NotesMemory } from "../notes-memory.js";
import type { ReadError } from "../reads/read.js";
import type { UpdateError, UpdateOptions } from "./update.js";

/** What an edit reports: the note as written, whether the body changed, and its commit. */
export interface EditResult extends CommitOutcome {
  readonly note: NoteMeta;
  /** False when the edit left the body as it was (nothing was written). */
  readonly changed: boolean;
}

/**
 * Edits a note's body. An edit that changes nothing writes nothing.
 *
 * The body is read, then written by `update` with the read note's hash (compare-and-swap): a
 * note changed between the read and the write is refused with CONFLICT, never overwritten.
 * With `expectedHash` (the hash the caller read) the edit is refused with CONFLICT, even one
 * that would change nothing, unless the note is still that version.
 *
 * @example
 * ```ts
 * await editNote(memory, "id__Kf9mNp", { kind: "append", text: "- decided: ship Friday" });
 * ```
 */
export function editNote(
  memory: Pick<NotesMemory, "read" | "update">,
  id: string,
  edit: NoteEdit,
  options: UpdateOptions = {},
): ResultAsync<EditResult, ReadError | UpdateError> {
  return memory.read(id).andThen((note) => {
    const expected = options.expectedHash ?? note.hash;
    if (expected !== note.hash) {
      return errAsync(
        new ConflictError(
          `Note ${note.id} changed since it was read (expected version ${expected}, found ${note.hash}); nothing was written. Read it again, redo the edit on the current text and retry.`,
        ),
      );
    }
    const edited = applyNoteEdit(note.body, edit);
    if (edited.isErr()) return errAsync(edited.error);
    if (edited.value === note.body) {
      const { body: _body, links: _links, ...meta } = note;
      return okAsync({ note: meta, changed: false, commit: null });
    }
    return memory
      .update(note.id, { body: edited.value }, { ...options, expectedHash: expected })
      .map(({ commit, notCommitted, ...meta }) => ({
        note: meta,
        changed: true,
        commit,
        ...(notCommitted === undefined ? {} : { notCommitted }),
      }));
  });
}
