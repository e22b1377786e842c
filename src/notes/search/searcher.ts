import { errAsync, type ResultAsync } from "neverthrow";
import { InvalidInputError, type EmbedderError, type PersistenceError } from "../../errors.js";
import type { Embedder } from "../../ports/embedder.js";
import type { NotesContext } from "../notes-context.js";
import { createEmbeddings, type EmbeddingReport } from "./embeddings.js";
import type { SearchResult } from "./rank-notes.js";
import { createSearchIndex } from "./search-index.js";
import { searchNotes } from "./search-notes.js";
import type { SearchOptions } from "./search-options.js";

/** A memory's search: its full-text index and, with an embedder, its vectors. */
export interface Searcher {
  search(
    query: string,
    options?: SearchOptions,
  ): ResultAsync<SearchResult[], PersistenceError | InvalidInputError>;
  updateVectors(): ResultAsync<
    EmbeddingReport,
    EmbedderError | PersistenceError | InvalidInputError
  >;
}

/**
 * The search of one memory. The composition root imports this module on the first search
 * only, so a process that never searches never loads minisearch or the stemmer.
 *
 * @example
 * ```ts
 * const searcher = createSearcher(ctx, undefined);
 * const hits = await searcher.search("console design", { limit: 5 });
 * ```
 */
export function createSearcher(ctx: NotesContext, embedder: Embedder | undefined): Searcher {
  const index = createSearchIndex();
  const embeddings =
    embedder === undefined ? undefined : createEmbeddings(ctx.persistence, embedder);
  return {
    search: (query, options) => searchNotes(ctx, index, query, options, embeddings),
    updateVectors: () =>
      embeddings === undefined
        ? errAsync(
            new InvalidInputError(
              "This memory has no embedder, so it has no vectors: pass `embedder` to createMemory.",
            ),
          )
        : ctx.store.snapshot().andThen((snapshot) => embeddings.update(snapshot)),
  };
}
