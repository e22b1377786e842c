import { createHash } from "node:crypto";
import { PRIVATE_FOLDER } from "../model/layout.js";
import type { FullTextSearch } from "../notes/search/full-text-search.js";
import { SEARCH_CACHE_PATH } from "../notes/search/search-cache-file.js";
import type { Persistence } from "../ports/persistence.js";
import { decodeSiteCache, encodeSiteCache, type CachedGroups } from "./site-cache-file.js";
import { SiteFullTextSearch } from "./site-full-text-search.js";

/** Where a memory keeps the graph groups its site's last render computed: private, never committed. */
export const SITE_CACHE_PATH = `${PRIVATE_FOLDER}/cache/view.json`;

/**
 * Where a memory keeps the full-text search its site's last render shipped, in the format of the
 * memory's own (`.agent-memory/cache/search.json`), which seeds it when this file is missing.
 */
export const SITE_SEARCH_CACHE_PATH = `${PRIVATE_FOLDER}/cache/view-search.json`;

/** A note's body as HTML, with what it was rendered from besides the note's path. */
interface CachedBody {
  /** The note file's version (noteHash of its bytes). */
  readonly hash: string;
  /** Per link, "1" when its target existed, "0" when it was marked broken. */
  readonly exists: string;
  readonly html: string;
}

/**
 * What a site's render reuses between renders: each note's body as HTML, by the note's path,
 * the file's version and which of its links' targets exist (kept by this object: a server's
 * rebuilds); the graph's communities, by a digest of every note's id and link targets (saved
 * too, between processes), and the full-text search (saved too). Bodies are not saved: a
 * rebuild into a folder renders only the pages whose key changed (see writeSite), and loading
 * 10,000 bodies cost about what rendering them does. Derived state only: an entry is used
 * only when everything it was computed from is the same, so a stale, torn or foreign cache
 * costs renders, never a wrong page. Only what the last render used is kept, so it never
 * grows past the memory.
 *
 * @example
 * ```ts
 * const cache = await loadSiteCache(persistence);
 * const site = await renderSite({ memory }, { cache });
 * // ... write or serve the site, then:
 * await cache.save();
 * ```
 */
export class SiteCache {
  readonly #bodies = new Map<string, CachedBody>();
  #used = new Map<string, CachedBody>();
  #groups: CachedGroups | undefined;
  #changed = false;
  readonly #persistence: Persistence | undefined;
  #hits = 0;
  #misses = 0;
  /** The full-text search the site ships, kept between renders. */
  readonly search: SiteFullTextSearch;

  /**
   * An empty cache; with `persistence`, {@link save} keeps it in {@link SITE_CACHE_PATH} and
   * {@link SITE_SEARCH_CACHE_PATH}. `text` and `searchText` are those files' contents.
   */
  constructor(persistence?: Persistence, text?: string, searchText?: string) {
    this.#persistence = persistence;
    this.search = new SiteFullTextSearch(searchText);
    const decoded = text === undefined ? undefined : decodeSiteCache(text);
    this.#groups = decoded?.groups;
    // A file that was there but unusable is rewritten on the next save.
    this.#changed = text !== undefined && decoded === undefined;
  }

  /** The body's HTML of the note at `path`, rendered by `render` unless the cache has it. */
  body(path: string, hash: string, exists: string, render: () => string): string {
    const held = this.#used.get(path) ?? this.#bodies.get(path);
    if (held !== undefined && held.hash === hash && held.exists === exists) {
      this.#used.set(path, held);
      this.#hits++;
      return held.html;
    }
    this.#misses++;
    const html = render();
    this.#used.set(path, { hash, exists, html });
    return html;
  }

  /** The graph's groups for links with this digest, computed by `compute` unless cached. */
  groups(
    key: string,
    compute: () => readonly (readonly number[])[],
  ): readonly (readonly number[])[] {
    if (this.#groups?.key === key) return this.#groups.parts;
    const parts = compute();
    this.#groups = { key, parts };
    this.#changed = true;
    return parts;
  }

  /**
   * The full-text search of the last render (or the one saved), which a render brings in step
   * with the notes: a note is indexed again only when its version changed. A saved index that
   * is torn, foreign or of another version is ignored (every note is then indexed).
   */
  fullTextSearch(): FullTextSearch {
    return this.search.live();
  }

  /**
   * Starts a render of a memory whose notes are at `paths`: the bodies of notes gone since are
   * dropped (a served site renders its pages on demand, so the others stay until asked for).
   */
  startRender(paths: Iterable<string>): void {
    for (const [path, body] of this.#used) this.#bodies.set(path, body);
    this.#used = new Map();
    const current = new Set(paths);
    for (const path of this.#bodies.keys()) if (!current.has(path)) this.#bodies.delete(path);
  }

  /** Bodies taken from the cache, and rendered because none fit, since it was made. */
  stats(): { readonly hits: number; readonly misses: number } {
    return { hits: this.#hits, misses: this.#misses };
  }

  /**
   * Writes the cache (atomically, through the persistence) if anything changed. A failure is
   * ignored: a read-only or full disk must not fail a site that was built.
   */
  async save(): Promise<void> {
    if (this.#persistence === undefined) return;
    const search = this.search.takeTextToSave();
    if (search !== undefined) await this.#persistence.write(SITE_SEARCH_CACHE_PATH, search);
    if (!this.#changed) return;
    const written = await this.#persistence.write(SITE_CACHE_PATH, encodeSiteCache(this.#groups));
    if (written.isOk()) this.#changed = false;
  }
}

/**
 * The site cache of the memory behind `persistence`: empty when the file is missing, of
 * another version, torn or corrupt (it is then rewritten by the next save).
 *
 * @example
 * ```ts
 * const cache = await loadSiteCache(fsPersistence({ fs, root }));
 * ```
 */
export async function loadSiteCache(persistence: Persistence): Promise<SiteCache> {
  const [text, search] = await Promise.all([
    persistence.read(SITE_CACHE_PATH),
    persistence.read(SITE_SEARCH_CACHE_PATH),
  ]);
  // No index of an earlier view: the memory's own, when a search saved one, saves indexing.
  const seed = search.isOk() ? search : await persistence.read(SEARCH_CACHE_PATH);
  return new SiteCache(
    persistence,
    text.isOk() ? text.value : undefined,
    seed.isOk() ? seed.value : undefined,
  );
}

/** The digest the graph's cached groups are keyed by: every note's id and distinct targets. */
export function linksKey(
  notes: readonly { readonly id: string; readonly targets: readonly string[] }[],
): string {
  const hash = createHash("sha256");
  for (const note of notes) hash.update(`${note.id} ${note.targets.join(" ")}\n`);
  return hash.digest("base64url");
}
