/**
 * The recursive walk behind fsPersistence's list(): one readdir per folder and one
 * stat per file (for mtime, size, ctime and inode). With synchronous calls the walk runs
 * as one loop (10,000 files: a stat each costs less than the promise around it); without,
 * folders and stats are visited concurrently.
 */
import type { ListedPath, StoredFile } from "../../ports/persistence.js";
import {
  direntName,
  errnoCode,
  type FsDirentLike,
  type FsPromisesLike,
  type FsStatsLike,
  type FsSyncReads,
} from "./fs-like.js";
import { isTempName } from "./fs-temp-name.js";

/** The two calls a listing makes. */
export type ListingFs = Pick<FsPromisesLike, "readdir" | "stat">;

/** The synchronous calls of a listing. */
export type SyncListingFs = Pick<FsSyncReads, "readdirSync" | "statSync">;

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

/** What to do with one readdir entry, decided from its name and type alone. */
type EntryStep =
  | { readonly kind: "folder"; readonly abs: string; readonly rel: string }
  | { readonly kind: "skip" }
  | { readonly kind: "listed"; readonly file: StoredFile }
  | {
      readonly kind: "stat";
      readonly abs: string;
      readonly rel: string;
      readonly name: string;
      /** Whether readdir already said it is a regular file. */
      readonly isFile: boolean;
    };

function stepOf(
  entry: ReaddirEntry,
  absDir: string,
  relDir: string,
  temps: string[] | undefined,
): EntryStep {
  const name = isDirent(entry) ? direntName(entry.name) : direntName(entry);
  // A readdir name holds no separator, so concatenation is join without its normalize pass
  // (10,000 joins were a tenth of a cold listing).
  const abs = absDir.endsWith("/") ? `${absDir}${name}` : `${absDir}/${name}`;
  const rel = relDir === "" ? name : `${relDir}/${name}`;
  if (isDirent(entry) && entry.isDirectory()) {
    return name === ".git" ? { kind: "skip" } : { kind: "folder", abs, rel };
  }
  if (isDirent(entry) && entry.isSymbolicLink?.() === true) {
    // Listed so doctor can report it; following it could read or write outside the root.
    return { kind: "listed", file: { path: rel, mtimeMs: 0, size: 0, unsafe: SYMLINK_REASON } };
  }
  if (isDirent(entry) && !entry.isFile()) return { kind: "skip" }; // sockets, devices
  if (isTempName(name)) {
    temps?.push(abs);
    return { kind: "skip" };
  }
  if (name.includes("\\")) {
    return { kind: "listed", file: { path: rel, mtimeMs: 0, size: 0, unsafe: BACKSLASH_REASON } };
  }
  return { kind: "stat", abs, rel, name, isFile: isDirent(entry) };
}

/**
 * The read bits a file needs to be as readable as the memory itself: the group's when the
 * root lets the group in, others' when it lets others in (its search bits); 0 when only its
 * owner may enter.
 *
 * @example
 * ```ts
 * readBitsAdmittedBy(0o755); // 0o044
 * readBitsAdmittedBy(0o700); // 0
 * ```
 */
export function readBitsAdmittedBy(rootMode: number): number {
  return ((rootMode & 0o010) === 0 ? 0 : 0o040) | ((rootMode & 0o001) === 0 ? 0 : 0o004);
}

/**
 * The listing entry of a stat-ed file, marked `restricted` when it lacks one of the
 * `required` read bits (see {@link readBitsAdmittedBy}).
 *
 * @example
 * ```ts
 * fileOf("topics/a id__Kf9mNp.md", fs.statSync(abs)); // { path, mtimeMs, size, ctimeMs, ino }
 * ```
 */
export function fileOf(rel: string, stats: FsStatsLike, required = 0): StoredFile {
  const file = statEntryOf(rel, stats);
  return required !== 0 && (Number(stats.mode) & required) !== required
    ? { ...file, restricted: true }
    : file;
}

function statEntryOf(rel: string, stats: FsStatsLike): StoredFile {
  const mtimeMs = Number(stats.mtimeMs);
  const size = Number(stats.size);
  // One literal per shape instead of spreads: a listing builds 10,000 of these.
  if (stats.ctimeMs === undefined || stats.ino === undefined) {
    return {
      path: rel,
      mtimeMs,
      size,
      ...(stats.ctimeMs === undefined ? {} : { ctimeMs: Number(stats.ctimeMs) }),
      ...(stats.ino === undefined ? {} : { ino: Number(stats.ino) }),
    };
  }
  return { path: rel, mtimeMs, size, ctimeMs: Number(stats.ctimeMs), ino: Number(stats.ino) };
}

