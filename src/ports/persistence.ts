import type { Result, ResultAsync } from "neverthrow";
import type { NotFoundError, PersistenceError } from "../errors.js";

/** One file as listed by a persistence adapter. */
export interface StoredFile {
  /** Path relative to the memory root, `/`-separated, never starting with `/` or containing `..`. */
  readonly path: string;
  /** Last modification time in epoch milliseconds. */
  readonly mtimeMs: number;
  /** Size in bytes. */
  readonly size: number;
  /**
   * Optional, where the storage has them: the status change time (epoch ms) and the file's
   * identity (inode). A cache keyed by them too sees a file replaced by another with the same
   * mtime and size (a copy made with `cp -p`, a restore), which (mtime, size) alone would miss.
   */
  readonly ctimeMs?: number;
  readonly ino?: number;
  /**
   * Optional: set when the file is less readable than the memory (someone the root lets in
   * may not read it: a note a person made owner-only). Nothing it holds goes into a derived
   * file (the facts and search caches), which would otherwise widen who can read it.
   */
  readonly restricted?: true;
  /**
   * Set when the adapter will neither read nor write this file (a symbolic link, a name the
   * layout refuses): the reason, for doctor. Such files are listed so they can be reported,
   * never taken for notes.
   */
  readonly unsafe?: string;
}

/** A file as {@link Persistence.listPaths} names it: its path, and why it is unsafe if it is. */
export type ListedPath = Pick<StoredFile, "path" | "unsafe">;

/**
 * The storage port: files addressed by paths relative to the memory root.
 *
 * Implementations must confine every path to the root (reject absolute paths and `..`),
 * make `write` atomic (a reader sees the old content or the new, never a torn file) and
 * create parent folders as needed.
 */
export interface Persistence {
  /** Every file under `dir` (default: the whole root), recursively; a missing folder lists as empty. */
  list(dir?: string): ResultAsync<StoredFile[], PersistenceError>;
  /**
   * Optional: the files `list(dir)` would return, without a stat of each (so without mtime and
   * size). Finding a note by the id in its file name needs only the names, and on a memory
   * of 10,000 notes the stats are most of a listing's cost.
   */
  listPaths?(dir?: string): ResultAsync<ListedPath[], PersistenceError>;
  /**
   * Optional: one file's listing entry (with `unsafe` set for a symbolic link), without
   * listing its folder. NotFoundError when there is no such file.
   */
  stat?(path: string): ResultAsync<StoredFile, NotFoundError | PersistenceError>;
  /** The UTF-8 content of a file. */
  read(path: string): ResultAsync<string, NotFoundError | PersistenceError>;
  /** Replaces (or creates) a file atomically. */
  write(path: string, content: string): ResultAsync<void, PersistenceError>;
  /** Moves a file; fails with NotFoundError when `from` is missing and refuses to overwrite `to`. */
  move(from: string, to: string): ResultAsync<void, NotFoundError | PersistenceError>;
  /** Deletes a file; fails with NotFoundError when it is missing. */
  remove(path: string): ResultAsync<void, NotFoundError | PersistenceError>;
  /**
   * Optional: creates a file only if no file has that path, resolving to false when one
   * does. Cross-process locking needs it; a memory whose persistence lacks it serialises
   * mutations within its own process only.
   */
  createExclusive?(path: string, content: string): ResultAsync<boolean, PersistenceError>;
  /**
   * Optional: watches the memory's files, calling `onChange` on every change under the root,
   * when the persistence can watch them reliably (fsPersistence: node's own fs on a local
   * disk). A memory created without a freshness option then answers queries from its last
   * look until a change is reported (freshness `watch`), each query waiting for the watch to
   * have reported every earlier change; without it, every query looks at the files. The
   * watch must not keep a process alive.
   */
  watch?(onChange: () => void): Result<PersistenceWatch, PersistenceError>;
}

/**
 * A running watch of the memory's files (see Persistence.watch).
 *
 * @example
 * ```ts
 * const watch = persistence.watch?.(() => memory.filesChanged());
 * if (watch?.isOk()) await watch.value.settled();
 * ```
 */
export interface PersistenceWatch {
  /** Resolves once every change made before the call has reached `onChange`. */
  settled(): Promise<void>;
  close(): void;
}
