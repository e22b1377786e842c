/**
 * The Persistence port over any node-compatible filesystem (node:fs, memfs, ...).
 */
import { dirname, join } from "node:path";
import { err, ok, type Result, type ResultAsync } from "neverthrow";
import { NotFoundError, PersistenceError } from "../../errors.js";
import type { ListedPath, Persistence, StoredFile } from "../../ports/persistence.js";
import { moveNoOverwrite } from "./fs-move.js";
import { contentToString, errnoCode, syncReadsOf, type FsLike } from "./fs-like.js";
import {
  SYMLINK_REASON,
  sortByPath,
  walkFiles,
  walkFilesSync,
  walkPathsSync,
  fileOf,
  readBitsAdmittedBy,
  type ListingFs,
} from "./fs-list.js";
import { symlinkOnPath } from "./fs-symlinks.js";
import { watchableFs } from "./fs-default-watch.js";
import { watchMemoryFiles } from "./fs-watch.js";
import { ownedTempNameFor } from "./fs-temp-name.js";
import { sweepTemps, whileWriting } from "./fs-temp-sweep.js";
import { PRIVATE_FOLDER } from "../../model/layout.js";
import { splitRelativePath } from "../../shared/relative-path.js";
import { safeAsync } from "../../shared/safe-async.js";
import { messageOf } from "../../shared/message-of.js";

/**
 * Options of {@link fsPersistence}.
 *
 * @example
 * ```ts
 * const options: FsPersistenceOptions = { fs: memfs().fs, root: "/memory" };
 * ```
 */
export interface FsPersistenceOptions {
  /** The filesystem: `node:fs`, `memfs().fs`, or anything with the same promise API. */
  readonly fs: FsLike;
  /** Absolute path of the memory root on that filesystem. */
  readonly root: string;
  /**
   * Whether the persistence offers a watch of the files (Persistence.watch), which a memory
   * created without a freshness option then uses. Default: offered over node's own fs when
   * the root exists on a local disk (not memfs, not a network or FUSE mount); `false` never.
   */
  readonly watch?: boolean;
}

/** A validated path: where it is on the filesystem and how the caller spelled it. */
interface Resolved {
  readonly abs: string;
  readonly rel: string;
  readonly segments: readonly string[];
}

/**
 * Persistence over a filesystem, confined to `root`.
 *
 * Writes go to a temporary file in the same folder and are renamed over the target,
 * so readers see the old content or the new, never a torn file. A listing removes the temp
 * files of writers that died between the two steps (fs-temp-sweep.ts).
 *
 * @example
 * ```ts
 * import * as fs from "node:fs";
 * import { fsPersistence } from "agent-memory/adapters";
 *
 * const persistence = fsPersistence({ fs, root: "/home/me/memory" });
 * await persistence.write("topics/igor id__Kf9mNp.md", "# Igor\n");
 * const files = await persistence.list("topics"); // Ok([{ path, mtimeMs, size }])
 * ```
 */
