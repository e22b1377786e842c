import { ResultAsync } from "neverthrow";
import { PersistenceError } from "../../errors.js";
import type { Persistence, StoredFile } from "../../ports/persistence.js";
import { parseNote } from "../../model/note-format.js";
import { noteSupersession } from "../../model/supersession/supersession.js";
import { noteHash } from "../../model/note-hash.js";
import { mapConcurrently } from "../../shared/map-concurrently.js";
import { readIndexNote, type IndexNoteFile } from "./index-note-file.js";
import { factsOf, type NoteFacts } from "./note-facts.js";
import {
  listNoteFiles,
  noteFilesWithId,
  notTextReason,
  type ListedNote,
  type NoteListing,
  type UnsafeFile,
} from "./note-listing.js";
import { createFactsPersister, type FactsPersister } from "./facts-persister.js";
import { createFreshness, type Freshness, type FreshnessOptions } from "./freshness.js";
import { asPersistenceError, createView } from "./store-view.js";
import type {
  FactsSnapshot,
  NoteSnapshot,
  Snapshot,
  StoreStats,
  StoredNote,
} from "./note-snapshot.js";
import { stillValid, statKeyOf, type StatKey } from "./stat-key.js";

// Re-exported: most readers of these come through the store.
export type { IndexNoteFile, NoteFacts, UnsafeFile };
export type { FactsSnapshot, NoteSnapshot, Snapshot, StoreStats, StoredNote };

/** Options of {@link createNoteStore}. */
export interface NoteStoreOptions {
  /**
   * Keep the notes' facts in `.agent-memory/cache/notes.json` so the next process lists
   * without reading every note. Default false: a process that lives long gains nothing.
   */
  readonly persistFacts?: boolean;
  /** When to look at the files again; default: on every query. */
  readonly freshness?: FreshnessOptions;
  /** The clock, for the racy-clean rule. Default `Date.now`. */
  readonly now?: () => number;
}

/**
 * The cache between the files and every query. Each view lists the status folders and
 * re-reads only the files whose stat key changed since the last look, so edits made
 * behind the library's back (editors, sed, git pull) are always seen, at the cost of one
 * listing instead of one read per file.
 */
export interface NoteStore {
  /** The current notes with their bodies, refreshed from the files. */
  snapshot(): ResultAsync<NoteSnapshot, PersistenceError>;
  /** The current notes' facts, refreshed from the files; reads only what changed. */
  facts(): ResultAsync<FactsSnapshot, PersistenceError>;
  /** The notes whose file name carries `id` (normally one), reading only those files. */
  withId(id: string): ResultAsync<readonly StoredNote[], PersistenceError>;
  /**
   * The notes at these facts' paths with their bodies: held ones of the same version, the
   * rest read now (as they are now; a file gone since is left out). For the few notes a
   * search shows or re-indexes, without reading every note.
   */
  notesAt(wanted: readonly NoteFacts[]): ResultAsync<readonly StoredNote[], PersistenceError>;
  /**
   * Forgets what the store knows of a path the library just wrote, moved or removed, so the
   * next snapshot re-reads it even if a fast second write kept its (mtime, size).
   */
  forget(path: string): void;
  /** Drops the cache: the next snapshot reads every file. */
  invalidate(): void;
  /**
   * Makes the next snapshot list the files afresh instead of sharing a refresh already in
   * flight: a mutation that just took the lock must see what other processes wrote before.
   */
  expire(): void;
  /** How the store decides when to look at the files again. */
  readonly freshness: Freshness;
  /** What the store did on its last look at the files, for status reports and benchmarks. */
  stats(): StoreStats;
}

const READ_CONCURRENCY = 32;
const YIELD_EVERY = 256;

function yieldToEventLoop(): Promise<void> {
  // setImmediate (Node, Bun) runs after pending I/O without setTimeout's 1 ms clamp.
  return new Promise((resolve) =>
    typeof setImmediate === "function" ? setImmediate(resolve) : setTimeout(resolve, 0),
  );
}

