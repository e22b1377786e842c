import { err, errAsync, okAsync, type Result, type ResultAsync } from "neverthrow";
import {
  InvalidInputError,
  type GitError,
  type LockError,
  type PersistenceError,
} from "../../errors.js";
import {
  checkCommitRequest,
  commitIfAsked,
  type ChangedNote,
  type MutationOptions,
} from "../mutation-options.js";
import { buildFilename } from "../../model/filename.js";
import { ID_SHAPE, isValidId } from "../../model/id.js";
import { slugify } from "../../model/slug.js";
import { validateBody, validateTags, validateTitle } from "../../model/note-input.js";
import { parseNote, serializeNote } from "../../model/note-format.js";
import { checkNoteSize } from "../../model/note-size.js";
import { noteHash } from "../../model/note-hash.js";
import { isNoteStatus, pathForStatus, type NoteStatus } from "../../model/layout.js";
import { toNoteMeta, type NoteMeta } from "../store/note-meta.js";
import { CAPTURE_INPUT_SHAPE, checkShape } from "./note-input-schema.js";
import { serialized, type NotesDeps } from "../notes-deps.js";
import { pickUnusedId, usedIds, type UsedIds } from "./unused-id.js";

/** What a caller gives to capture a note. */
export interface CaptureInput {
  /** The idea the note states; becomes the `# heading` and the filename's slug. */
  readonly title: string;
  /** Markdown; `[[id__XXXXXX|text]]` links and `#tags` in it are picked up. */
  readonly body: string;
  /** Tags for the tag line, with or without `#`. */
  readonly tags?: readonly string[];
}

/** Where a captured note goes. */
export interface CaptureOptions extends MutationOptions {
  /** Default "inbox": captured notes wait for consolidation. */
  readonly status?: NoteStatus;
  /**
   * An id the caller chose (a migration, a replayed consolidation). It must be valid and used
   * nowhere in the memory, as a file or as a link target; default: a fresh random id.
   */
  readonly id?: string;
}

/** Validates the request, writes a new note file atomically and returns its meta. */
export function captureNote(
  ctx: NotesDeps,
  input: CaptureInput,
  options: CaptureOptions = {},
): ResultAsync<ChangedNote, InvalidInputError | PersistenceError | LockError | GitError> {
  const content = validateCapture(input, options);
  if (content.isErr()) return errAsync(content.error);
  const commitCheck = checkCommitRequest(ctx, options);
  if (commitCheck.isErr()) return errAsync(commitCheck.error);
  return serialized(ctx, () =>
    usedIds(ctx)
      .andThen((used) =>
        options.id === undefined
          ? pickUnusedId(ctx.generateId, used)
          : checkChosenId(options.id, used),
      )
      .andThen((id) => writeNewNote(ctx, content.value, id))
      .andThen((meta) =>
        commitIfAsked(ctx, options, [meta.path]).map((outcome): ChangedNote => ({
          ...meta,
          committed: outcome.commit !== null,
          ...outcome,
        })),
      ),
  );
}

/** A capture request once checked: what the new file holds and where it goes. */
export interface ValidCapture {
  readonly title: string;
  readonly tags: string[];
  readonly body: string;
  readonly status: NoteStatus;
}

/** Checks a capture request; the note's size counts the whole file. */
export function validateCapture(
  input: CaptureInput,
  options: Pick<CaptureOptions, "status">,
): Result<ValidCapture, InvalidInputError> {
  const status = options.status ?? "inbox";
  if (!isNoteStatus(status)) {
    return err(
      new InvalidInputError(`Unknown status "${String(status)}": use inbox, active or archived.`),
    );
  }
  return checkShape(CAPTURE_INPUT_SHAPE, input, "capture").andThen((shape) =>
    validateTitle(shape.title).andThen((title) =>
      validateBody(shape.body).andThen((body) =>
        validateTags(shape.tags ?? []).andThen((tags) =>
          // The whole file counts: the heading and tag line come on top of the body.
          checkNoteSize(serializeNote({ title, tags, body })).map(() => ({
            title,
            tags,
            body,
            status,
          })),
        ),
      ),
    ),
  );
}

/** Writes a new note's file atomically under `id`; call it under the memory lock with an unused id. */
export function writeNewNote(
  ctx: NotesDeps,
  content: ValidCapture,
  id: string,
): ResultAsync<NoteMeta, PersistenceError> {
  const { title, tags, body, status } = content;
  const slug = slugify(title);
  const path = pathForStatus(status, buildFilename(title, id));
  const markdown = serializeNote({ title, tags, body });
  return ctx.persistence.write(path, markdown).map(() => {
    ctx.store.forget(path);
    const note = parseNote(markdown, id, { slug });
    const size = Buffer.byteLength(markdown, "utf8");
    const createdAt = ctx.now();
    return toNoteMeta(
      { path, status, slug, mtimeMs: createdAt, size, hash: noteHash(markdown), note },
      { createdAt, updatedAt: createdAt, committed: false },
    );
  });
}

/**
 * A chosen id may be one that links already name: the caller means those links to resolve
 * to this note (a migration restoring ids, a consolidation creating notes that link to each
 * other). It must not be any file's id.
 */
export function checkChosenId(id: string, used: UsedIds): ResultAsync<string, InvalidInputError> {
  if (!isValidId(id)) {
    return errAsync(new InvalidInputError(`"${id}" is not a note id: ${ID_SHAPE}.`));
  }
  if (used.files.has(id)) {
    return errAsync(
      new InvalidInputError(`${id} is already the id of a file in this memory; choose another id.`),
    );
  }
  return okAsync(id);
}
