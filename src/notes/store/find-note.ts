import { err, ok, type Result } from "neverthrow";
import { DuplicateIdError, InvalidInputError, NotFoundError } from "../../errors.js";
import { ID_SHAPE, isValidId, normalizeIdInput } from "../../model/id.js";
import type { NoteFacts } from "./note-facts.js";

/**
 * The one note file carrying `idInput` (with or without the `id__` prefix).
 * Two files with the id are a DUPLICATE_ID error: the library never picks one.
 */
export function findNote<N extends NoteFacts>(
  snapshot: { readonly byId: ReadonlyMap<string, readonly N[]> },
  idInput: string,
): Result<N, NotFoundError | DuplicateIdError | InvalidInputError> {
  return checkNoteId(idInput).andThen((id) => pickOne(id, snapshot.byId.get(id) ?? []));
}

/**
 * The id `idInput` names (with or without `id__`), or an INVALID_INPUT error that shows the form.
 *
 * @example
 * ```ts
 * checkNoteId(" Kf9mNp"); // Ok("id__Kf9mNp")
 * ```
 */
export function checkNoteId(idInput: string): Result<string, InvalidInputError> {
  const id = normalizeIdInput(idInput.trim());
  if (isValidId(id)) return ok(id);
  return err(
    new InvalidInputError(`"${idInput}" is not a note id: an id is ${ID_SHAPE}, e.g. id__Kf9mNp.`),
  );
}

/**
 * The one file of `found` carrying `id`: none is NOT_FOUND, two are DUPLICATE_ID.
 *
 * @example
 * ```ts
 * pickOne("id__Kf9mNp", [stored]); // Ok(stored)
 * ```
 */
export function pickOne<N extends NoteFacts>(
  id: string,
  found: readonly N[],
): Result<N, NotFoundError | DuplicateIdError> {
  const [first, ...others] = found;
  if (first === undefined) {
    return err(new NotFoundError(`No note has the id ${id}. List the notes to find the right id.`));
  }
  // Sorted: the same files are named in the same order however they were found.
  if (others.length > 0) {
    return err(new DuplicateIdError(id, found.map((stored) => stored.path).toSorted()));
  }
  return ok(first);
}
