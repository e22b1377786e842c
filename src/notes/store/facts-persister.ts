import type { Persistence } from "../../ports/persistence.js";
import {
  NOTES_CACHE_PATH,
  decodeNotesCache,
  encodeNotesCache,
  type CachedFacts,
  type DecodedFacts,
} from "./notes-cache-file.js";

/** Loads and saves the notes' facts between processes. */
export interface FactsPersister {
  /** The entries of the cache file by path; empty when it is missing or unusable. */
  load(): Promise<Map<string, DecodedFacts>>;
  /** Writes the entries (atomically, through the persistence); a failure is ignored. */
  save(entries: Iterable<CachedFacts>): Promise<void>;
}

/**
 * The persisted facts over a persistence port. Nothing here can make an answer wrong: every
 * entry is checked against the file's stat key before use, and a cache that cannot be read
 * or written costs only the reads it would have saved.
 *
 * @example
 * ```ts
 * const persister = createFactsPersister(persistence);
 * const seeded = await persister.load();
 * ```
 */
export function createFactsPersister(persistence: Persistence): FactsPersister {
  let loaded = false;
  return {
    async load() {
      const entries = new Map<string, DecodedFacts>();
      // Once per process: afterwards the store's own map is newer than the file.
      if (loaded) return entries;
      loaded = true;
      const text = await persistence.read(NOTES_CACHE_PATH);
      if (text.isErr()) return entries;
      for (const entry of decodeNotesCache(text.value) ?? []) entries.set(entry.facts.path, entry);
      return entries;
    },
    async save(entries) {
      loaded = true;
      // Ignored on failure: a read-only disk or a full one must not fail a query.
      await persistence.write(NOTES_CACHE_PATH, encodeNotesCache(entries));
    },
  };
}