interface CacheEntry {
  readonly key: StatKey;
  /** Wall-clock time of the read, to tell a trustworthy stat key from a racy one. */
  readonly readAt: number;
  readonly facts: NoteFacts;
  /** Absent when only the facts are known (from the persisted cache). */
  readonly stored: StoredNote | undefined;
}

type ReadEntry = CacheEntry & { readonly stored: StoredNote };

/** Creates the store over a persistence port. */
export function createNoteStore(
  persistence: Persistence,
  options: NoteStoreOptions = {},
): NoteStore {
  const now = options.now ?? Date.now;
  const freshness = createFreshness(options.freshness, now);
  const persister: FactsPersister | undefined =
    options.persistFacts === true ? createFactsPersister(persistence) : undefined;
  let cache = new Map<string, CacheEntry>();
  // Bumped by every change to `cache`: a snapshot built from one version serves while it holds.
  let cacheVersion = 0;
  let indexNote: IndexNoteFile | undefined;
  // Bumped by every write the library makes: a refresh started before it must not be reused after.
  let generation = 0;

  const readEntry = async (
    listed: ListedNote,
    unsafe: UnsafeFile[],
  ): Promise<ReadEntry | undefined> => {
    const content = await persistence.read(listed.file.path);
    if (content.isErr()) {
      // Deleted between the listing and the read: it is simply gone now.
      if (content.error.code === "NOT_FOUND") return undefined;
      throw content.error;
    }
    const notText = notTextReason(content.value);
    if (notText !== undefined) {
      unsafe.push({ path: listed.file.path, reason: notText });
      return undefined;
    }
    const stored = parseStored(listed, content.value);
    return { key: statKeyOf(listed.file), readAt: now(), facts: factsOf(stored), stored };
  };

  let lastLook: StoreStats["lastLook"];
  let loadedFromCache = 0;
  // The persisted facts are read once per process; what this process read itself is newer.
  const seed = async (): Promise<void> => {
    if (persister === undefined) return;
    const loaded = await persister.load();
    loadedFromCache += loaded.size;
    // Usually the process's first look: the loaded map becomes the cache as it is.
    if (cache.size === 0) cache = loaded;
    else for (const [path, entry] of loaded) if (!cache.has(path)) cache.set(path, entry);
    cacheVersion++;
  };

  /**
   * Lists, keeps every entry still valid (with a body when `bodies`), reads the rest. The
   * version is the cache's when the look found it as it was (nothing read, nothing gone), so
   * a snapshot built from that version still holds; undefined when a write landed meanwhile.
   */
  const refresh = async (
    bodies: boolean,
  ): Promise<{
    entries: ReadonlyMap<string, CacheEntry>;
    listed: Listed;
    version: number | undefined;
  }> => {
    const startedAt = generation;
    await seed();
    const listing: NoteListing = await listNoteFiles(persistence);
    const unsafe = [...listing.unsafe];
    const next = new Map<string, CacheEntry>();
    const toRead: ListedNote[] = [];
    // Entries whose facts still hold and which are read only for their bodies: reading them
    // changes no fact, so it alone is no reason to write the persisted facts again.
    const forBodies = new Map<string, CacheEntry>();
    for (const listed of listing.notes) {
      const cached = cache.get(listed.file.path);
      const valid = cached !== undefined && stillValid(cached.key, cached.readAt, listed.file);
      if (valid && (!bodies || cached.stored !== undefined)) next.set(listed.file.path, cached);
      else {
        toRead.push(listed);
        if (valid) forBodies.set(listed.file.path, cached);
      }
    }
    // Reads may be synchronous underneath (see FsLike): hand the event loop back between
    // chunks so a host serving requests is never blocked for the whole scan.
    for (let start = 0; start < toRead.length; start += YIELD_EVERY) {
      if (start > 0) await yieldToEventLoop();
      const chunk = toRead.slice(start, start + YIELD_EVERY);
      await mapConcurrently(chunk, READ_CONCURRENCY, async (listed) => {
        const entry = await readEntry(listed, unsafe);
        if (entry !== undefined) next.set(listed.file.path, entry);
      });
    }
    const index = await readIndexNote(persistence, indexNote);
    const changed = toRead.length > 0 || next.size !== cache.size;
    lastLook = { notes: listing.notes.length, read: toRead.length };
    const found = { unparsable: listing.unparsable, unsafe, indexNote: index };
    // A write landed while this refresh ran: keep the cache that knows about it.
    if (generation !== startedAt) return { entries: next, listed: found, version: undefined };
    indexNote = index;
    // Nothing read and nothing gone: `next` holds the cache's entries, and the cache stays.
    if (!changed) return { entries: cache, listed: found, version: cacheVersion };
    const save = persister !== undefined && factsChanged(toRead, forBodies, next, cache);
    cache = next;
    cacheVersion++;
    if (save) await persister.save(next.values());
    return { entries: next, listed: found, version: cacheVersion };
  };

  const notesView = createView(
    freshness,
    () => generation,
    reusing(async () => {
      const { entries, listed, version } = await refresh(true);
      const notes: StoredNote[] = [];
      for (const entry of entries.values())
        if (entry.stored !== undefined) notes.push(entry.stored);
      return { version, listed, build: () => buildSnapshot(notes, listed) };
    }),
  );
  const factsView = createView(
    freshness,
    () => generation,
    reusing(async () => {
      const { entries, listed, version } = await refresh(false);
      const build = () =>
        buildSnapshot(
          [...entries.values()].map((entry) => entry.facts),
          listed,
        );
      return { version, listed, build };
    }),
  );

  const notesAt = (wanted: readonly NoteFacts[]): ResultAsync<StoredNote[], PersistenceError> => {
    const read = async (): Promise<StoredNote[]> => {
      const found: StoredNote[] = [];
      for (const facts of wanted) {
        const held = cache.get(facts.path)?.stored;
        if (held !== undefined && held.hash === facts.hash) {
          found.push(held);
          continue;
        }
        const file = { path: facts.path, mtimeMs: facts.mtimeMs, size: facts.size };
        const name = { id: facts.note.id, slug: facts.slug };
        // Not kept in the cache: the file may have changed since `facts` was listed.
        const entry = await readEntry({ file, name, status: facts.status }, []);
        if (entry !== undefined) found.push(entry.stored);
      }
      return found;
    };
    return ResultAsync.fromPromise(read(), asPersistenceError);
  };

  return {
    snapshot: notesView,
    facts: factsView,
    withId(id) {
      // A long-lived store answers from its last look (settled with the watcher first), as
      // every other query does; listing the folders by name is the cheap path for a new one,
      // and for a long-lived one that has not looked yet (a host whose first call is a read).
      if (freshness.mode !== "always" && lastLook !== undefined) {
        return factsView().andThen((snapshot) => notesAt(snapshot.byId.get(id) ?? []));
      }
      const lookUp = async (): Promise<StoredNote[]> => {
        const found: StoredNote[] = [];
        for (const listed of await noteFilesWithId(persistence, id)) {
          const cached = cache.get(listed.file.path);
          if (cached?.stored !== undefined && stillValid(cached.key, cached.readAt, listed.file)) {
            found.push(cached.stored);
            continue;
          }
          const entry = await readEntry(listed, []);
          if (entry === undefined) continue;
          cache.set(listed.file.path, entry);
          cacheVersion++;
          found.push(entry.stored);
        }
        return found;
      };
      return ResultAsync.fromPromise(lookUp(), asPersistenceError);
    },
    notesAt,
    forget(path) {
      generation++;
      if (cache.delete(path)) cacheVersion++;
    },
    expire() {
      generation++;
    },
    invalidate() {
      generation++;
      cache = new Map();
      cacheVersion++;
    },
    freshness,
    stats: () => ({
      freshness: freshness.mode,
      persisted: persister !== undefined,
      loadedFromCache,
      lastLook,
    }),
  };
}

