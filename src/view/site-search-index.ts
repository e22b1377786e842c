import {
  createFullTextSearch,
  type FullTextSearch,
  type SavedFullTextSearch,
} from "../notes/search/full-text-search.js";
import { decodeSearchCache, encodeSearchCache } from "../notes/search/search-cache-file.js";
import { indexInWorker } from "./search-index-worker.js";
import type { SiteNote } from "./site-model.js";
import { siteSearchFiles, type SiteSearchFiles } from "./site-search-files.js";

// From this many notes, a render without an index in hand indexes in a worker thread, beside
// the pages: indexing 10,000 notes costs several reads of them.
const WORKER_FROM = 1_000;

/**
 * The search index a site ships, kept between renders: the one the last render brought in step
 * (a served site's rebuild then indexes only the notes that changed), or the one saved (a
 * saved text is decoded when first needed, and a torn, foreign or other-version text is
 * ignored: every note is then indexed). What a render changed is saved by the site cache.
 */
export class SiteSearchIndex {
  #seed: string | SavedFullTextSearch | undefined;
  #live: FullTextSearch | undefined;
  #pending: (() => SiteSearchFiles) | undefined;
  #toSave: SavedFullTextSearch | undefined;
  #workers = 0;

  /** `saved`: the text of a saved index (search.json's format), to start from. */
  constructor(saved?: string) {
    this.#seed = saved;
  }

  /** The index in hand (after the render in flight, if one indexes in a worker). */
  live(): FullTextSearch {
    this.#pending?.();
    if (this.#live === undefined) {
      const seed = this.#seed;
      this.#seed = undefined;
      this.#live = createFullTextSearch(typeof seed === "string" ? decodeSearchCache(seed) : seed);
    }
    return this.#live;
  }

  /**
   * The search's files for these notes: computed now, or (from `workerFrom` notes, and no
   * index in hand) in a worker thread, which the returned function waits for when first called.
   */
  filesFor(notes: readonly SiteNote[], workerFrom = WORKER_FROM): () => SiteSearchFiles {
    const seed = this.#seed;
    const inHand =
      this.#live !== undefined || this.#pending !== undefined || typeof seed === "object";
    const join =
      inHand || notes.length < workerFrom
        ? undefined
        : indexInWorker(notes, typeof seed === "string" ? seed : undefined);
    if (join === undefined) {
      const files = this.#indexHere(notes, undefined);
      return () => files;
    }
    this.#seed = undefined;
    this.#workers++;
    let files: SiteSearchFiles | undefined;
    const joined = (): SiteSearchFiles => {
      if (files !== undefined) return files;
      this.#pending = undefined;
      // A worker that failed leaves the work to this thread, from the same start.
      files = join() ?? this.#indexHere(notes, typeof seed === "string" ? seed : undefined);
      this.#adopt(files);
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
    return saved === undefined ? undefined : encodeSearchCache(saved);
  }

  #indexHere(notes: readonly SiteNote[], seed: string | undefined): SiteSearchFiles {
    if (seed !== undefined) this.#seed = seed;
    const files = siteSearchFiles(notes, this.live());
    if (files.changed) this.#toSave = files.saved;
    return files;
  }

  /** A worker's index becomes the one in hand (created from its saved form when needed). */
  #adopt(files: SiteSearchFiles): void {
    if (this.#live === undefined) this.#seed = files.saved;
    if (files.changed) this.#toSave = files.saved;
  }
}
