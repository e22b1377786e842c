import { errAsync } from "neverthrow";
import { InvalidInputError } from "../../errors.js";
import type { Embedder } from "../../ports/embedder.js";
import type { NotesContext } from "../notes-context.js";
import type { NotesMemory } from "../notes-memory.js";
import { createEmbeddings } from "./embeddings.js";
import { createSearchIndex } from "./search-index.js";
import { searchNotes } from "./search-notes.js";

/** A memory's search: its full-text index and, with an embedder, its vectors. */
export type Searcher = Pick<NotesMemory, "search" | "updateVectors">;

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