/**
 * Whether a look changed what the persisted facts say: a note read that was not known valid,
 * one whose bytes turned out different, or one gone. A note read only for its body, found as
 * its facts said (same hash), changes nothing there.
 */
function factsChanged(
  toRead: readonly ListedNote[],
  forBodies: ReadonlyMap<string, CacheEntry>,
  next: ReadonlyMap<string, CacheEntry>,
  before: ReadonlyMap<string, CacheEntry>,
): boolean {
  if (next.size !== before.size) return true;
  for (const listed of toRead) {
    const known = forBodies.get(listed.file.path);
    const read = next.get(listed.file.path);
    if (known === undefined || read === undefined || read.facts.hash !== known.facts.hash) {
      return true;
    }
  }
  return false;
}

/** A look's outcome: the cache version it found (see refresh), and how to build its snapshot. */
interface Look<N extends NoteFacts> {
  readonly version: number | undefined;
  readonly listed: Listed;
  readonly build: () => Snapshot<N>;
}

/**
 * A view's build that hands back its last snapshot when a look finds the cache at the version
 * that snapshot was built from, with the same files besides: a long-lived host's periodic look
 * at an unchanged memory then costs the listing only, and what is derived from the snapshot
 * (the search index's step, the link index) sees the same arrays and skips its own pass.
 */
