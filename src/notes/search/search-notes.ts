import { errAsync, type ResultAsync } from "neverthrow";
import type { InvalidInputError, PersistenceError } from "../../errors.js";
import type { NotesContext } from "../notes-context.js";
import { rankNotes, type SearchResult } from "./rank-notes.js";
import type { SearchIndex } from "./search-index.js";
import { validateSearch, type SearchOptions } from "./search-options.js";

/**
 * Searches the notes: validates the query, refreshes the store (re-reading only files whose
 * (mtime, size) changed, so edits made behind the library's back are seen), brings the index
 * in step with it, and ranks. Results are sorted by score, then id; never writes anything.
 *
 * @example
 * ```ts
 * const index = createSearchIndex(); // one per memory, kept beside ctx.links
 * const results = await searchNotes(ctx, index, "console design", { limit: 5, status: "active" });
 * if (results.isOk()) for (const { id, title, snippet } of results.value) show(id, title, snippet);
 * ```
 */
export function searchNotes(
  ctx: NotesContext,
  index: SearchIndex,
  query: string,
  options: SearchOptions = {},
): ResultAsync<SearchResult[], PersistenceError | InvalidInputError> {
  const search = validateSearch(query, options);
  if (search.isErr()) return errAsync(search.error);
  return ctx.store.snapshot().map((snapshot) => {
    index.sync(snapshot);
    return rankNotes(index, search.value);
  });
}
