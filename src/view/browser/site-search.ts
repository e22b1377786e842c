import { okAsync, ResultAsync } from "neverthrow";
import { PersistenceError } from "../../errors.js";
import { parseFilename } from "../../model/filename.js";
import { isNoteStatus } from "../../model/layout.js";
import { extractLinks } from "../../model/links.js";
import type { NoteFacts } from "../../notes/store/note-facts.js";
import type { FactsSnapshot, NoteSnapshot } from "../../notes/store/note-snapshot.js";
import type { StoredNote } from "../../notes/store/note-store.js";
import { createFullTextSearch } from "../../notes/search/full-text-search.js";
import type { SavedTable } from "../../notes/search/postings-table.js";
import type { SearchResult } from "../../notes/search/rank-notes.js";
import { searchNotes } from "../../notes/search/search-notes.js";

/**
 * A note as the site's search ships it, by its document number in the index: its status,
 * title, tags, the documents it links to (what the link boost follows), and where its body
 * is (`at`: the note's place among the site's notes, which are shipped in shards).
 */
export type SiteSearchNote = readonly [
  status: string,
  title: string,
  tags: readonly string[],
  links: readonly number[],
  at: number,
];

/**
 * What data/search.js holds: the library's own full-text search as the memory saves it
 * (`.agent-memory/cache/search.json`'s table: each document's key and lengths, each field's
 * terms and postings), each document's note, and how many bodies a shard holds. The bodies
 * (for snippets and feedback) are in shards, loaded only when a search needs them.
 */
export interface SiteSearchData {
  readonly index: SavedTable;
  /** Per document of the index, its note (null for a dead slot). */
  readonly notes: readonly (SiteSearchNote | null)[];
  /** The body of the note at `at` is at `at % shard` in shard `Math.floor(at / shard)`. */
  readonly shard: number;
}

/** A shard's bodies, loaded by its number. */
export type LoadShard = (shard: number) => Promise<readonly string[]>;

/** A search over the notes a site ships, in the page. */
export type SiteSearch = (
  query: string,
  limit?: number,
) => Promise<{ readonly results: readonly SearchResult[] } | { readonly error: string }>;

/**
 * The memory's own search over what a site ships: the same index (serialised at build time,
 * never rebuilt in the page), the same feedback, link boost, ranking and snippets as
 * `memory search` (without an embedder), through the same `searchNotes`. Only the reads
 * differ: the notes' facts come with the index, and a body is read from its shard when a
 * search needs it (the best hits' for feedback, the results' for snippets).
 *
 * @example
 * ```ts
 * const search = createSiteSearch(window.agentMemorySearch, loadShardScript);
 * const answer = await search("console", 10); // { results: [{ id, title, snippet, ... }] }
 * ```
 */
export function createSiteSearch(data: SiteSearchData, loadShard: LoadShard): SiteSearch {
  const facts: NoteFacts[] = [];
  // Where each note's body is (see SiteSearchNote).
  const bodyAt = new Map<string, number>();
  data.index.keys.forEach((path, doc) => {
    const note = data.notes[doc];
    if (path === null || note === null || note === undefined) return;
    const made = factsOf(path, note, data);
    if (made === undefined) return;
    facts.push(made);
    bodyAt.set(path, note[4]);
  });
  facts.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  const factsSnapshot: FactsSnapshot = {
    ...snapshotOf(facts),
    unparsable: [],
    unsafe: [],
    indexNote: undefined,
  };
  // The shipped index is the memory's: each document's version is its key here.
  const fullText = createFullTextSearch({
    table: data.index,
    hashes: data.index.keys.map((key) => key),
  });
  const shards = new Map<number, Promise<readonly string[]>>();
  const withBodies = (
    wanted: readonly NoteFacts[],
  ): ResultAsync<StoredNote[], PersistenceError> => {
    const numbers = new Set<number>();
    for (const note of wanted) numbers.add(Math.floor((bodyAt.get(note.path) ?? 0) / data.shard));
    const loading = [...numbers].map((shard) => {
      let loaded = shards.get(shard);
      if (loaded === undefined) {
        loaded = loadShard(shard);
        // A shard that failed to load is asked for again by the next search.
        loaded.catch(() => shards.delete(shard));
        shards.set(shard, loaded);
      }
      return loaded.then((bodies) => [shard, bodies] as const);
    });
    return ResultAsync.fromPromise(
      Promise.all(loading),
      (cause) => new PersistenceError(`Could not load the notes' text: ${String(cause)}`),
    ).map((loaded) => {
      const byShard = new Map(loaded);
      return wanted.flatMap((note) => {
        const at = bodyAt.get(note.path) ?? 0;
        const body = byShard.get(Math.floor(at / data.shard))?.[at % data.shard];
        return typeof body === "string" ? [storedNoteOf(note, body)] : [];
      });
    });
  };
  const reads = {
    store: {
      facts: () => okAsync(factsSnapshot),
      notesAt: withBodies,
      // A query of stopwords only scans every note's words, as the memory does.
      snapshot: () =>
        withBodies(facts).map((notes): NoteSnapshot => ({
          ...snapshotOf(notes),
          unparsable: [],
          unsafe: [],
          indexNote: undefined,
        })),
    },
  };
  return async (query, limit = 10) => {
    const results = await searchNotes(reads, fullText, query, { limit });
    return results.isOk() ? { results: results.value } : { error: results.error.message };
  };
}

/** The notes and their ids, as a snapshot holds them. */
function snapshotOf<N extends NoteFacts>(
  notes: readonly N[],
): { notes: readonly N[]; byId: Map<string, N[]> } {
  const byId = new Map<string, N[]>();
  for (const note of notes) byId.set(note.note.id, [...(byId.get(note.note.id) ?? []), note]);
  return { notes, byId };
}

function factsOf(
  path: string,
  [status, title, tags, links]: SiteSearchNote,
  data: SiteSearchData,
): NoteFacts | undefined {
  const name = parseFilename(path);
  if (name.isErr() || !isNoteStatus(status)) return undefined;
  return {
    path,
    status,
    slug: name.value.slug,
    mtimeMs: 0,
    size: 0,
    hash: path,
    note: {
      id: name.value.id,
      title,
      tags,
      // The link boost follows ids only.
      links: links.flatMap((doc) => {
        const target = data.index.keys[doc];
        const id = target === null || target === undefined ? undefined : parseFilename(target);
        return id === undefined || id.isErr() ? [] : [{ id: id.value.id, displayText: "" }];
      }),
    },
  };
}

/** The note with its body, as the store would have parsed it (the same `extractLinks`). */
function storedNoteOf(facts: NoteFacts, body: string): StoredNote {
  return {
    ...facts,
    note: {
      id: facts.note.id,
      title: facts.note.title,
      tags: [...facts.note.tags],
      links: extractLinks(body),
      body,
      hasHeading: true,
      tagLine: [],
    },
  };
}
