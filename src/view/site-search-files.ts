import type { FullTextSearch, SavedFullTextSearch } from "../notes/search/full-text-search.js";
import type { StoredNote } from "../notes/store/note-store.js";
import type { SiteSearchData, SiteSearchNote } from "./browser/site-search.js";
import { scriptJson } from "./html.js";
import type { SiteModel, SiteNote } from "./site-model.js";
import { SITE_PATHS, searchShardPath } from "./site-paths.js";

/**
 * Bodies per shard: a search loads the shards of its best hits and results, so a shard is
 * small (about 32 KB of LoCoMo notes); 10,000 notes make some 300 of them.
 */
export const SEARCH_SHARD_NOTES = 32;

/** The search's files, and the index they ship. */
export interface SiteSearchFiles {
  readonly files: ReadonlyMap<string, string>;
  /** The index as saved, for the site cache. */
  readonly saved: SavedFullTextSearch;
  /** Whether the index took changes (it is then saved again). */
  readonly changed: boolean;
}

/**
 * The search's files: data/search.js (the index, brought in step with the notes: only notes
 * whose version it does not hold are indexed, and the notes' facts) and the bodies in shards
 * (data/search/N.js), which a search in the page loads when it needs them.
 */
export function siteSearchFiles(model: SiteModel, index: FullTextSearch): SiteSearchFiles {
  index.sync(model.notes.map(storedNoteOf));
  const changed = index.changed;
  const saved = index.save();
  const { table } = saved;
  const docOfPath = new Map<string, number>();
  table.keys.forEach((key, doc) => {
    if (key !== null) docOfPath.set(key, doc);
  });
  const byPath = new Map(model.notes.map((note) => [note.meta.path, note]));
  const docOfId = (id: string): number | undefined => {
    const target = model.byId.get(id);
    return target === undefined ? undefined : docOfPath.get(target.meta.path);
  };
  const notesOf = table.keys.map((key) => (key === null ? undefined : byPath.get(key)));
  const notes = notesOf.map((note): SiteSearchNote | null =>
    note === undefined ? null : searchNoteOf(note, docOfId),
  );
  const data: SiteSearchData = { index: table, notes, shard: SEARCH_SHARD_NOTES };
  const files = new Map<string, string>();
  files.set(SITE_PATHS.searchData, `window.agentMemorySearch=${scriptJson(data)};\n`);
  for (let start = 0; start < notesOf.length; start += SEARCH_SHARD_NOTES) {
    const bodies = notesOf
      .slice(start, start + SEARCH_SHARD_NOTES)
      .map((note) => (note === undefined ? null : note.parsed.body));
    const shard = start / SEARCH_SHARD_NOTES;
    files.set(
      searchShardPath(shard),
      `window.agentMemorySearchShard(${shard},${scriptJson(bodies)});\n`,
    );
  }
  return { files, saved, changed };
}

function searchNoteOf(note: SiteNote, docOfId: (id: string) => number | undefined): SiteSearchNote {
  const links = new Set<number>();
  for (const link of note.parsed.links) {
    const doc = docOfId(link.id);
    if (doc !== undefined) links.add(doc);
  }
  return [note.meta.status, note.meta.title, note.meta.tags, [...links]];
}

/** The note as the index takes it: the same parts as the store's read of its file. */
function storedNoteOf({ meta, parsed }: SiteNote): StoredNote {
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
