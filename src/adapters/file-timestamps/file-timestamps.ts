/**
 * When a single note was created and last updated, for hosts that want one answer
 * without opening a memory.
 */
import * as nodeFs from "node:fs";
import { isAbsolute, join } from "node:path";
import { err, ok, type ResultAsync } from "neverthrow";
import { GitError, PersistenceError } from "../../errors.js";
import type { Git } from "../../ports/git.js";
import { errnoCode, type FsLike } from "../fs/fs-like.js";
import { gitCli } from "../git-cli/git-cli.js";
import { noteIdFromPath } from "../git-history/note-id-from-path.js";
import { safeAsync } from "../../shared/safe-async.js";

/**
 * The times of one file.
 *
 * @example
 * ```ts
 * const times: FileTimestamps = { createdAt: 1700000000000, updatedAt: 1700003600000, committed: true };
 * ```
 */
export interface FileTimestamps {
  /** Epoch ms: the first commit of the note's id, else the file's mtime, else now. */
  readonly createdAt: number;
  /** Epoch ms: the latest commit of the note's id, else the file's mtime, else now. */
  readonly updatedAt: number;
  /** Whether the times come from git history. */
  readonly committed: boolean;
}

/**
 * Options of {@link getFileTimestamps}.
 *
 * @example
 * ```ts
 * const { fs, root, git } = (await inMemoryPorts())._unsafeUnwrap();
 * await getFileTimestamps(root, "topics/a id__Kf9mNp.md", { git, fs });
 * ```
 */
export interface FileTimestampsOptions {
  /** The git port; default `gitCli({ dir: rootDir })`. */
  readonly git?: Git;
  /** The filesystem for the mtime fallback; default node:fs. */
  readonly fs?: FsLike;
}

/**
 * createdAt/updatedAt of one note from git history, keyed by its id (so renames and moves
 * keep createdAt). A note not committed yet gets its mtime and `committed: false`; a
 * missing file with no history gets the current time. A file without a note id has no
 * id-keyed history and is treated as uncommitted.
 *
 * Runs one full history walk: to get times for many notes, call `git.timestamps()` once.
 *
 * @param rootDir The memory root.
 * @param filePath The file, relative to `rootDir` (or absolute).
 *
 * @example
 * ```ts
 * import { getFileTimestamps } from "agent-memory/adapters";
 *
 * const times = await getFileTimestamps("/home/me/memory", "topics/igor id__Kf9mNp.md");
 * if (times.isOk()) console.log(new Date(times.value.createdAt), times.value.committed);
 * ```
 */
export function getFileTimestamps(
  rootDir: string,
  filePath: string,
  options: FileTimestampsOptions = {},
): ResultAsync<FileTimestamps, GitError | PersistenceError> {
  const git = options.git ?? gitCli({ dir: rootDir });
  const fs = options.fs ?? nodeFs;
  return safeAsync<FileTimestamps, GitError | PersistenceError>(
    async () => {
      const id = noteIdFromPath(filePath);
      if (id !== undefined) {
        const history = await git.timestamps();
        if (history.isErr()) return err(history.error);
        const times = history.value.get(id);
        if (times !== undefined) return ok({ ...times, committed: true });
      }
      const absolute = isAbsolute(filePath) ? filePath : join(rootDir, filePath);
      try {
        const mtime = Number((await fs.promises.stat(absolute)).mtimeMs);
        return ok({ createdAt: mtime, updatedAt: mtime, committed: false });
      } catch (cause) {
        if (errnoCode(cause) !== "ENOENT") {
          return err(
            new PersistenceError(
              `Could not read the modification time of ${absolute}: ${String(cause)}`,
              { cause },
            ),
          );
        }
        const now = Date.now();
        return ok({ createdAt: now, updatedAt: now, committed: false });
      }
    },
    (cause) =>
      new GitError(`Could not get the timestamps of ${filePath} in ${rootDir}: ${String(cause)}`, {
        cause,
      }),
  );
}
