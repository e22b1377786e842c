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
import { direntName } from "./fs-like.js";
import { createWatchCookies } from "./watch-cookies.js";

/** A running watch on one folder. */
export interface FolderWatch {
  close(): void;
  on(event: "error", listener: (error: unknown) => void): unknown;
}

/** The part of an fs a watcher uses: node:fs and memfs both have it. */
export interface WatchingFs {
  watch(
    path: string,
    options: Record<string, never>,
    listener: (event: string, filename: string | Uint8Array | null) => void,
  ): FolderWatch;
  statSync(path: string): { readonly ino?: number | bigint };
  mkdirSync(path: string, options: { recursive: true }): unknown;
  writeFileSync(path: string, data: string): void;
  unlinkSync(path: string): void;
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
  const folders = new Map<string, { watch: FolderWatch; ino: number | bigint | undefined }>();
  let failed = false;
  const cookies = createWatchCookies({
    fs,
    folder: `${root}/${PRIVATE_FOLDER}`,
    timeoutMs: options.cookieTimeoutMs ?? 2_000,
    // A cookie that never came means an event may have been lost: look at everything again.
    onLost: () => options.onChange(),
  });

  const fail = (cause: unknown): void => {
    if (failed) return;
    failed = true;
    options.onChange();
    closeAll();
    options.onError?.(
      new PersistenceError(`The file watcher on ${root} stopped: ${messageOf(cause)}.`, { cause }),
    );
  };
  const closeAll = (): void => {
    for (const entry of folders.values()) entry.watch.close();
    folders.clear();
    cookies.close();
  };

  /** (Re)watches a folder below the root if it is not watched as the folder now there. */
  const attach = (name: string, listener: (filename: string) => void): void => {
    const path = `${root}/${name}`;
    let ino: number | bigint | undefined;
    try {
      ino = fs.statSync(path).ino;
    } catch {
      folders.get(name)?.watch.close();
      folders.delete(name);
      return;
    }
    const current = folders.get(name);
    if (current !== undefined && current.ino === ino && ino !== undefined) return;
    current?.watch.close();
    try {
      const watch = fs.watch(path, {}, (_event, filename) =>
        listener(filename === null ? "" : direntName(filename)),
      );
      // A folder removed under its watch: the root's watch reports that and re-attaches.
      watch.on("error", () => {
        watch.close();
        if (folders.get(name)?.watch === watch) folders.delete(name);
        options.onChange();
      });
      folders.set(name, { watch, ino });
    } catch {
      // Gone between the stat and the watch: the root's event for it comes next.
      folders.delete(name);
    }
  };
  const attachPrivate = (): void => attach(PRIVATE_FOLDER, (filename) => cookies.seen(filename));
  const attachStatus = (name: string): void => attach(name, () => options.onChange());

  try {
    const rootWatch = fs.watch(root, {}, (_event, filename) => {
      const name = filename === null ? "" : direntName(filename);
      if (name === PRIVATE_FOLDER) return attachPrivate();
      if (name === ".git") return;
      if (name === "") WATCHED_FOLDERS.forEach(attachStatus);
      else if (WATCHED_FOLDERS.includes(name)) attachStatus(name);
      options.onChange();
    });
    rootWatch.on("error", fail);
    folders.set("", { watch: rootWatch, ino: undefined });
  } catch (cause) {
    return err(
      new PersistenceError(
        `Could not watch ${root} for changes: ${messageOf(cause)}. Use freshness mode "interval" instead.`,
        { cause },
      ),
    );
  }
  WATCHED_FOLDERS.forEach(attachStatus);

  return ok({
    settled: async () => {
      if (failed) return options.onChange();
      if (!folders.has(PRIVATE_FOLDER)) {
        try {
          fs.mkdirSync(`${root}/${PRIVATE_FOLDER}`, { recursive: true });
        } catch {
          return options.onChange();
        }
        attachPrivate();
      }
      return cookies.settled();
    },
    close: () => {
      failed = true;
      closeAll();
    },
  });
}
