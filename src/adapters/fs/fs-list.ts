/**
 * The recursive walk behind fsPersistence's list(): one readdir per folder and one
 * stat per file (for mtime and size), folders visited concurrently.
 */
import { join } from "node:path";
import type { StoredFile } from "../../ports/persistence.js";
import { direntName, errnoCode, type FsDirentLike, type FsPromisesLike } from "./fs-like.js";

/** The two calls a listing makes. */
export type ListingFs = Pick<FsPromisesLike, "readdir" | "stat">;
import { isTempName } from "./fs-temp-name.js";

/** Why a symbolic link is never read or written through. */
export const SYMLINK_REASON =
  "a symbolic link: the library never follows links, which could reach outside the memory root";

const BACKSLASH_REASON =
  "its name contains a backslash, which the layout refuses (a path separator on Windows)";

/** Entries a readdir may return; memfs can hand back bare names, which carry no type. */
type ReaddirEntry = FsDirentLike | string | Uint8Array;

function isDirent(entry: ReaddirEntry): entry is FsDirentLike {
  return typeof entry === "object" && "isFile" in entry;
}

/**
 * Every file below `absDir`, with paths `relDir`-prefixed; a missing folder yields [].
 * Skips `.git` folders and temp files. Rejects on any other filesystem error.
 *
 * @example
 * ```ts
 * const files = await walkFiles(fs.promises, "/memory/topics", "topics");
 * // [{ path: "topics/a id__Kf9mNp.md", mtimeMs: 1700000000000, size: 42 }]
 * ```
 */
export async function walkFiles(
  fsp: ListingFs,
  absDir: string,
  relDir: string,
): Promise<StoredFile[]> {
  let entries: ReadonlyArray<ReaddirEntry>;
  try {
    entries = await fsp.readdir(absDir, { withFileTypes: true });
  } catch (cause) {
    // A folder removed between its parent's readdir and ours is simply gone.
    if (errnoCode(cause) === "ENOENT") return [];
    throw cause;
  }
  const nested = await Promise.all(entries.map((entry) => visit(fsp, entry, absDir, relDir)));
  return nested.flat();
}

async function visit(
  fsp: ListingFs,
  entry: ReaddirEntry,
  absDir: string,
  relDir: string,
): Promise<StoredFile[]> {
  const name = isDirent(entry) ? direntName(entry.name) : direntName(entry);
  const absPath = join(absDir, name);
  const relPath = relDir === "" ? name : `${relDir}/${name}`;
  if (isDirent(entry) && entry.isDirectory()) {
    return name === ".git" ? [] : walkFiles(fsp, absPath, relPath);
  }
  if (isDirent(entry) && entry.isSymbolicLink?.() === true) {
    // Listed so doctor can report it; following it could read or write outside the root.
    return [{ path: relPath, mtimeMs: 0, size: 0, unsafe: SYMLINK_REASON }];
  }
  if (isDirent(entry) && !entry.isFile()) return []; // sockets, devices
  if (isTempName(name)) return [];
  if (name.includes("\\")) {
    return [{ path: relPath, mtimeMs: 0, size: 0, unsafe: BACKSLASH_REASON }];
  }
  try {
    const stats = await fsp.stat(absPath);
    if (stats.isDirectory()) return name === ".git" ? [] : walkFiles(fsp, absPath, relPath);
    return [{ path: relPath, mtimeMs: Number(stats.mtimeMs), size: Number(stats.size) }];
  } catch (cause) {
    // Deleted between readdir and stat: it is no longer part of the listing.
    if (errnoCode(cause) === "ENOENT") return [];
    throw cause;
  }
}

/**
 * Sorts listed files by path, by UTF-16 code unit, so the order never depends on locale.
 *
 * @example
 * ```ts
 * sortByPath([{ path: "b", mtimeMs: 0, size: 0 }, { path: "a", mtimeMs: 0, size: 0 }]);
 * ```
 */
export function sortByPath(files: readonly StoredFile[]): StoredFile[] {
  return files.toSorted((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}
