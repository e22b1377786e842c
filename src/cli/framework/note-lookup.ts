/**
 * Finding the note an id argument names, with suggestions when it names none. Ids work
 * with or without the `id__` prefix (the library accepts both).
 *
 * @module
 */

import { err, ok, type Result } from "neverthrow";
import type { NotesMemory, Note } from "../../index.js";
import { failureFrom, type CliFailure } from "./cli-failure.js";
import { closestTitles } from "../render/closest-titles.js";
import { EXIT } from "./exit-codes.js";

/**
 * Reads the note `idInput` names. When there is none (or the text is not an id at all, say a
 * title typed by mistake), the failure lists the closest titles.
 *
 * @example
 * ```ts
 * const note = await lookUpNote(memory, "Kf9mNp");
 * if (note.isErr()) return out.fail(note.error);
 * ```
 */
export async function lookUpNote(
  memory: NotesMemory,
  idInput: string,
  options: { readonly followMerged?: boolean } = {},
): Promise<Result<Note, CliFailure>> {
  const read = await memory.read(idInput);
  if (read.isOk()) return ok(read.value);
  const { error } = read;
  if (error.code === "NOT_FOUND" && error.mergedInto !== undefined) {
    // A merged note's id: a reader is shown where it went, a mutation is told the id to use.
    return options.followMerged === true
      ? lookUpNote(memory, error.mergedInto)
      : err(failureFrom(error));
  }
  if (error.code !== "NOT_FOUND" && error.code !== "INVALID_INPUT") return err(failureFrom(error));
  const listed = await memory.list();
  const suggestions = listed.isOk()
    ? closestTitles(idInput, listed.value).map(({ id, title }) => ({ id, title }))
    : [];
  const offer =
    suggestions.length === 0
      ? ""
      : ` Closest: ${suggestions.map(({ id, title }) => `${id} ${JSON.stringify(title)}`).join(", ")}.`;
  return err({
    code: "NOT_FOUND",
    message: `No note has the id ${JSON.stringify(idInput)}.${offer} Run "memory list" to see every note's id.`,
    exitCode: EXIT.failed,
    suggestions,
  });
}

/**
 * Reads every note an id list names, stopping at the first that names none.
 *
 * @example
 * ```ts
 * const notes = await lookUpNotes(memory, ["Kf9mNp", "id__Ab3xYz"]);
 * ```
 */
export async function lookUpNotes(
  memory: NotesMemory,
  idInputs: readonly string[],
): Promise<Result<Note[], CliFailure>> {
  const notes: Note[] = [];
  for (const idInput of idInputs) {
    const note = await lookUpNote(memory, idInput);
    if (note.isErr()) return err(note.error);
    notes.push(note.value);
  }
  return ok(notes);
}
