/**
 * The smallest `fs` shape the adapters need, written structurally so that both
 * `node:fs` and memfs (`memfs().fs`, `createFsFromVolume(vol)`) fit without a cast.
 *
 * Why the odd-looking unions: memfs types its results more loosely than node does
 * (`string | Buffer` names, `number | bigint` stats, `string | undefined` from mkdir),
 * so the return types here are the union of both and the adapters narrow at runtime.
 * Methods are declared with method syntax on purpose: TypeScript compares method
 * parameters bivariantly, which is what lets node's overloaded signatures match.
 * `rmdir` is not used by fsPersistence but isomorphic-git requires it (and `lstat`),
 * and the isomorphic-git adapter takes the same `FsLike`.
 */

/**
 * The stat fields the adapters read.
 *
 * @example
 * ```ts
 * const stats: FsStatsLike = await fs.promises.stat("/memory/index.md");
 * Number(stats.mtimeMs); // memfs may report bigints, so convert
 * ```
 */
export interface FsStatsLike {
  /** Last modification time, epoch ms (memfs may report a bigint). */
  readonly mtimeMs: number | bigint;
  /** Size in bytes. */
  readonly size: number | bigint;
  /** File type and permission bits. */
  readonly mode: number | bigint;
  /** Status change time, epoch ms: set by the kernel on every change, never by utimes. */
  readonly ctimeMs?: number | bigint;
  /** The inode number. */
  readonly ino?: number | bigint;
  isFile(): boolean;
  isDirectory(): boolean;
  /** Present on lstat results of node:fs and memfs. */
  isSymbolicLink?(): boolean;
}

/**
 * A directory entry as returned by `readdir(path, { withFileTypes: true })`.
 *
 * @example
 * ```ts
 * for (const entry of await fs.promises.readdir("/memory", { withFileTypes: true })) {
 *   if (typeof entry === "object" && "isFile" in entry && entry.isFile()) direntName(entry.name);
 * }
 * ```
 */
export interface FsDirentLike {
  /** The entry's name (memfs may hand back a Buffer). */
  readonly name: string | Uint8Array;
  isFile(): boolean;
  isDirectory(): boolean;
  isSymbolicLink?(): boolean;
}

/**
 * The promise API subset; every method mirrors `node:fs/promises`.
 *
 * @example
 * ```ts
 * const fsp: FsPromisesLike = (await import("node:fs")).promises;
 * await fsp.mkdir("/tmp/memory/topics", { recursive: true });
 * ```
 */
export interface FsPromisesLike {
  /** Text with `"utf8"`; without an encoding, bytes (how git objects and packs are read). */
  readFile(path: string, encoding?: "utf8"): Promise<string | Uint8Array>;
  writeFile(path: string, data: string, options?: { flag?: string; mode?: number }): Promise<void>;
  rename(oldPath: string, newPath: string): Promise<void>;
  link(existingPath: string, newPath: string): Promise<void>;
  unlink(path: string): Promise<void>;
  mkdir(
    path: string,
    options: { recursive: true; mode?: number },
  ): Promise<string | undefined | void>;
  rmdir(path: string): Promise<void>;
  readdir(
    path: string,
    options: { withFileTypes: true },
  ): Promise<ReadonlyArray<FsDirentLike | string | Uint8Array>>;
  stat(path: string): Promise<FsStatsLike>;
  lstat(path: string): Promise<FsStatsLike>;
}

/**
 * Any filesystem object with a node-compatible `promises` API.
 *
 * @example
 * ```ts
 * import * as nodeFs from "node:fs";
 * import { memfs } from "memfs";
 * import type { FsLike } from "agent-memory/adapters";
 *
 * const onDisk: FsLike = nodeFs;
 * const inRam: FsLike = memfs().fs;
 * ```
 */
export interface FsLike {
  readonly promises: FsPromisesLike;
  /**
   * Optional synchronous reads. node:fs and memfs have them; when present, listing and
   * reading use them, because for small files each asynchronous call costs several times
   * the read itself (measured: 10,000 one-kilobyte notes, 0.1 s synchronously against
   * 0.7 s through fs.promises). A host fs without them works through `promises` alone.
   */
  readonly readFileSync?: (path: string, encoding: "utf8") => string | Uint8Array;
  readonly statSync?: (path: string) => FsStatsLike;
  readonly readdirSync?: (
    path: string,
    options: { withFileTypes: true },
  ) => ReadonlyArray<FsDirentLike | string | Uint8Array>;
}

/** The synchronous read methods of an fs, when it has all of them. */
export interface FsSyncReads {
  readonly readFileSync: (path: string, encoding: "utf8") => string | Uint8Array;
  readonly statSync: (path: string) => FsStatsLike;
  readonly readdirSync: (
    path: string,
    options: { withFileTypes: true },
  ) => ReadonlyArray<FsDirentLike | string | Uint8Array>;
}

/** The fs's synchronous reads, bound to it, or undefined when it lacks any of them. */
export function syncReadsOf(fs: FsLike): FsSyncReads | undefined {
  const { readFileSync, statSync, readdirSync } = fs;
  if (readFileSync === undefined || statSync === undefined || readdirSync === undefined)
    return undefined;
  return {
    readFileSync: (path, encoding) => readFileSync.call(fs, path, encoding),
    statSync: (path) => statSync.call(fs, path),
    readdirSync: (path, options) => readdirSync.call(fs, path, options),
  };
}

/**
 * Turns a readdir entry name (string or bytes) into a string.
 *
 * @example
 * ```ts
 * direntName(Buffer.from("topics")); // "topics"
 * ```
 */
export function direntName(name: string | Uint8Array): string {
  return typeof name === "string" ? name : Buffer.from(name).toString("utf8");
}

/**
 * Turns file content (string or bytes) into a string, decoding bytes as UTF-8.
 *
 * @example
 * ```ts
 * contentToString(await fs.promises.readFile(path, "utf8"));
 * ```
 */
export function contentToString(content: string | Uint8Array): string {
  return typeof content === "string" ? content : Buffer.from(content).toString("utf8");
}

/**
 * The string `code` of a rejection (`ENOENT`, `EEXIST`, isomorphic-git's `NotFoundError`, ...).
 *
 * @example
 * ```ts
 * try { await fs.promises.unlink(path); } catch (cause) { if (errnoCode(cause) !== "ENOENT") throw cause; }
 * ```
 */
export function errnoCode(cause: unknown): string | undefined {
  if (typeof cause !== "object" || cause === null || !("code" in cause)) return undefined;
  return typeof cause.code === "string" ? cause.code : undefined;
}