export function fsPersistence({ fs, root, watch }: FsPersistenceOptions): Persistence {
  const fsp = fs.promises;
  const reads = readCalls(fs);
  // A file lacking these is narrower than the memory: its content stays out of derived files.
  const requiredReadBits = (): Promise<number> =>
    reads.stat(root).then(
      (stats) => readBitsAdmittedBy(Number(stats.mode)),
      () => 0,
    );
  const syncReads = syncReadsOf(fs);
  const where = (rel: string): string => `"${rel}" in the memory at ${root}`;

  /** Validates a caller's path; `file` refuses the root itself. */
  const resolve = (path: string, file: boolean): Result<Resolved, PersistenceError> => {
    const segments = splitRelativePath(path);
    if (segments.isErr()) return err(new PersistenceError(`Refused: ${segments.error}.`));
    if (file && segments.value.length === 0) {
      return err(new PersistenceError("Refused: an empty path names the memory root, not a file."));
    }
    return ok({ abs: join(root, ...segments.value), rel: path, segments: segments.value });
  };

  /** Refuses a path that reaches its target through a symbolic link (file or folder). */
  const refuseLinks = async (target: Resolved): Promise<Result<Resolved, PersistenceError>> => {
    const link = await symlinkOnPath(fsp, root, target.segments);
    if (link === undefined) return ok(target);
    return err(
      new PersistenceError(
        `Refused: "${target.rel}" goes through the symbolic link "${link}"; the library never ` +
          "writes through links. Replace the link with a real file or folder.",
      ),
    );
  };

  const failure = (action: string, rel: string) => (cause: unknown) =>
    new PersistenceError(`Could not ${action} ${where(rel)}: ${messageOf(cause)}`, { cause });

  const watching = watch === false ? undefined : watchableFs(fs, root);
  return {
    ...(watching === undefined
      ? {}
      : {
          watch: (onChange: () => void) =>
            watchMemoryFiles({ fs: watching, root, onChange, keepAlive: false }),
        }),
    list(dir = ""): ResultAsync<StoredFile[], PersistenceError> {
      return safeAsync(
        async () => {
          const target = resolve(dir, false);
          if (target.isErr()) return err(target.error);
          const link = await symlinkOnPath(fsp, root, target.value.segments);
          if (link !== undefined)
            return ok([{ path: link, mtimeMs: 0, size: 0, unsafe: SYMLINK_REASON }]);
          const required = await requiredReadBits();
          const temps: string[] = [];
          const files: StoredFile[] =
            syncReads === undefined
              ? await walkFiles(reads, target.value.abs, dir, required, temps)
              : [];
          if (syncReads !== undefined)
            walkFilesSync(syncReads, target.value.abs, dir, files, required, temps);
          if (temps.length > 0) await sweepTemps(fs, temps);
          return ok(sortByPath(files));
        },
        failure("list", dir),
      );
    },

    listPaths(dir = ""): ResultAsync<ListedPath[], PersistenceError> {
      return safeAsync(
        async () => {
          const target = resolve(dir, false);
          if (target.isErr()) return err(target.error);
          const link = await symlinkOnPath(fsp, root, target.value.segments);
          if (link !== undefined) return ok([{ path: link, unsafe: SYMLINK_REASON }]);
          const paths: ListedPath[] = [];
          const temps: string[] = [];
          if (syncReads === undefined) {
            for (const file of await walkFiles(reads, target.value.abs, dir, 0, temps))
              paths.push(
                file.unsafe === undefined
                  ? { path: file.path }
                  : { path: file.path, unsafe: file.unsafe },
              );
          } else walkPathsSync(syncReads, target.value.abs, dir, paths, temps);
          if (temps.length > 0) await sweepTemps(fs, temps);
          return ok(sortByPath(paths));
        },
        failure("list", dir),
      );
    },

    read(path) {
      return safeAsync<string, NotFoundError | PersistenceError>(
        async () => {
          const target = resolve(path, true);
          if (target.isErr()) return err(target.error);
          try {
            return ok(contentToString(await reads.readFile(target.value.abs)));
          } catch (cause) {
            if (errnoCode(cause) !== "ENOENT") throw cause;
            return err(new NotFoundError(`No file ${where(path)}.`, { cause }));
          }
        },
        failure("read", path),
      );
    },

    stat(path) {
      return safeAsync<StoredFile, NotFoundError | PersistenceError>(
        async () => {
          const target = resolve(path, true);
          if (target.isErr()) return err(target.error);
          const link = await symlinkOnPath(fsp, root, target.value.segments);
          if (link !== undefined) return ok({ path, mtimeMs: 0, size: 0, unsafe: SYMLINK_REASON });
          try {
            const stats = await fsp.stat(target.value.abs);
            if (stats.isDirectory())
              return err(new NotFoundError(`No file ${where(path)}: it is a folder.`));
            const required = await requiredReadBits();
            return ok(fileOf(path, stats, required));
          } catch (cause) {
            if (errnoCode(cause) !== "ENOENT") throw cause;
            return err(new NotFoundError(`No file ${where(path)}.`, { cause }));
          }
        },
        failure("stat", path),
      );
    },

    write(path, content) {
      return safeAsync(
        async () => {
          const target = resolve(path, true);
          if (target.isErr()) return err(target.error);
          const safe = await refuseLinks(target.value);
          if (safe.isErr()) return err(safe.error);
          await atomicWrite(fs, target.value.abs, content, modesFor(path));
          return ok(undefined);
        },
        failure("write", path),
      );
    },

    move(from, to) {
      return safeAsync<void, NotFoundError | PersistenceError>(
        async () => {
          const source = resolve(from, true);
          if (source.isErr()) return err(source.error);
          const target = resolve(to, true);
          if (target.isErr()) return err(target.error);
          for (const end of [source.value, target.value]) {
            const safe = await refuseLinks(end);
            if (safe.isErr()) return err(safe.error);
          }
          await fsp.mkdir(dirname(target.value.abs), { recursive: true });
          const outcome = await moveNoOverwrite(fsp, source.value.abs, target.value.abs);
          if (outcome === "missing")
            return err(new NotFoundError(`Cannot move: no file ${where(from)}.`));
          if (outcome === "exists") {
            return err(
              new PersistenceError(
                `Refused to move "${from}" to "${to}": the target already exists in the memory at ${root}. ` +
                  "Remove or rename the target first; a move never overwrites.",
              ),
            );
          }
          return ok(undefined);
        },
        failure(`move "${from}" to`, to),
      );
    },

    createExclusive(path, content) {
      return safeAsync(
        async () => {
          const target = resolve(path, true);
          if (target.isErr()) return err(target.error);
          const safe = await refuseLinks(target.value);
          if (safe.isErr()) return err(safe.error);
          const modes = modesFor(path);
          await fsp.mkdir(dirname(target.value.abs), { recursive: true, ...folderMode(modes) });
          try {
            // "wx": the kernel (or memfs) checks and creates in one step, so of two processes
            // racing for the same path exactly one gets true.
            await fsp.writeFile(target.value.abs, content, { flag: "wx", ...fileMode(modes) });
            return ok(true);
          } catch (cause) {
            if (errnoCode(cause) === "EEXIST") return ok(false);
            throw cause;
          }
        },
        failure("create", path),
      );
    },

    remove(path) {
      return safeAsync<void, NotFoundError | PersistenceError>(
        async () => {
          const target = resolve(path, true);
          if (target.isErr()) return err(target.error);
          const safe = await refuseLinks(target.value);
          if (safe.isErr()) return err(safe.error);
          try {
            await fsp.unlink(target.value.abs);
            return ok(undefined);
          } catch (cause) {
            if (errnoCode(cause) !== "ENOENT") throw cause;
            return err(new NotFoundError(`Cannot remove: no file ${where(path)}.`, { cause }));
          }
        },
        failure("remove", path),
      );
    },
  };
}