function reusing<N extends NoteFacts>(look: () => Promise<Look<N>>): () => Promise<Snapshot<N>> {
  let last: { version: number; listed: Listed; snapshot: Snapshot<N> } | undefined;
  return async () => {
    const { version, listed, build } = await look();
    if (version !== undefined && last?.version === version && sameListed(last.listed, listed))
      return last.snapshot;
    const snapshot = build();
    last = version === undefined ? undefined : { version, listed, snapshot };
    return snapshot;
  };
}

function sameListed(a: Listed, b: Listed): boolean {
  return (
    a.indexNote === b.indexNote &&
    JSON.stringify([a.unparsable, a.unsafe]) === JSON.stringify([b.unparsable, b.unsafe])
  );
}

/** What a refresh found besides the notes. */
export interface Listed {
  readonly unparsable: readonly StoredFile[];
  readonly unsafe: readonly UnsafeFile[];
  readonly indexNote: IndexNoteFile | undefined;
}

function parseStored(listed: ListedNote, content: string): StoredNote {
  const { id, slug } = listed.name;
  const note = parseNote(content, id, { slug });
  const successor = noteSupersession(note.body)?.successorId;
  return {
    path: listed.file.path,
    status: listed.status,
    slug,
    mtimeMs: listed.file.mtimeMs,
    size: listed.file.size,
    hash: noteHash(content),
    ...(listed.file.restricted === true ? { restricted: true } : {}),
    ...(successor === undefined ? {} : { supersededBy: successor }),
    note,
  };
}

function buildSnapshot<N extends NoteFacts>(entries: readonly N[], listed: Listed): Snapshot<N> {
  const { unparsable, unsafe, indexNote } = listed;
  const notes = entries.toSorted(byPath);
  const byId = new Map<string, N[]>();
  for (const stored of notes) {
    const same = byId.get(stored.note.id);
    if (same === undefined) byId.set(stored.note.id, [stored]);
    else same.push(stored);
  }
  return {
    notes,
    byId,
    unparsable: unparsable.toSorted(byPath),
    unsafe: unsafe.toSorted(byPath),
    indexNote,
  };
}

function byPath(a: { path: string }, b: { path: string }): number {
  return a.path < b.path ? -1 : a.path > b.path ? 1 : 0;
}
