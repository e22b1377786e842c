import { err, errAsync, ok, type Result, type ResultAsync } from "neverthrow";
import { InvalidInputError } from "../../errors.js";
import { buildFilename } from "../../model/filename.js";
import { pathForStatus } from "../../model/layout.js";
import { duplicateCopies } from "../store/duplicate-copies.js";
import { checkNoteId } from "../store/find-note.js";
import {
  checkCommitRequest,
  commitIfAsked,
  type CommitOutcome,
  type MutationError,
  type MutationOptions,
} from "../mutation-options.js";
import type { StoredNote } from "../store/note-store.js";
import { serialized, type NotesDeps } from "../notes-deps.js";
import { pickUnusedId, usedIds } from "./unused-id.js";

/** Options of a reid. */
export interface ReidOptions extends MutationOptions {
  /**
   * The file to give a new id (relative to the memory root). Default: the copy, as
   * `duplicateCopies` tells it from the original (the file with the library's own name for
   * the note first, then the first by path); required when the id is on three files or more.
   */
  readonly path?: string;
}

/** What a reid changed. */
export interface ReidResult extends CommitOutcome {
  /** The duplicated id; every link to it still points at the file that keeps it. */
  readonly id: string;
  /** The file that keeps the id. */
  readonly keptPath: string;
  /** The copy's new id: never one a file, a link or a merged note's record names. */
  readonly newId: string;
  readonly path: string;
  readonly previousPath: string;
  readonly files: readonly string[];
}

/** Errors a reid can return. */
export type ReidError = MutationError;

/**
 * Gives a copy of a duplicated note (one id on two files: a copy made by hand, an old crash
 * inside a move) a fresh id, by renaming its file: the id lives only in the file name, so
 * the text is untouched and nothing is lost. Links to the id keep pointing at the original;
 * nothing links to the new id yet. One atomic rename, so a crash leaves the copy under its
 * old name or its new one.
 */
export function reidNote(
  ctx: NotesDeps,
  idInput: string,
  options: ReidOptions = {},
): ResultAsync<ReidResult, ReidError> {
  const checked = checkNoteId(idInput);
  if (checked.isErr()) return errAsync(checked.error);
  const id = checked.value;
  const commitCheck = checkCommitRequest(ctx, options);
  if (commitCheck.isErr()) return errAsync(commitCheck.error);
  return serialized(ctx, () =>
    ctx.store.withId(id).andThen((found) =>
      chooseCopy(id, found, options.path).asyncAndThen(({ copy, kept }) =>
        usedIds(ctx)
          .andThen((used) => pickUnusedId(ctx.generateId, used))
          .andThen((newId) => {
            const path = pathForStatus(copy.status, buildFilename(copy.note.title, newId));
            return ctx.persistence
              .move(copy.path, path)
              .andTee(() => {
                ctx.store.forget(copy.path);
                ctx.store.forget(path);
              })
              .andThen(() => commitIfAsked(ctx, options, [copy.path, path]))
              .map((outcome) => ({
                id,
                keptPath: kept.path,
                newId,
                path,
                previousPath: copy.path,
                files: [copy.path, path],
                ...outcome,
              }));
          }),
      ),
    ),
  );
}

function chooseCopy(
  id: string,
  found: readonly StoredNote[],
  path: string | undefined,
): Result<{ copy: StoredNote; kept: StoredNote }, InvalidInputError> {
  const [first, second, ...more] = found;
  if (first === undefined || second === undefined) {
    return err(
      new InvalidInputError(
        `${id} is on ${found.length === 0 ? "no file" : `one file only (${first?.path ?? ""})`}: reid gives a copy of a duplicated id a new id, and a note's only id never changes (links name it).`,
      ),
    );
  }
  const { original, copies } = duplicateCopies([first, second, ...more]);
  if (path === undefined) {
    const [copy, ...others] = copies;
    if (copy === undefined || others.length > 0) {
      return err(
        new InvalidInputError(
          `${id} is on ${found.length} files (${found.map((f) => f.path).join(", ")}): name the copy to re-id with a path.`,
        ),
      );
    }
    return ok({ copy, kept: original });
  }
  const copy = found.find((file) => file.path === path);
  if (copy === undefined) {
    return err(
      new InvalidInputError(
        `"${path}" is not a file of ${id}; its files are ${found.map((f) => f.path).join(", ")}.`,
      ),
    );
  }
  const kept = copy === original ? copies[0] : original;
  return kept === undefined
    ? err(new InvalidInputError(`${id} has no other file.`))
    : ok({ copy, kept });
}
