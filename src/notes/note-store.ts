import { ResultAsync } from "neverthrow";
import { PersistenceError } from "../errors.js";
import type { Persistence, StoredFile } from "../ports/persistence.js";
import { parseFilename } from "../model/filename.js";
import { parseNote, type ParsedNote } from "../model/note-format.js";
import { noteHash } from "../model/note-hash.js";
import { readIndexNote, type IndexNoteFile } from "./index-note-file.js";
import {
  NOTE_STATUSES,
  STATUS_FOLDERS,
  basename,
  statusOfPath,
  type NoteStatus,
} from "../model/layout.js";
import { mapConcurrently } from "../shared/map-concurrently.js";

// Re-exported: most readers of the index note come through the store.
export type { IndexNoteFile };

/** A note file as the store last read it. */
export interface StoredNote {
  readonly path: string;
  readonly status: NoteStatus;
  readonly slug: string;
  /** (mtime, size) of the file when it was read. */
  readonly mtimeMs: number;
  readonly size: number;
  /** The file's version (noteHash of its bytes when read): what compare-and-swap checks. */
  readonly hash: string;
  readonly note: ParsedNote;
}

/** A file in the layout the library leaves alone, and why. */
export interface UnsafeFile {
  readonly path: string;
  readonly reason: string;
}

/** The memory's notes at one moment. */
export interface NoteSnapshot {
  /** Every note file in the layout, sorted by path. */
  readonly notes: readonly StoredNote[];
  /** Note files by id; more than one entry means a duplicate id. */
  readonly byId: ReadonlyMap<string, readonly StoredNote[]>;
  /** Markdown files in a status folder whose names carry no valid id. */
  readonly unparsable: readonly StoredFile[];
  /**
   * Files the library will not read as notes nor ever rewrite (symbolic links, names the layout
   * refuses, text that is not UTF-8, binary content), with the reason.
   */
  readonly unsafe: readonly UnsafeFile[];
  /** The index note, when the memory has one. */
  readonly indexNote: IndexNoteFile | undefined;
}

/**
 * The cache between the files and every query. `snapshot()` lists the status folders and
 * re-reads only the files whose (mtime, size) changed since the last look, so edits made
 * behind the library's back (editors, sed, git pull) are always seen, at the cost of one
 * listing instead of one read per file.
 */
export interface NoteStore {
  /** The current notes, refreshed from the files. */
  snapshot(): ResultAsync<NoteSnapshot, PersistenceError>;
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
  mtimeMs: number;
  size: number;
  stored: StoredNote;
  /** Wall-clock time of the read, to tell a trustworthy (mtime, size) from a racy one. */
  readAt: number;
}

/**
 * A file read within one mtime tick of its last modification may be modified again in that
 * same tick without its (mtime, size) changing: such an entry is re-read until a read comes
 * later than a tick after the mtime (git's "racy clean"). The tick is guessed from the mtime
 * itself: sub-millisecond digits mean a fine clock, whole seconds a coarse one (FAT, HFS+).
 */
function racyWindowMs(mtimeMs: number): number {
  if (!Number.isInteger(mtimeMs)) return 1;
  return mtimeMs % 1000 === 0 ? 2_000 : 2;
}

