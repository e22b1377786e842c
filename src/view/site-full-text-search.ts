import {
  createFullTextSearch,
  type FullTextSearch,
  type SavedFullTextSearch,
} from "../notes/search/full-text-search.js";
import { decodeSearchCache, encodeSearchCache } from "../notes/search/search-cache-file.js";
import { indexForSite, indexInWorker, type IndexSeed } from "./full-text-worker.js";
import type { SiteNote } from "./site-model.js";
import { searchFilesOf, syncNotes, type SiteSearchFiles } from "./site-search-files.js";

// From this many notes to index (none or few of them in the saved index), a render indexes in
// a worker thread, beside the pages: indexing 10,000 notes costs several reads of them. With
// fewer, this thread syncs the index: handing the notes to a worker and starting it cost
// this thread and the machine more than the sync does.
const WORKER_FROM = 1_000;

/**
 * The full-text search a site ships, kept between renders: the one the last render brought in step
 * (a served site's rebuild then indexes only the notes that changed), or the one saved (a
 * saved text is decoded when first needed, and a torn, foreign or other-version text is
 * ignored: every note is then indexed). What a render changed is saved by the site cache.
 */
export class SiteFullTextSearch {
  #seed: IndexSeed;
  #live: FullTextSearch | undefined;
  #pending: (() => unknown) | undefined;
  /** The index's text as saved by the last render that changed it (made when first asked for). */
  #toSave: (() => string | undefined) | undefined;
  #workers = 0;

  /** `saved`: the text of a saved index (search.json's format), to start from. */
  constructor(saved?: string) {
    this.#seed = saved;
  }

  /** The index in hand (after the render in flight, if one indexes in a worker). */
  live(): FullTextSearch {
    this.#pending?.();
    if (this.#live === undefined) {
      this.#live = createFullTextSearch(this.#takeSeed());
    }
    return this.#live;
  }

  /**
   * The search's files for these notes: computed now, or, when `workerFrom` notes or more
   * must be indexed and no index is in hand, in a worker thread (which also makes
   * data/search.js), which the returned function waits for when first called.
   */
  filesFor(notes: readonly SiteNote[], workerFrom = WORKER_FROM): () => SiteSearchFiles {
    if (this.#live !== undefined || this.#pending !== undefined) return this.#here(notes);
    const text = this.#seed;
    const seed = this.#takeSeed();
    if (staleCount(notes, seed) < workerFrom) {
      this.#seed = seed;
      return this.#here(notes);
    }
    // The worker decodes the saved text itself: it crosses as one string, the object as
    // thousands.
    const join = indexInWorker(notes, typeof text === "string" ? text : seed);
    if (join === undefined) {
      // No worker can run (the script is not built, or Bun): this thread syncs the index in hand.
      this.#seed = seed;
      return this.#here(notes);
    }
    this.#workers++;
    let files: SiteSearchFiles | undefined;
    const joined = (): SiteSearchFiles => {
      if (files !== undefined) return files;
      this.#pending = undefined;
      // A worker that failed leaves the work to this thread, from the same start.
      const indexed = join() ?? indexForSite({ notes, seed });
      // The index the worker made is the one in hand from now on (decoded when first needed).
      this.#seed = indexed.index ?? seed;
      const index = indexed.index;
      if (index !== undefined) {
        this.#toSave = () => (typeof index === "string" ? index : encodeSearchCache(index));
      }
      // data/search.js is the worker's; only the shards (the notes' bodies) are made here.
      files = searchFilesOf(notes, () => this.live().save(), indexed.data);
      return files;
    };
    this.#pending = joined;
    return joined;
  }

  /** How many renders indexed in a worker thread. */
  stats(): { readonly workers: number } {
    return { workers: this.#workers };
  }

  /** The saved index's text when a render changed it since it was loaded or saved, once. */
  takeTextToSave(): string | undefined {
    const saved = this.#toSave;
    this.#toSave = undefined;
    return saved?.();
  }

  #here(notes: readonly SiteNote[]): () => SiteSearchFiles {
    const live = this.live();
    const changed = syncNotes(notes, live);
    // Saved when the files or the site cache first ask: a served site's rebuild saves
    // nothing until a reader searches.
    let saved: SavedFullTextSearch | undefined;
    const save = (): SavedFullTextSearch => (saved ??= live.save());
    if (changed) this.#toSave = () => encodeSearchCache(save());
    const files = searchFilesOf(notes, save);
    return () => files;
  }

  /** The index to start from, decoded (undefined when there is none or it is unusable). */
  #takeSeed(): SavedFullTextSearch | undefined {
    const seed = this.#seed;
    this.#seed = undefined;
    return typeof seed === "string" ? decodeSearchCache(seed) : seed;
  }
}

/** How many of the notes a saved index does not hold in their current version. */
function staleCount(notes: readonly SiteNote[], saved: SavedFullTextSearch | undefined): number {
  if (saved === undefined) return notes.length;
  const held = new Map<string, string>();
  saved.table.keys.forEach((key, doc) => {
    const hash = saved.hashes[doc];
    if (key !== null && typeof hash === "string") held.set(key, hash);
  });
  return notes.filter((note) => held.get(note.meta.path) !== note.meta.hash).length;
}
