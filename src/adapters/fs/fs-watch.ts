/**
 * A file watcher for a long-lived host in `freshness: { mode: "watch" }`: node's recursive
 * fs.watch (inotify on Linux, FSEvents on macOS, ReadDirectoryChangesW on Windows; memfs
 * implements it too) over the memory root, calling back on any change outside the library's
 * private folder and git's. No dependency: measured on Linux with Node 20, the built-in
 * recursive watch reported edits, creations in new folders, renames and deletions (the
 * watcher test covers each), which is all a "something changed, look again" signal needs.
 */
import { err, ok, type Result } from "neverthrow";
import { PersistenceError } from "../../errors.js";
import { PRIVATE_FOLDER } from "../../model/layout.js";
import { messageOf } from "../../shared/message-of.js";
import { direntName } from "./fs-like.js";

/** The part of an fs a watcher uses: node:fs and memfs both have it. */
export interface WatchingFs {
  watch(
    path: string,
    options: { recursive: boolean },
    listener: (event: string, filename: string | Uint8Array | null) => void,
  ): { close(): void; on(event: "error", listener: (error: unknown) => void): unknown };
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
   * watcher has then stopped; `onChange` was called so the next query looks at the files, and
   * the freshness mode's `maxMs` bounds how long anything is trusted after that.
   */
  readonly onError?: (error: PersistenceError) => void;
}

/** A running watcher. */
export interface MemoryWatcher {
  close(): void;
}

/**
 * Watches the memory root and reports changes, ignoring `.agent-memory/` (locks, caches) and
 * `.git/`, which the library writes itself and which hold no notes.
 *
 * @example
 * ```ts
 * import * as fs from "node:fs";
 * const memory = createMemory({ persistence, git, freshness: { mode: "watch" } });
 * const watcher = watchMemoryFiles({ fs, root, onChange: () => memory.filesChanged() });
 * // ... serve requests ...
 * if (watcher.isOk()) watcher.value.close();
 * ```
 */
export function watchMemoryFiles(
  options: WatchMemoryFilesOptions,
): Result<MemoryWatcher, PersistenceError> {
  try {
    const watcher = options.fs.watch(options.root, { recursive: true }, (_event, filename) => {
      const name = filename === null ? "" : direntName(filename).split("\\").join("/");
      if (name.startsWith(`${PRIVATE_FOLDER}/`) || name === PRIVATE_FOLDER) return;
      if (name.startsWith(".git/") || name === ".git") return;
      options.onChange();
    });
    watcher.on("error", (cause) => {
      options.onChange();
      watcher.close();
      options.onError?.(
        new PersistenceError(`The file watcher on ${options.root} stopped: ${messageOf(cause)}.`, {
          cause,
        }),
      );
    });
    return ok({ close: () => watcher.close() });
  } catch (cause) {
    return err(
      new PersistenceError(
        `Could not watch ${options.root} for changes: ${messageOf(cause)}. Use freshness mode "interval" instead.`,
        { cause },
      ),
    );
  }
}