/** Modes to create a file and its folders with, where they must be narrower than the umask's. */
interface CreateModes {
  readonly file: number;
  readonly folder: number;
}

// The private folder is its owner's: what the library derives there (the facts and search
// caches, vectors, locks, logs) is created owner-only, so it is never more readable than the
// notes it comes from, whatever their modes.
const OWNER_ONLY: CreateModes = { file: 0o600, folder: 0o700 };

function modesFor(path: string): CreateModes | undefined {
  return path.startsWith(`${PRIVATE_FOLDER}/`) ? OWNER_ONLY : undefined;
}

function fileMode(modes: CreateModes | undefined): { mode?: number } {
  return modes === undefined ? {} : { mode: modes.file };
}

function folderMode(modes: CreateModes | undefined): { mode?: number } {
  return modes === undefined ? {} : { mode: modes.folder };
}

/** The permission bits of the file at `abs`, for its replacement; none when it is absent. */
async function modeOf(fs: FsLike, abs: string): Promise<{ mode?: number }> {
  try {
    const { mode } = await fs.promises.stat(abs);
    const bits = Number(mode) & 0o777;
    // A file system that reports no mode (or a mode without read bits) leaves the default.
    return typeof mode === "undefined" || (bits & 0o400) === 0 ? {} : { mode: bits };
  } catch {
    return {};
  }
}

/** Writes `content` to a temp file beside `abs`, then renames it over `abs`. */
async function atomicWrite(
  fs: FsLike,
  abs: string,
  content: string,
  modes?: CreateModes,
): Promise<void> {
  const folder = dirname(abs);
  await fs.promises.mkdir(folder, { recursive: true, ...folderMode(modes) });
  const temp = join(folder, ownedTempNameFor(abs.slice(folder.length + 1), process.pid));
  // A replaced file keeps its mode: a note a person made private must not come back 0644.
  const mode = modes === undefined ? await modeOf(fs, abs) : fileMode(modes);
  try {
    await whileWriting(temp, async () => {
      await fs.promises.writeFile(temp, content, mode);
      await fs.promises.rename(temp, abs);
    });
  } catch (cause) {
    // Best effort: the temp may not exist (writeFile failed early); the original
    // error is what the caller needs, so a failed cleanup must not replace it.
    await fs.promises.unlink(temp).catch(() => undefined);
    throw cause;
  }
}

/** The read calls, synchronous underneath when the fs offers that (see FsLike). */
function readCalls(
  fs: FsLike,
): ListingFs & { readFile(path: string): Promise<string | Uint8Array> } {
  const sync = syncReadsOf(fs);
  if (sync === undefined) {
    return {
      readdir: (path, options) => fs.promises.readdir(path, options),
      stat: (path) => fs.promises.stat(path),
      readFile: (path) => fs.promises.readFile(path, "utf8"),
    };
  }
  return {
    readdir: async (path, options) => sync.readdirSync(path, options),
    stat: async (path) => sync.statSync(path),
    readFile: async (path) => sync.readFileSync(path, "utf8"),
  };
}
