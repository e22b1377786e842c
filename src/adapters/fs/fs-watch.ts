/**
 * A file watcher for a long-lived host in `freshness: { mode: "watch" }`. It watches the
 * folders that hold notes one by one (the root, each status folder) rather than the root
 * recursively: node 20's recursive watch on Linux is emulated with one watch per file, and a
 * file replaced by rename (how this library, and most editors, write) loses its watch, so a
 * later edit or deletion of it went unreported. A folder's own watch reports every entry of
 * it by name (inotify, FSEvents, ReadDirectoryChangesW; memfs too), and the layout is flat.
 *
 * {@link MemoryWatcher.settled} makes "reported" exact: it writes a cookie file into the
 * library's folder and waits for the watcher to report it. Events come in the order they
 * happened (one inotify queue per process on Linux), so once the cookie is seen every change
 * made before the call has been reported: a query after it is never stale. That is the
 * technique of Watchman's sync cookies.
 */
import { err, ok, type Result } from "neverthrow";
import { PersistenceError } from "../../errors.js";
import { PRIVATE_FOLDER, STATUS_FOLDERS } from "../../model/layout.js";
import { messageOf } from "../../shared/message-of.js";
import { basename } from "node:path";
import { direntName } from "./fs-like.js";
import { createWatchCookies } from "./watch-cookies.js";

/** A running watch on one folder. */
export interface FolderWatch {
  close(): void;
  on(event: "error", listener: (error: unknown) => void): unknown;
  /** Lets the process exit while the watch runs (node's FSWatcher has it). */
  unref?(): unknown;
}

/** The part of an fs a watcher uses: node:fs and memfs both have it. */
export interface WatchingFs {
  watch(
    path: string,
    options: Record<string, never>,
    listener: (event: string, filename: string | Uint8Array | null) => void,
  ): FolderWatch;
  statSync(path: string): {
    readonly ino?: number | bigint;
    readonly birthtimeMs?: number | bigint;
    readonly ctimeMs?: number | bigint;
  };
  mkdirSync(path: string, options: { recursive: true }): unknown;
  writeFileSync(path: string, data: string): void;
  unlinkSync(path: string): void;
}

/** Which folder a watch is on: a new folder may reuse the inode, not the birth time. */
interface FolderIdentity {
  readonly ino: string;
  /** Unknown where the file system keeps none, or it cannot be told from the change time. */
  readonly birth?: number;
}

/** Options of {@link watchMemoryFiles}. */
export interface WatchMemoryFilesOptions {
  readonly fs: WatchingFs;
  /** The memory root. */
  readonly root: string;
  /** Called on every change under the root (pass `() => memory.filesChanged()`). */
  readonly onChange: () => void;
  /**
   * Called once if the watcher fails after it started (inotify limits, the root removed). The
   * watcher has then stopped; `onChange` was called, and from then on `settled()` calls it
   * again each time, so every query looks at the files.
   */
  readonly onError?: (error: PersistenceError) => void;
  /** How long `settled()` waits for its cookie before it distrusts the watcher. Default 2 s. */
  readonly cookieTimeoutMs?: number;
  /**
   * Whether the watch keeps the process alive (default true). A memory's default watch
   * (fsPersistence's `watch`) passes false: a short-lived process must exit when its work
   * is done, not wait on a watcher it never asked for.
   */
  readonly keepAlive?: boolean;
}

/** A running watcher. */
export interface MemoryWatcher {
  /**
   * Resolves once every change made before the call has reached `onChange`. Pass it as the
   * freshness option's `settled` so that no query answers from a look older than an edit.
   */
  settled(): Promise<void>;
  close(): void;
}

const WATCHED_FOLDERS: readonly string[] = Object.values(STATUS_FOLDERS);

/**
 * Watches the memory root and its status folders and reports changes, ignoring
 * `.agent-memory/` (locks, caches) and `.git/`, which the library writes itself and which
 * hold no notes.
 *
 * @example
 * ```ts
 * import * as fs from "node:fs";
 * const served: { memory?: NotesMemory } = {};
 * const watcher = watchMemoryFiles({ fs, root, onChange: () => served.memory?.filesChanged() });
 * if (watcher.isErr()) throw watcher.error; // or use freshness mode "interval"
 * served.memory = createMemory({
 *   persistence, git,
 *   freshness: { mode: "watch", settled: () => watcher.value.settled() },
 * });
 * ```
 */
