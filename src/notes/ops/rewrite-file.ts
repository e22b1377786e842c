import { okAsync, type ResultAsync } from "neverthrow";
import type { NotFoundError, PersistenceError } from "../../errors.js";
import type { NotesDeps } from "../notes-deps.js";

/**
 * Reads a file fresh, applies `edit`, and writes it back atomically only if it changed.
 * Resolves to whether it wrote. Reading fresh (not from the store's cache) keeps an edit
 * made behind the library's back a moment ago.
 */
export function rewriteFile(
  ctx: NotesDeps,
  path: string,
  edit: (markdown: string) => string,
): ResultAsync<boolean, NotFoundError | PersistenceError> {
  return ctx.persistence.read(path).andThen((markdown) => {
    const edited = edit(markdown);
    if (edited === markdown) return okAsync(false);
    return ctx.persistence.write(path, edited).map(() => {
      ctx.store.forget(path);
      return true;
    });
  });
}
