import { errAsync, ResultAsync } from "neverthrow";
import { InvalidInputError } from "../../errors.js";
import type { Embedder } from "../../ports/embedder.js";
import type { NotesDeps } from "../notes-deps.js";
import type { NotesMemory } from "../notes-memory.js";
import { createEmbeddings } from "./embeddings.js";
import { SEARCH_CACHE_PATH, decodeSearchCache, encodeSearchCache } from "./search-cache-file.js";
import { createFullTextSearch, type FullTextSearch } from "./full-text-search.js";
import { searchNotes, syncFullText } from "./search-notes.js";

/** A memory's search: its full-text index and, with an embedder, its vectors. */
export type Searcher = Pick<NotesMemory, "search" | "updateVectors" | "warmUp">;

/** Options of {@link createSearcher}. */
export interface SearcherOptions {
  /**
   * Keep the index in `.agent-memory/cache/search.json` so the next process searches
   * without indexing every note (what the CLI does). Default false.
   */
  readonly persist?: boolean;
}

/**
 * The search of one memory. The composition root imports this module on the first search
 * only, so a process that never searches never loads the index or the stemmer.
 *
 * @example
 * ```ts
 * const searcher = createSearcher(ctx, undefined, { persist: true });
 * const hits = await searcher.search("console design", { limit: 5 });
 * ```
 */
export function createSearcher(
  ctx: NotesDeps,
  embedder: Embedder | undefined,
  options: SearcherOptions = {},
): Searcher {
  let fullText: Promise<FullTextSearch> | undefined;
  const loadFullText = async (): Promise<FullTextSearch> => {
    if (options.persist !== true) return createFullTextSearch();
    const text = await ctx.persistence.read(SEARCH_CACHE_PATH);
    return createFullTextSearch(text.isOk() ? decodeSearchCache(text.value) : undefined);
  };
  // Ignored on failure, like the facts cache: a read-only or full disk must not fail a search.
  const saveFullText = async (changed: FullTextSearch, restricted: boolean): Promise<void> => {
    if (options.persist !== true) return;
    // The saved index cannot leave one note's words out, so a memory holding a note less
    // readable than itself saves none (and drops one saved before the note was narrowed).
    if (restricted) {
      await ctx.persistence.remove(SEARCH_CACHE_PATH);
      return;
    }
    const text = encodeSearchCache(changed.save());
    if (text !== undefined) await ctx.persistence.write(SEARCH_CACHE_PATH, text);
  };
  const embeddings =
    embedder === undefined ? undefined : createEmbeddings(ctx.persistence, embedder);
  // A search made while a warm-up runs waits for it, so the notes it reads are indexed once.
  let warming: Promise<unknown> = Promise.resolve();
  return {
    warmUp: () => {
      fullText ??= loadFullText();
      const run = ResultAsync.fromSafePromise(fullText)
        .andThen((loaded) => syncFullText(ctx, loaded, saveFullText))
        .map((facts) => ({ notes: facts.notes.length }));
      warming = Promise.resolve(run);
      return run;
    },
    search: (query, searchOptions) => {
      fullText ??= loadFullText();
      const ready = Promise.all([fullText, warming]).then(([index]) => index);
      return ResultAsync.fromSafePromise(ready).andThen((loaded) =>
        searchNotes(ctx, loaded, query, searchOptions, embeddings, saveFullText),
      );
    },
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