export function watchMemoryFiles(
  options: WatchMemoryFilesOptions,
): Result<MemoryWatcher, PersistenceError> {
  const { fs, root } = options;
  // The root is "", each other folder its name below the root.
  const folders = new Map<string, { watch: FolderWatch; identity: FolderIdentity }>();
  let failed = false;
  const cookies = createWatchCookies({
    fs,
    folder: `${root}/${PRIVATE_FOLDER}`,
    timeoutMs: options.cookieTimeoutMs ?? 2_000,
    // A cookie that never came means an event may have been lost: look at everything again.
    onLost: () => options.onChange(),
  });
  const pathOf = (name: string): string => (name === "" ? root : `${root}/${name}`);
  const identityOf = (name: string): FolderIdentity | undefined => {
    try {
      const stats = fs.statSync(pathOf(name));
      const birth = Number(stats.birthtimeMs ?? 0);
      // No birth time shows as 0, or as the change time (node without statx); a folder new
      // and untouched shows it too, so such a reading only leaves the birth time unknown.
      const known = birth > 0 && birth !== Number(stats.ctimeMs ?? 0);
      return known ? { ino: String(stats.ino), birth } : { ino: String(stats.ino) };
    } catch {
      return undefined;
    }
  };
  const isWatched = (name: string, identity: FolderIdentity | undefined): boolean => {
    const watched = folders.get(name)?.identity;
    // A folder that is not there, and not watched, is as it should be.
    if (watched === undefined || identity === undefined) return watched === identity;
    if (watched.ino !== identity.ino) return false;
    return (
      watched.birth === undefined ||
      identity.birth === undefined ||
      watched.birth === identity.birth
    );
  };

  let failure: unknown;
  let started = false;
  const forcing = new Set<string>();
  const fail = (cause: unknown): void => {
    if (failed) return;
    failed = true;
    failure = cause;
    options.onChange();
    for (const entry of folders.values()) entry.watch.close();
    folders.clear();
    cookies.close();
    if (!started) return;
    options.onError?.(
      new PersistenceError(`The file watcher on ${root} stopped: ${messageOf(cause)}.`, { cause }),
    );
  };

  /**
   * Watches a folder as it is now, unless it is already watched as this very folder. The new
   * watch starts before the old one closes, so no change falls between them.
   */
  const attach = (name: string, force = false): void => {
    if (failed) return;
    const identity = identityOf(name);
    const current = folders.get(name);
    if (identity === undefined) {
      if (name === "") return fail(new Error("the memory root was removed"));
      current?.watch.close();
      folders.delete(name);
      return;
    }
    if (isWatched(name, identity) && !force) return;
    let watch: FolderWatch;
    try {
      watch = fs.watch(pathOf(name), {}, (_event, filename) =>
        onEvent(name, filename === null ? "" : direntName(filename)),
      );
    } catch (cause) {
      // Gone since the stat: the root's event for it follows. Anything else (inotify's limit
      // on watches, permissions) would leave changes unreported: the watcher gives up.
      if (name !== "" && isGone(cause)) {
        current?.watch.close();
        folders.delete(name);
        return;
      }
      return fail(cause);
    }
    if (options.keepAlive === false) watch.unref?.();
    watch.on("error", (cause) => {
      watch.close();
      if (folders.get(name)?.watch !== watch) return;
      folders.delete(name);
      options.onChange();
      if (name === "") fail(cause);
      else attach(name);
    });
    folders.set(name, { watch, identity });
    current?.watch.close();
  };

  const onEvent = (name: string, filename: string): void => {
    if (failed) return;
    // A watched folder reports its own removal under its own name (inotify's DELETE_SELF),
    // and its watch is dead from then on. A new folder of that name may reuse the inode (ext4
    // does at once) but not the birth time, so the identity check re-attaches it; known by its
    // inode alone, it is re-attached regardless, once per turn: memfs delivers the event
    // being delivered to a listener added meanwhile too, which would loop.
    if (filename === (name === "" ? basename(root) : name)) {
      const force = folders.get(name)?.identity.birth === undefined && !forcing.has(name);
      if (force) {
        forcing.add(name);
        // memfs delivers synchronously: the repeat comes before any microtask runs.
        queueMicrotask(() => forcing.delete(name));
      }
      attach(name, force);
      if (name === "") WATCHED_FOLDERS.forEach((folder) => attach(folder));
      options.onChange();
      return;
    }
    if (name === PRIVATE_FOLDER) return cookies.seen(filename);
    if (name !== "") return options.onChange();
    if (filename === PRIVATE_FOLDER) return attach(PRIVATE_FOLDER);
    if (filename === ".git") return;
    if (filename === "") WATCHED_FOLDERS.forEach((folder) => attach(folder));
    else if (WATCHED_FOLDERS.includes(filename)) attach(filename);
    options.onChange();
  };

  /** Re-attaches what is no longer the folder it watched: a few stats, for every settle. */
  const recheck = (): void => {
    for (const name of ["", ...WATCHED_FOLDERS, PRIVATE_FOLDER]) {
      if (isWatched(name, identityOf(name))) continue;
      attach(name);
      options.onChange();
    }
  };

  attach("");
  WATCHED_FOLDERS.forEach((folder) => attach(folder));
  attach(PRIVATE_FOLDER);
  if (failed) {
    return err(
      new PersistenceError(
        `Could not watch ${root} for changes: ${messageOf(failure)}. Use freshness mode "interval" instead.`,
        { cause: failure },
      ),
    );
  }
  started = true;

  return ok({
    settled: async () => {
      if (!failed) recheck();
      if (!failed && !folders.has(PRIVATE_FOLDER)) {
        try {
          fs.mkdirSync(pathOf(PRIVATE_FOLDER), { recursive: true });
        } catch {
          // A read-only root: no cookie can be written, so the next query looks instead.
        }
        attach(PRIVATE_FOLDER);
      }
      if (failed || !folders.has(PRIVATE_FOLDER)) return options.onChange();
      return cookies.settled();
    },
    close: () => {
      if (failed) return;
      failed = true;
      for (const entry of folders.values()) entry.watch.close();
      folders.clear();
      cookies.close();
    },
  });
}

function isGone(cause: unknown): boolean {
  const code = typeof cause === "object" && cause !== null && "code" in cause ? cause.code : "";
  return code === "ENOENT" || code === "ENOTDIR";
}
