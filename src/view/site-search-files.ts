import type { FullTextSearch, SavedFullTextSearch } from "../notes/search/full-text-search.js";
import type { StoredNote } from "../notes/store/note-store.js";
import type { Note, NoteMeta } from "../notes/store/note-meta.js";
import type { SiteSearchData, SiteSearchNote } from "./browser/site-search.js";
import { scriptJson } from "./html.js";
import { pageKey } from "./page-key.js";
import type { SiteNote } from "./site-model.js";
import { SITE_PATHS, searchShardPath } from "./site-paths.js";

/** Of one note, what the site's search is made from. */
export interface SearchedNote {
  readonly meta: Pick<NoteMeta, "path" | "hash" | "id" | "title" | "status" | "tags" | "size">;
  readonly parsed: Pick<Note, "body" | "links">;
}

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

/** The search's files, each made when first asked for. */
export interface SiteSearchFiles {
  /** The text of one of {@link searchPaths}, undefined for any other path. */
  file(path: string): string | undefined;
}

/** An index brought in step with the notes, as saved, and whether that changed it. */
export interface IndexedNotes {
  readonly saved: SavedFullTextSearch;
  readonly changed: boolean;
}

/**
 * Brings the index in step with the site's notes: only notes whose version it does not hold
 * are indexed. Whether that changed it.
 */
export function syncNotes(siteNotes: readonly SearchedNote[], index: FullTextSearch): boolean {
  index.sync(siteNotes.map(storedNoteOf));
  return index.changed;
}

/** {@link syncNotes}, then the index as saved. */
export function indexNotes(
  siteNotes: readonly SearchedNote[],
  index: FullTextSearch,
): IndexedNotes {
  const changed = syncNotes(siteNotes, index);
  return { saved: index.save(), changed };
}

/**
 * The search's files for the site's notes (sorted by path, as the site model holds them) and
 * their index (`saved`, asked for once, when data/search.js is): data/search.js (the
 * full-text search and the notes' facts) and the bodies in shards of SEARCH_SHARD_NOTES in the
 * notes' order (data/search/N.js, so which files there are depends on the count of notes
 * alone), which a search in the page loads when it needs them. Each is made when first asked
 * for: a served site makes them when a reader first searches.
 */
export function searchFilesOf(
  siteNotes: readonly SiteNote[],
  saved: () => SavedFullTextSearch,
  data?: string,
): SiteSearchFiles {
  const shardOf = new Map(searchPaths(siteNotes.length).map((path, at) => [path, at - 1]));
  const made = new Map<string, string>();
  return {
    file(path) {
      const known = made.get(path);
      if (known !== undefined) return known;
      const shard = shardOf.get(path);
      if (shard === undefined) return undefined;
      const text =
        shard < 0 ? (data ?? searchDataScript(siteNotes, saved())) : shardScript(siteNotes, shard);
      made.set(path, text);
      return text;
    },
  };
}

/**
 * Every search file of the notes, with the index they ship, made at once.
 *
 * @example
 * ```ts
 * siteSearchFiles(model.notes, createFullTextSearch()).files.get("data/search.js");
 * ```
 */
export function siteSearchFiles(
  siteNotes: readonly SiteNote[],
  index: FullTextSearch,
): IndexedNotes & { readonly files: ReadonlyMap<string, string> } {
  const indexed = indexNotes(siteNotes, index);
  const files = searchFilesOf(siteNotes, () => indexed.saved);
  const all = new Map(
    searchPaths(siteNotes.length).map((path) => [path, files.file(path) ?? ""] as const),
  );
  return { ...indexed, files: all };
}

/**
 * data/search.js: the saved full-text search and, per document, its note's facts.
 *
 * @example
 * ```ts
 * searchDataScript(model.notes, index.save()); // "window.agentMemorySearch={…};\n"
 * ```
 */
export function searchDataScript(
  siteNotes: readonly SearchedNote[],
  saved: SavedFullTextSearch,
): string {
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
  return `window.agentMemorySearch=${scriptJson(data)};\n`;
}

/** data/search/N.js: the bodies of shard N. */
function shardScript(siteNotes: readonly SiteNote[], shard: number): string {
  const start = shard * SEARCH_SHARD_NOTES;
  const notes = siteNotes.slice(start, start + SEARCH_SHARD_NOTES);
  return shardText(
    shard,
    notes.map((note) => note.parsed.body),
  );
}

function shardText(shard: number, bodies: readonly string[]): string {
  return `window.agentMemorySearchShard(${shard},${scriptJson(bodies)});\n`;
}

// Bumped when a shard's text changes in a way the sample below may not show.
const SHARD_FORMAT = 1;

// What writes a shard, as a digest of a sample's text (see searchShardKey).
let shardStamp: string | undefined;

/**
 * The key of shard `shard` (see SiteFiles.keyOf): its notes' versions (a body is its file's),
 * with what writes a shard, so a rebuild renders only the shards of notes that changed.
 *
 * @example
 * ```ts
 * searchShardKey(model.notes, 0); // the same until a note of the first 32 changes
 * ```
 */
export function searchShardKey(siteNotes: readonly SiteNote[], shard: number): string {
  shardStamp ??= pageKey([
    String(SHARD_FORMAT),
    shardText(0, ["<\u2028/script>", '\uFEFFA body.\n"q" \\ \u2029 é 😀']),
  ]);
  const start = shard * SEARCH_SHARD_NOTES;
  const notes = siteNotes.slice(start, start + SEARCH_SHARD_NOTES);
  return pageKey([shardStamp, String(shard), ...notes.map((note) => note.meta.hash)]);
}

function searchNoteOf(
  note: SearchedNote,
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
function storedNoteOf({ meta, parsed }: SearchedNote): StoredNote {
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
