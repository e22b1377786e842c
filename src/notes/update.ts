import { err, errAsync, ok, okAsync, type Result, type ResultAsync } from "neverthrow";
import {
  ConflictError,
  InvalidInputError,
  type NotFoundError,
  type PersistenceError,
} from "../errors.js";
import { noteHash } from "../model/note-hash.js";
import type { StoredNote } from "./note-store.js";
import { serializeNote } from "../model/note-format.js";
import { checkNoteSize } from "../model/note-size.js";
import { validateBody, validateTags } from "../model/note-input.js";
import { findNote } from "./find-note.js";
import {
  checkCommitRequest,
  commitIfAsked,
  type ChangedNote,
  type MutationError,
  type MutationOptions,
} from "./mutation-options.js";
import { UPDATE_PATCH_SHAPE, checkShape } from "./note-input-schema.js";
import { changedNote } from "./changed-note.js";
import { serialized, type NotesContext } from "./notes-context.js";

/** What an update changes; anything left out is kept. */
export interface UpdatePatch {
  /** The new body (markdown after the heading and the tag line). */
  readonly body?: string;
  /** The new tag line. Tags written inline in the body stay tags of the note. */
  readonly tags?: readonly string[];
}

/** Options of an update: a commit, and the version the caller expects to replace. */
export interface UpdateOptions extends MutationOptions {
  /**
   * The `hash` of the note as the caller read it. When given, the write is refused with
   * CONFLICT (nothing written) if the file changed since: read again, merge, retry.
   */
  readonly expectedHash?: string;
}

/** Errors an update can return; CONFLICT only with `expectedHash`. */
export type UpdateError = MutationError | ConflictError;

/**
 * Rewrites a note's body and/or tag line atomically, keeping its title, id and place.
 * The file is written in the canonical format (heading, tag line, body). With
 * `expectedHash` it is a compare-and-swap: the file is read fresh under the lock and a
 * note that changed since the caller read it is left alone (CONFLICT).
 *
 * @example
 * ```ts
 * const note = (await memory.read(id))._unsafeUnwrap();
 * const updated = await memory.update(id, { body: `${note.body}\nmore` }, { expectedHash: note.hash });
 * if (updated.isErr() && updated.error.code === "CONFLICT") {
 *   // someone else wrote first: read again and redo the edit
 * }
 * ```
 */
export function updateNote(
  ctx: NotesContext,
  id: string,
  patch: UpdatePatch,
  options: UpdateOptions = {},
): ResultAsync<ChangedNote, UpdateError> {
  const checked = validatePatch(patch);
  if (checked.isErr()) return errAsync(checked.error);
  const { body, tags } = checked.value;
  const commitCheck = checkCommitRequest(ctx, options);
  if (commitCheck.isErr()) return errAsync(commitCheck.error);
  return serialized(ctx, () =>
    ctx.store
      .snapshot()
      .andThen((snapshot) => findNote(snapshot, id))
      .andThen((stored) => checkExpected(ctx, stored, options.expectedHash))
      .andThen((stored) => {
        const { note } = stored;
        const markdown = serializeNote({
          title: note.title,
          tags: tags ?? note.tagLine,
          body: body ?? note.body,
        });
        return checkNoteSize(markdown).asyncAndThen((sized) =>
          ctx.persistence.write(stored.path, sized).map(() => ctx.store.forget(stored.path)),
        );
      })
      .andThen(() => ctx.store.snapshot())
      .andThen((snapshot) => findNote(snapshot, id))
      .andThen((stored) =>
        commitIfAsked(ctx, options, [stored.path]).andThen((outcome) =>
          changedNote(ctx, stored, outcome),
        ),
      ),
  );
}

function validatePatch(
  patch: UpdatePatch,
): Result<{ body?: string; tags?: string[] }, InvalidInputError> {
  return checkShape(UPDATE_PATCH_SHAPE, patch, "update").andThen((shape) => {
    if (shape.body === undefined && shape.tags === undefined) {
      return err(
        new InvalidInputError("An update needs a body or tags to change; nothing was written."),
      );
    }
    const body: Result<string | undefined, InvalidInputError> =
      shape.body === undefined ? ok(undefined) : validateBody(shape.body);
    const tags: Result<string[] | undefined, InvalidInputError> =
      shape.tags === undefined ? ok(undefined) : validateTags(shape.tags);
    return body.andThen((validBody) =>
      tags.map((validTags) => ({
        ...(validBody === undefined ? {} : { body: validBody }),
        ...(validTags === undefined ? {} : { tags: validTags }),
      })),
    );
  });
}

/**
 * Compare-and-swap's compare: the file read fresh (not the store's cache, which a write
 * within the same mtime tick could fool) must still carry the expected version.
 */
export function checkExpected(
  ctx: NotesContext,
  stored: StoredNote,
  expectedHash: string | undefined,
): ResultAsync<StoredNote, ConflictError | NotFoundError | PersistenceError> {
  if (expectedHash === undefined) return okAsync(stored);
  return ctx.persistence
    .read(stored.path)
    .andThen((markdown) =>
      noteHash(markdown) === expectedHash
        ? okAsync(stored)
        : errAsync(
            new ConflictError(
              `Note ${stored.note.id} changed since it was read (expected version ${expectedHash}, found ${noteHash(markdown)}); nothing was written. Read it again, redo the edit on the current text and retry.`,
            ),
          ),
    );
}
