import { errAsync, okAsync, type ResultAsync } from "neverthrow";
import { InvalidInputError, type PersistenceError } from "../../errors.js";
import { parseFilename } from "../../model/filename.js";
import { basename } from "../../model/layout.js";
import type { NoteSnapshot } from "../store/note-store.js";
import type { NotesDeps } from "../notes-deps.js";
import { ID_SHAPE, isValidId } from "../../model/id.js";

/**
 * Ids the memory already uses: in file names anywhere under the root (notes, and the redirect
 * records of merged notes, so a merged id is never handed out again), and as link targets.
 */
export interface UsedIds {
  readonly files: ReadonlySet<string>;
  readonly linkTargets: ReadonlySet<string>;
}

const MAX_ID_ATTEMPTS = 20;

/** Lists what the memory uses now; call it under the memory lock so the answer holds. */
export function usedIds(ctx: NotesDeps): ResultAsync<UsedIds, PersistenceError> {
  return ctx.store.snapshot().andThen((snapshot: NoteSnapshot) =>
    ctx.persistence.list().map((listed) => {
      const files = new Set<string>();
      for (const file of listed) {
        const name = parseFilename(basename(file.path));
        if (name.isOk()) files.add(name.value.id);
      }
      const linkTargets = new Set<string>();
      for (const stored of snapshot.notes)
        for (const link of stored.note.links) linkTargets.add(link.id);
      for (const link of snapshot.indexNote?.links ?? []) linkTargets.add(link.id);
      return { files, linkTargets };
    }),
  );
}

/**
 * A fresh id is never one a file or a link already names: a broken link must not start
 * resolving to it. A generator a host injected that returns something other than an id is
 * refused before anything is written: a file named with it would not be a note.
 */
export function pickUnusedId(
  generate: () => string,
  used: UsedIds,
): ResultAsync<string, InvalidInputError> {
  for (let attempt = 0; attempt < MAX_ID_ATTEMPTS; attempt++) {
    const id = generate();
    if (!isValidId(id)) {
      return errAsync(
        new InvalidInputError(
          `The id generator returned "${id}", which is not a note id (${ID_SHAPE}); nothing was written. Fix the generateId option.`,
        ),
      );
    }
    if (!used.files.has(id) && !used.linkTargets.has(id)) return okAsync(id);
  }
  return errAsync(
    new InvalidInputError(
      `Could not find an unused note id in ${MAX_ID_ATTEMPTS} attempts: the id generator keeps returning ids that exist.`,
    ),
  );
}