/**
 * Every file below `absDir`, with paths `relDir`-prefixed; a missing folder yields [].
 * Skips `.git` folders and temp files (collected in `temps` when given, for the sweep).
 * Rejects on any other filesystem error.
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
  required = 0,
  temps?: string[],
): Promise<StoredFile[]> {
  let entries: ReadonlyArray<ReaddirEntry>;
  try {
    entries = await fsp.readdir(absDir, { withFileTypes: true });
  } catch (cause) {
    // A folder removed between its parent's readdir and ours is simply gone.
    if (errnoCode(cause) === "ENOENT") return [];
    throw cause;
  }
  const nested = await Promise.all(
    entries.map(async (entry): Promise<StoredFile[]> => {
      const step = stepOf(entry, absDir, relDir, temps);
      if (step.kind === "skip") return [];
      if (step.kind === "listed") return [step.file];
      if (step.kind === "folder") return walkFiles(fsp, step.abs, step.rel, required, temps);
      try {
        const stats = await fsp.stat(step.abs);
        if (!stats.isDirectory()) return [fileOf(step.rel, stats, required)];
        return step.name === ".git" ? [] : walkFiles(fsp, step.abs, step.rel, required, temps);
      } catch (cause) {
        // Deleted between readdir and stat: it is no longer part of the listing.
        if (errnoCode(cause) === "ENOENT") return [];
        throw cause;
      }
    }),
  );
  return nested.flat();
}

/**
 * {@link walkFiles} with synchronous calls, appending to `into`.
 *
 * @example
 * ```ts
 * const files: StoredFile[] = [];
 * walkFilesSync(fs, "/memory/topics", "topics", files);
 * ```
 */
export function walkFilesSync(
  fs: SyncListingFs,
  absDir: string,
  relDir: string,
  into: StoredFile[],
  required = 0,
  temps?: string[],
): void {
  walkSync(fs, absDir, relDir, into, true, temps, (path, stats, unsafe) =>
    unsafe !== undefined || stats === undefined
      ? { path, mtimeMs: 0, size: 0, ...(unsafe === undefined ? {} : { unsafe }) }
      : fileOf(path, stats, required),
  );
}

/**
 * The paths {@link walkFilesSync} would list, without a stat of each file readdir typed;
 * an untyped entry (memfs can return bare names) is still stat-ed to tell a folder.
 *
 * @example
 * ```ts
 * const paths: ListedPath[] = [];
 * walkPathsSync(fs, "/memory/topics", "topics", paths);
 * ```
 */
export function walkPathsSync(
  fs: SyncListingFs,
  absDir: string,
  relDir: string,
  into: ListedPath[],
  temps?: string[],
): void {
  walkSync(fs, absDir, relDir, into, false, temps, (path, _stats, unsafe) =>
    unsafe === undefined ? { path } : { path, unsafe },
  );
}

/** The one synchronous walk: `statFiles` false skips the stat of files readdir typed. */
function walkSync<F>(
  fs: SyncListingFs,
  absDir: string,
  relDir: string,
  into: F[],
  statFiles: boolean,
  temps: string[] | undefined,
  entry: (path: string, stats: FsStatsLike | undefined, unsafe: string | undefined) => F,
): void {
  let entries: ReadonlyArray<ReaddirEntry>;
  try {
    entries = fs.readdirSync(absDir, { withFileTypes: true });
  } catch (cause) {
    if (errnoCode(cause) === "ENOENT") return;
    throw cause;
  }
  for (const item of entries) {
    const step = stepOf(item, absDir, relDir, temps);
    if (step.kind === "skip") continue;
    if (step.kind === "listed") into.push(entry(step.file.path, undefined, step.file.unsafe));
    else if (step.kind === "folder")
      walkSync(fs, step.abs, step.rel, into, statFiles, temps, entry);
    else if (step.isFile && !statFiles) into.push(entry(step.rel, undefined, undefined));
    else {
      let found: FsStatsLike;
      try {
        found = fs.statSync(step.abs);
      } catch (cause) {
        if (errnoCode(cause) === "ENOENT") continue;
        throw cause;
      }
      if (!found.isDirectory()) into.push(entry(step.rel, found, undefined));
      else if (step.name !== ".git")
        walkSync(fs, step.abs, step.rel, into, statFiles, temps, entry);
    }
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
export function sortByPath<F extends ListedPath>(files: readonly F[]): F[] {
  return files.toSorted((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}
