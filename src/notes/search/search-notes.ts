import { errAsync, okAsync, type ResultAsync } from "neverthrow";
import type { InvalidInputError, PersistenceError } from "../../errors.js";
import type { NotesContext } from "../notes-context.js";
import type { Embeddings } from "./embeddings.js";
import { rankNotes, type SearchResult } from "./rank-notes.js";
import type { SearchIndex } from "./search-index.js";
import { validateSearch, type SearchOptions } from "./search-options.js";

/**
 * Searches the notes: validates the query, refreshes the store (re-reading only files whose
 * (mtime, size) changed, so edits made behind the library's back are seen), brings the index
 * in step with it, and ranks. With `embeddings`, the words' ranking is fused with the notes'
 * vector similarities to the query (notes still without a vector rank on words alone while
 * theirs are computed in the background). Results are sorted by score, then id; never writes
 * a note (the vector cache under `.agent-memory/` is derived state).
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
  embeddings?: Embeddings,
): ResultAsync<SearchResult[], PersistenceError | InvalidInputError> {
  const search = validateSearch(query, options);
  if (search.isErr()) return errAsync(search.error);
  return ctx.store.snapshot().andThen((snapshot) => {
    index.sync(snapshot);
    if (embeddings === undefined) return okAsync(rankNotes(index, search.value));
    return embeddings
      .similarities(snapshot, search.value.query)
      .map((vectorHits) => rankNotes(index, search.value, vectorHits));
  });
}