/** Creates the store over a persistence port. */
export function createNoteStore(persistence: Persistence): NoteStore {
  let cache = new Map<string, CacheEntry>();
  let indexNote: IndexNoteFile | undefined;
  let inFlight:
    | { generation: number; result: ResultAsync<NoteSnapshot, PersistenceError> }
    | undefined;
  // Bumped by every write the library makes: a refresh started before it must not be reused after.
  let generation = 0;

  const refresh = async (): Promise<NoteSnapshot> => {
    const startedAt = generation;
    const listed: StoredFile[] = [];
    for (const status of NOTE_STATUSES) {
      const files = await persistence.list(STATUS_FOLDERS[status]);
      if (files.isErr()) throw files.error;
      listed.push(...files.value);
    }
    const unparsable: StoredFile[] = [];
    const unsafe: UnsafeFile[] = [];
    const toRead: StoredFile[] = [];
    const next = new Map<string, CacheEntry>();
    for (const file of listed) {
      if (file.unsafe !== undefined) {
        unsafe.push({ path: file.path, reason: file.unsafe });
        continue;
      }
      if (statusOfPath(file.path) === undefined) continue;
      if (parseFilename(basename(file.path)).isErr()) {
        unparsable.push(file);
        continue;
      }
      const cached = cache.get(file.path);
      const trusted =
        cached !== undefined && cached.readAt - cached.mtimeMs > racyWindowMs(cached.mtimeMs);
      if (trusted && cached.mtimeMs === file.mtimeMs && cached.size === file.size) {
        next.set(file.path, cached);
      } else {
        toRead.push(file);
      }
    }
    // Reads may be synchronous underneath (see FsLike): hand the event loop back between
    // chunks so a host serving requests is never blocked for the whole scan.
    for (let start = 0; start < toRead.length; start += YIELD_EVERY) {
      if (start > 0) await yieldToEventLoop();
      await mapConcurrently(
        toRead.slice(start, start + YIELD_EVERY),
        READ_CONCURRENCY,
        async (file) => {
          const content = await persistence.read(file.path);
          if (content.isErr()) {
            // Deleted between the listing and the read: it is simply gone now.
            if (content.error.code === "NOT_FOUND") return;
            throw content.error;
          }
          const notText = notTextReason(content.value);
          if (notText !== undefined) {
            unsafe.push({ path: file.path, reason: notText });
            return;
          }
          const stored = parseStored(file.path, content.value, file.mtimeMs, file.size);
          if (stored !== undefined)
            next.set(file.path, {
              mtimeMs: file.mtimeMs,
              size: file.size,
              stored,
              readAt: Date.now(),
            });
        },
      );
    }
    const index = await readIndexNote(persistence, indexNote);
    // A write landed while this refresh ran: keep the cache that knows about it.
    if (generation === startedAt) {
      cache = next;
      indexNote = index;
    }
    return buildSnapshot(next, unparsable, unsafe, index);
  };

  return {
    snapshot() {
      if (inFlight !== undefined && inFlight.generation === generation) return inFlight.result;
      const running = ResultAsync.fromPromise(refresh(), (error) =>
        error instanceof PersistenceError
          ? error
          : new PersistenceError(`Could not scan the memory's notes: ${String(error)}`, {
              cause: error,
            }),
      );
      const entry = { generation, result: running };
      inFlight = entry;
      const clear = () => {
        if (inFlight === entry) inFlight = undefined;
      };
      return running.andTee(clear).orTee(clear);
    },
    forget(path) {
      generation++;
      cache.delete(path);
    },
    expire() {
      generation++;
    },
    invalidate() {
      generation++;
      cache = new Map();
    },
  };
}

function parseStored(
  path: string,
  content: string,
  mtimeMs: number,
  size: number,
): StoredNote | undefined {
  const status = statusOfPath(path);
  const name = parseFilename(basename(path));
  if (status === undefined || name.isErr()) return undefined;
  const { id, slug } = name.value;
  const stored: StoredNote = {
    path,
    status,
    slug,
    mtimeMs,
    size,
    hash: noteHash(content),
    note: parseNote(content, id, { slug }),
  };
  return stored;
}

/**
 * Why `content` cannot be a note, or undefined. A rewrite (a rename repointing links, a
 * merge) would save the U+FFFD a decoder put in place of bytes that were not UTF-8, so such
 * files, and binary ones, are never taken for notes.
 */
function notTextReason(content: string): string | undefined {
  if (content.includes("\0")) return "binary content (a NUL byte): not a markdown note";
  if (content.includes("\uFFFD"))
    return "not UTF-8 text (or it holds U+FFFD): a rewrite would lose its bytes";
  return undefined;
}

function buildSnapshot(
  entries: Map<string, CacheEntry>,
  unparsable: StoredFile[],
  unsafe: UnsafeFile[],
  indexNote: IndexNoteFile | undefined,
): NoteSnapshot {
  const notes = [...entries.values()].map((entry) => entry.stored).toSorted(byPath);
  const byId = new Map<string, StoredNote[]>();
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
