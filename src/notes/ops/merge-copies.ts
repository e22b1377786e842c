import { err, errAsync, ok, ResultAsync, type Result } from "neverthrow";
import { InvalidInputError, type NotFoundError, type PersistenceError } from "../../errors.js";
import { serializeNote } from "../../model/note-format.js";
import { dedupeTags } from "../../model/tags.js";
import { duplicateCopies } from "../store/duplicate-copies.js";
import type { MergeError, MergeResult } from "./merge.js";
import { commitIfAsked, type MutationOptions } from "../mutation-options.js";
import type { StoredNote } from "../store/note-store.js";
import { serialized, type NotesDeps } from "../notes-deps.js";

/**
 * Folds the copies of a duplicated id (one id on two or more files) into the original (the
 * file `duplicateCopies` names): a copy whose text the original already holds is removed; any
 * other copy's text is appended to the original under the copy's title first, as a merge
 * does, so no word is lost. Links name the id, so none changes.
 *
 * Write order: the original's merged content, then the copies removed. A stop in between
 * leaves the copies in place; running again adds nothing twice and removes them.
 */
export function mergeCopies(
  ctx: NotesDeps,
  id: string,
  body: string | undefined,
  options: MutationOptions,
): ResultAsync<MergeResult, MergeError> {
  return serialized(ctx, () =>
    ctx.store.withId(id).andThen((found) => {
      const [first, ...rest] = found;
      if (first === undefined || rest.length === 0) {
        return errAsync(
          new InvalidInputError(
            `${id} is the merge target; it cannot also be a source (only a duplicated id, one id on several files, merges into itself).`,
          ),
        );
      }
      const { original, copies } = duplicateCopies([first, ...rest]);
      return new ResultAsync(foldCopies(ctx, original, copies, body)).andThen((files) =>
        commitIfAsked(ctx, options, files).map((outcome): MergeResult => ({
          targetId: id,
          removed: [],
          removedCopies: copies.map((copy) => copy.path),
          repointedLinks: 0,
          files,
          ...outcome,
        })),
      );
    }),
  );
}

async function foldCopies(
  ctx: NotesDeps,
  original: StoredNote,
  copies: readonly StoredNote[],
  body: string | undefined,
): Promise<Result<string[], NotFoundError | PersistenceError>> {
  const own = original.note;
  const sections = copies
    .filter((copy) => copy.hash !== original.hash)
    .filter((copy) => copy.note.title !== own.title || !own.body.includes(copy.note.body.trim()))
    .map((copy) => `## ${copy.note.title}\n\n${copy.note.body}`)
    .filter((section, at, all) => all.indexOf(section) === at && !own.body.includes(section));
  const tags = dedupeTags([own.tagLine, ...copies.map((copy) => copy.note.tagLine)].flat());
  const files: string[] = [];
  if (body !== undefined || sections.length > 0 || tags.length !== own.tagLine.length) {
    const mergedBody = body ?? [own.body, ...sections].filter((part) => part !== "").join("\n\n");
    const written = await ctx.persistence.write(
      original.path,
      serializeNote({ title: own.title, tags, body: mergedBody }),
    );
    ctx.store.forget(original.path);
    if (written.isErr()) return err(written.error);
    files.push(original.path);
  }
  for (const copy of copies) {
    const removed = await ctx.persistence.remove(copy.path);
    ctx.store.forget(copy.path);
    if (removed.isErr() && removed.error.code !== "NOT_FOUND") return err(removed.error);
    files.push(copy.path);
  }
  return ok(files);
}
