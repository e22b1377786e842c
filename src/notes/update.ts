import { err, errAsync, ok, type Result, type ResultAsync } from "neverthrow";
import { InvalidInputError } from "../errors.js";
import { serializeNote } from "../model/note-format.js";
import { validateBody, validateTags } from "../model/note-input.js";
import { findNote } from "./find-note.js";
import {
  checkCommitRequest,
  commitIfAsked,
  type MutationError,
  type MutationOptions,
} from "./mutation-options.js";
import { toNoteMeta, type NoteMeta } from "./note-meta.js";
import { checkShape, updatePatchSchema } from "./note-input-schema.js";
import { loadTimes } from "./note-times.js";
import { serialized, type NotesContext } from "./notes-context.js";

/** What an update changes; anything left out is kept. */
export interface UpdatePatch {
  /** The new body (markdown after the heading and the tag line). */
  readonly body?: string;
  /** The new tag line. Tags written inline in the body stay tags of the note. */
  readonly tags?: readonly string[];
}

/** Errors an update can return. */
export type UpdateError = MutationError;

/**
 * Rewrites a note's body and/or tag line atomically, keeping its title, id and place.
 * The file is written in the canonical format (heading, tag line, body).
 */
export function updateNote(
  ctx: NotesContext,
  id: string,
  patch: UpdatePatch,
  options: MutationOptions = {},
): ResultAsync<NoteMeta, UpdateError> {
  const checked = validatePatch(patch);
  if (checked.isErr()) return errAsync(checked.error);
  const { body, tags } = checked.value;
  const commitCheck = checkCommitRequest(ctx, options);
  if (commitCheck.isErr()) return errAsync(commitCheck.error);
  return serialized(ctx, () =>
    ctx.store
      .snapshot()
      .andThen((snapshot) => findNote(snapshot, id))
      .andThen((stored) => {
        const { note } = stored;
        const markdown = serializeNote({
          title: note.title,
          tags: tags ?? note.tagLine,
          body: body ?? note.body,
        });
        return ctx.persistence
          .write(stored.path, markdown)
          .map(() => ctx.store.forget(stored.path));
      })
      .andThen(() => ctx.store.snapshot())
      .andThen((snapshot) => findNote(snapshot, id))
      .andThen((stored) => commitIfAsked(ctx, options, [stored.path]).map(() => stored))
      .andThen((stored) =>
        loadTimes(ctx.git, ctx.now).map((times) => toNoteMeta(stored, times(stored))),
      ),
  );
}

function validatePatch(
  patch: UpdatePatch,
): Result<{ body?: string; tags?: string[] }, InvalidInputError> {
  return checkShape(updatePatchSchema, patch, "update").andThen((shape) => {
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
