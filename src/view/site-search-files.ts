import type { FullTextSearch, SavedFullTextSearch } from "../notes/search/full-text-search.js";
import type { StoredNote } from "../notes/store/note-store.js";
import type { SiteSearchData, SiteSearchNote } from "./browser/site-search.js";
import { scriptJson } from "./html.js";
import type { SiteNote } from "./site-model.js";
import { SITE_PATHS, searchShardPath } from "./site-paths.js";

/**
 * Bodies per shard: a search loads the shards of its best hits and results, so a shard is
 * small (about 32 KB of LoCoMo notes); 10,000 notes make some 300 of them.
 */
export const SEARCH_SHARD_NOTES = 32;

/**
 * The paths of the search's files for a site of `count` notes.
 *
 * @example
 * ```ts
 * searchPaths(40); // ["data/search.js", "data/search/0.js", "data/search/1.js"]
 * ```
 */
export function searchPaths(count: number): string[] {
  const shards = Array.from({ length: Math.ceil(count / SEARCH_SHARD_NOTES) }, (_, shard) =>
    searchShardPath(shard),
  );
  return [SITE_PATHS.searchData, ...shards];
}

/** The search's files, and the index they ship. */
export interface SiteSearchFiles {
  readonly files: ReadonlyMap<string, string>;
  /** The index as saved, for the site cache. */
  readonly saved: SavedFullTextSearch;
  /** Whether the index took changes (it is then saved again). */
  readonly changed: boolean;
}

/** An index brought in step with the notes, as saved, and whether that changed it. */
export interface IndexedNotes {
  readonly saved: SavedFullTextSearch;
  readonly changed: boolean;
}

/**
 * Brings the index in step with the site's notes (only notes whose version it does not hold
 * are indexed), and saves it.
 */
export function indexNotes(
  siteNotes: readonly Pick<SiteNote, "meta" | "parsed">[],
  index: FullTextSearch,
): IndexedNotes {
  index.sync(siteNotes.map(storedNoteOf));
  const changed = index.changed;
  return { saved: index.save(), changed };
}

/**
 * The search's files for the site's notes (sorted by path, as the site model holds them):
 * data/search.js (the index, brought in step with the notes, and the notes' facts) and the
 * bodies in shards of SEARCH_SHARD_NOTES in the notes' order (data/search/N.js, so which
 * files there are depends on the count of notes alone), which a search in the page loads
 * when it needs them.
 */
export function siteSearchFiles(
  siteNotes: readonly SiteNote[],
  index: FullTextSearch,
): SiteSearchFiles {
  const indexed = indexNotes(siteNotes, index);
  return { ...indexed, files: searchFilesOf(siteNotes, indexed.saved) };
}

/** The search's files for the site's notes and their index, saved. */
export function searchFilesOf(
  siteNotes: readonly SiteNote[],
  saved: SavedFullTextSearch,
): Map<string, string> {
  const { table } = saved;
  const docOfPath = new Map<string, number>();
  table.keys.forEach((key, doc) => {
    if (key !== null) docOfPath.set(key, doc);
  });
  const atOfPath = new Map(siteNotes.map((note, at) => [note.meta.path, at]));
  // The first note of each id, as the site's pages link to it.
  const pathOfId = new Map<string, string>();
  for (const { meta } of siteNotes) if (!pathOfId.has(meta.id)) pathOfId.set(meta.id, meta.path);
  const docOfId = (id: string): number | undefined => {
    const path = pathOfId.get(id);
    return path === undefined ? undefined : docOfPath.get(path);
  };
  const notes = table.keys.map((key): SiteSearchNote | null => {
    const at = key === null ? undefined : atOfPath.get(key);
    const note = at === undefined ? undefined : siteNotes[at];
    return note === undefined || at === undefined ? null : searchNoteOf(note, at, docOfId);
  });
  const data: SiteSearchData = { index: table, notes, shard: SEARCH_SHARD_NOTES };
  const files = new Map<string, string>();
  files.set(SITE_PATHS.searchData, `window.agentMemorySearch=${scriptJson(data)};\n`);
  for (let start = 0; start < siteNotes.length; start += SEARCH_SHARD_NOTES) {
    const bodies = siteNotes
      .slice(start, start + SEARCH_SHARD_NOTES)
      .map((note) => note.parsed.body);
    const shard = start / SEARCH_SHARD_NOTES;
    files.set(
      searchShardPath(shard),
      `window.agentMemorySearchShard(${shard},${scriptJson(bodies)});\n`,
    );
  }
  return files;
}

function searchNoteOf(
  note: SiteNote,
  at: number,
  docOfId: (id: string) => number | undefined,
): SiteSearchNote {
  const links = new Set<number>();
  for (const link of note.parsed.links) {
    const doc = docOfId(link.id);
    if (doc !== undefined) links.add(doc);
  }
  return [note.meta.status, note.meta.title, note.meta.tags, [...links], at];
}

/** The note as the index takes it: the same parts as the store's read of its file. */
function storedNoteOf({ meta, parsed }: Pick<SiteNote, "meta" | "parsed">): StoredNote {
  return {
    path: meta.path,
    status: meta.status,
    slug: "",
    mtimeMs: 0,
    size: meta.size,
    hash: meta.hash,
    note: {
      id: meta.id,
      title: meta.title,
      tags: [...meta.tags],
      links: [...parsed.links],
      body: parsed.body,
      hasHeading: true,
      tagLine: [],
    },
  };
}
