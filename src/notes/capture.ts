import { err, errAsync, okAsync, type Result, type ResultAsync } from "neverthrow";
import { InvalidInputError, type LockError, type PersistenceError } from "../ports/errors.js";
import { buildFilename, parseFilename } from "../model/filename.js";
import { slugify } from "../model/slug.js";
import { validateBody, validateTags, validateTitle } from "../model/note-input.js";
import { parseNote, serializeNote } from "../model/note-format.js";
import { basename, isNoteStatus, pathForStatus, type NoteStatus } from "./layout.js";
import { toNoteMeta, type NoteMeta } from "./note-meta.js";
import type { NoteSnapshot } from "./note-store.js";
import { captureInputSchema, checkShape } from "./note-input-schema.js";
import { serialized, type NotesContext } from "./notes-context.js";

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
export interface CaptureOptions {
  /** Default "inbox": captured notes wait for consolidation. */
  readonly status?: NoteStatus;
}

const MAX_ID_ATTEMPTS = 20;

/** Validates the request, writes a new note file atomically and returns its meta. */
export function captureNote(
  ctx: NotesContext,
  input: CaptureInput,
  options: CaptureOptions = {},
): ResultAsync<NoteMeta, InvalidInputError | PersistenceError | LockError> {
  const content = validateCapture(input, options);
  if (content.isErr()) return errAsync(content.error);
  const { title, tags, body, status } = content.value;
  return serialized(ctx, () =>
    usedIds(ctx)
      .andThen((used) => pickUnusedId(ctx.generateId, used))
      .andThen((id) => {
        const slug = slugify(title);
        const path = pathForStatus(status, buildFilename(title, id));
        const markdown = serializeNote({ title, tags, body });
        return ctx.persistence.write(path, markdown).map(() => {
          ctx.store.forget(path);
          const note = parseNote(markdown, id, { slug });
          const size = Buffer.byteLength(markdown, "utf8");
          const createdAt = ctx.now();
          return toNoteMeta(
            { path, status, slug, mtimeMs: createdAt, size, note },
            { createdAt, updatedAt: createdAt, committed: false },
          );
        });
      }),
  );
}

function validateCapture(
  input: CaptureInput,
  options: CaptureOptions,
): Result<{ title: string; tags: string[]; body: string; status: NoteStatus }, InvalidInputError> {
  const status = options.status ?? "inbox";
  if (!isNoteStatus(status)) {
    return err(
      new InvalidInputError(`Unknown status "${String(status)}": use inbox, active or archived.`),
    );
  }
  return checkShape(captureInputSchema, input, "capture").andThen((shape) =>
    validateTitle(shape.title).andThen((title) =>
      validateBody(shape.body).andThen((body) =>
        validateTags(shape.tags ?? []).map((tags) => ({ title, tags, body, status })),
      ),
    ),
  );
}

/**
 * Every id the memory already uses: in any file name under the root, and as a link target
 * (a broken link must never start resolving to an unrelated new note).
 */
function usedIds(ctx: NotesContext): ResultAsync<Set<string>, PersistenceError> {
  return ctx.store.snapshot().andThen((snapshot: NoteSnapshot) =>
    ctx.persistence.list().map((files) => {
      const used = new Set<string>();
      for (const file of files) {
        const name = parseFilename(basename(file.path));
        if (name.isOk()) used.add(name.value.id);
      }
      for (const stored of snapshot.notes) for (const link of stored.note.links) used.add(link.id);
      return used;
    }),
  );
}

function pickUnusedId(
  generate: () => string,
  used: Set<string>,
): ResultAsync<string, InvalidInputError> {
  for (let attempt = 0; attempt < MAX_ID_ATTEMPTS; attempt++) {
    const id = generate();
    if (!used.has(id)) return okAsync(id);
  }
  return errAsync(
    new InvalidInputError(
      `Could not find an unused note id in ${MAX_ID_ATTEMPTS} attempts: the id generator keeps returning ids that exist.`,
    ),
  );
}
