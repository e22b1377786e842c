import { err, errAsync, ok, okAsync, type Result, type ResultAsync } from "neverthrow";
import {
  InvalidInputError,
  type ConflictError,
  type NotFoundError,
  type PersistenceError,
} from "../../errors.js";
import { noteHash } from "../../model/note-hash.js";
import type { StoredNote } from "../store/note-store.js";
import { parseNote, serializeNote } from "../../model/note-format.js";
import { validateBody, validateTags } from "../../model/note-input.js";
import type { ChangedNote, MutationError, MutationOptions } from "../mutation-options.js";
import { UPDATE_PATCH_SHAPE, checkShape } from "./note-input-schema.js";
import { changedNote } from "./changed-note.js";
import type { NotesDeps } from "../notes-deps.js";
import { writeSingleNote } from "./single-note-write.js";

/** What an update changes; anything left out is kept. */
export interface UpdatePatch {
  /** The new body (markdown after the heading and the tag line). */
  readonly body?: string;
  /** The new tag line. Tags written inline in the body stay tags of the note. */
  readonly tags?: readonly string[];
}

/** The note as an {@link UpdateEdit} sees it: read fresh from its file under the lock. */
export interface CurrentNote {
  readonly id: string;
  readonly title: string;
  readonly body: string;
  /** Every tag (the tag line's, then the body's). */
  readonly tags: readonly string[];
  /** The version the edit is applied to. */
  readonly hash: string;
}

/**
 * A read-modify-write: computes the patch from the note as it is when the write happens (read
 * under the memory's lock, so no other writer can come between the read and the write).
 */
export type UpdateEdit = (current: CurrentNote) => UpdatePatch;

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
 * The file is written in the canonical format (heading, tag line, body).
 *
 * Three forms, from safest:
 * - an edit function (`update(id, (note) => ({ body: `${note.body}\nmore` }))`): applied to
 *   the note read fresh under the memory's lock, so concurrent read-modify-writes all land
 *   (none lost, no CONFLICT to handle);
 * - a patch with `expectedHash`: a compare-and-swap, refused with CONFLICT (nothing written)
 *   when the note changed since the caller read it;
 * - a patch without `expectedHash`: last writer wins. Right for a body replaced outright;
 *   wrong for one derived from an earlier read, which another writer may have changed since.
 *
 * @example
 * ```ts
 * await memory.update(id, (note) => ({ body: `${note.body}\n\nmore` })); // never loses a concurrent edit
 * const note = (await memory.read(id))._unsafeUnwrap();
 * const updated = await memory.update(id, { body: `${note.body}\nmore` }, { expectedHash: note.hash });
 * if (updated.isErr() && updated.error.code === "CONFLICT") {
 *   // someone else wrote first: read again and redo the edit
 * }
 * ```
 */
export function updateNote(
  ctx: NotesDeps,
  id: string,
  patch: UpdatePatch | UpdateEdit,
  options: UpdateOptions = {},
): ResultAsync<ChangedNote, UpdateError> {
  const upfront = typeof patch === "function" ? ok(undefined) : validatePatch(patch);
  if (upfront.isErr()) return errAsync(upfront.error);
  return writeSingleNote(ctx, id, options, {
    plan: (stored) =>
      patchFor(ctx, stored, patch).map(({ body, tags }) => {
        const { note } = stored;
        const markdown = serializeNote({
          title: note.title,
          tags: tags ?? note.tagLine,
          body: body ?? note.body,
        });
        return { change: { kind: "rewrite", markdown }, report: undefined } as const;
      }),
  }).andThen((done) => changedNote(ctx, done.rewritten ?? done.found, done.outcome));
}

/** The validated patch: the given one, or the edit function's over the note read fresh. */
function patchFor(
  ctx: NotesDeps,
  stored: StoredNote,
  patch: UpdatePatch | UpdateEdit,
): ResultAsync<
  { body?: string; tags?: string[] },
  InvalidInputError | NotFoundError | PersistenceError
> {
  if (typeof patch !== "function")
    return validatePatch(patch).asyncAndThen((valid) => okAsync(valid));
  return ctx.persistence.read(stored.path).andThen((markdown) => {
    const note = parseNote(markdown, stored.note.id);
    let edited: UpdatePatch;
    try {
      edited = patch({
        id: note.id,
        title: note.title,
        body: note.body,
        tags: note.tags,
        hash: noteHash(markdown),
      });
    } catch (cause) {
      return errAsync(
        new InvalidInputError(
          `The update's edit function threw, so nothing was written: ${String(cause)}`,
          { cause },
        ),
      );
    }
    return validatePatch(edited).asyncAndThen((valid) => okAsync(valid));
  });
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
