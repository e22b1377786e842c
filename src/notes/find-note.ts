import { err, ok, type Result } from "neverthrow";
import { DuplicateIdError, InvalidInputError, NotFoundError } from "../errors.js";
import { isValidId, normalizeIdInput } from "../model/id.js";
import type { NoteSnapshot, StoredNote } from "./note-store.js";

/**
 * The one note file carrying `idInput` (with or without the `id__` prefix).
 * Two files with the id are a DUPLICATE_ID error: the library never picks one.
 */
export function findNote(
  snapshot: NoteSnapshot,
  idInput: string,
): Result<StoredNote, NotFoundError | DuplicateIdError | InvalidInputError> {
  const id = normalizeIdInput(idInput.trim());
  if (!isValidId(id)) {
    return err(
      new InvalidInputError(
        `"${idInput}" is not a note id: an id is "id__" followed by 6 letters or digits, e.g. id__Kf9mNp.`,
      ),
    );
  }
  const found = snapshot.byId.get(id) ?? [];
  const [first, ...others] = found;
  if (first === undefined) {
    return err(new NotFoundError(`No note has the id ${id}. List the notes to find the right id.`));
  }
  if (others.length > 0)
    return err(
      new DuplicateIdError(
        id,
        found.map((stored) => stored.path),
      ),
    );
  return ok(first);
}
