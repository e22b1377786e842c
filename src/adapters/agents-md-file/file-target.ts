/**
 * The AGENTS.md target as a file on any node-compatible filesystem (node:fs, memfs).
 *
 * @module
 */

import { dirname, isAbsolute, join, relative, sep } from "node:path";
import { err, ok, type ResultAsync } from "neverthrow";
import { contentToString, errnoCode, type FsLike, type FsPromisesLike } from "../fs/fs-like.js";
import { tempNameFor } from "../fs/fs-temp-name.js";
import { safeAsync } from "../../shared/safe-async.js";
import { PersistenceError } from "../../errors.js";
import { reservedPathReason } from "../../model/reserved-paths.js";
import type { AgentsMdTarget } from "../../ports/agents-md-target.js";
import { messageOf } from "../../shared/message-of.js";

/**
 * An fs for {@link fileTarget}: any {@link FsLike}; node:fs and memfs also have `realpath`,
 * which lets a symlinked AGENTS.md be written through its link instead of replaced by a file.
 */
export interface TargetFs extends FsLike {
  readonly promises: FsPromisesLike & {
    realpath?(path: string): Promise<string | Uint8Array>;
  };
}

/** Options of {@link fileTarget}. */
export interface FileTargetOptions {
  readonly fs: TargetFs;
  /** Absolute path of the AGENTS.md (or CLAUDE.md, ...) file. */
  readonly path: string;
  /** Absolute path of the memory root, for the links in the section. */
  readonly memoryRoot: string;
}

/**
 * A target file anywhere on `fs`. Writes go to a temporary file in the same folder, renamed
 * over the target, so an agent starting meanwhile reads the old file or the new, never half.
 * Refused on read and write: relative paths (what they mean depends on a working directory
 * the library does not have) and the memory's own places inside the root (see
 * `reservedPathReason`).
 *
 * @example
 * ```ts
 * import * as fs from "node:fs";
 * const target = fileTarget({ fs, path: "/repo/AGENTS.md", memoryRoot: "/repo/memory" });
 * target.memoryRootFromTarget; // "memory"
 * ```
 */
export function fileTarget({ fs, path, memoryRoot }: FileTargetOptions): AgentsMdTarget {
  const fromTarget = relative(dirname(path), memoryRoot).split(sep).join("/");
  const fromRoot = relative(memoryRoot, path).split(sep);
  const insideRoot = fromRoot[0] !== ".." && !isAbsolute(fromRoot.join("/"));
  const refusal =
    isAbsolute(path) && isAbsolute(memoryRoot)
      ? insideRoot
        ? reservedPathReason(fromRoot)
        : undefined
      : `Refused: the AGENTS.md target (${path}) and the memory root (${memoryRoot}) must be absolute paths.`;
  const failure = (action: string) => (cause: unknown) =>
    new PersistenceError(`Could not ${action} ${path}: ${messageOf(cause)}`, { cause });
  return {
    path,
    memoryRootFromTarget: fromTarget === "" ? "." : fromTarget,
    read: (): ResultAsync<string | undefined, PersistenceError> =>
      safeAsync(async () => {
        if (refusal !== undefined) return err(new PersistenceError(refusal));
        try {
          return ok(contentToString(await fs.promises.readFile(path, "utf8")));
        } catch (cause) {
          if (errnoCode(cause) === "ENOENT") return ok(undefined);
          throw cause;
        }
      }, failure("read")),
    write: (content) =>
      safeAsync(async () => {
        if (refusal !== undefined) return err(new PersistenceError(refusal));
        const file = await followLink(fs, path);
        const folder = dirname(file);
        await fs.promises.mkdir(folder, { recursive: true });
        const temp = join(folder, tempNameFor(file.slice(folder.length + 1)));
        try {
          await fs.promises.writeFile(temp, content);
          await fs.promises.rename(temp, file);
        } catch (cause) {
          // The write's own error is what the caller needs; a failed cleanup must not hide it.
          await fs.promises.unlink(temp).catch(() => undefined);
          throw cause;
        }
        return ok(undefined);
      }, failure("write")),
  };
}

/** The file a path really names (through symlinks), or the path itself when there is none yet. */
async function followLink(fs: TargetFs, path: string): Promise<string> {
  const realpath = fs.promises.realpath;
  if (realpath === undefined) return path;
  try {
    return contentToString(await realpath.call(fs.promises, path));
  } catch (cause) {
    if (errnoCode(cause) === "ENOENT") return path;
    throw cause;
  }
}
