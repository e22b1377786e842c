/**
 * Reads the source of `memory import` from disk: a folder walked (the files a kind wants) or
 * one file, as text. It only reads: the source is never written, renamed or touched. Version
 * control and package folders (`.git`, `node_modules`) are not entered, a symbolic link is
 * followed only when it points inside PATH (and a folder is never entered twice), and a file
 * over the size cap is left out and reported, not cut.
 *
 * @module
 */
import * as fs from "node:fs/promises";
import { basename, join, relative, sep } from "node:path";
import { err, ok, ResultAsync, type Result } from "neverthrow";
import { InvalidInputError, NotFoundError, PersistenceError } from "../../errors.js";
import { messageOf } from "../../shared/message-of.js";

/** One file of the source, relative to PATH with `/` separators. */
export interface ImportSourceText {
  readonly path: string;
  readonly text: string;
}

/** A file of the source that was not read, and why. */
export interface ImportSourceSkip {
  readonly path: string;
  readonly reason: string;
}

/** What {@link readImportSource} read. */
export interface ImportSourceFiles {
  readonly files: readonly ImportSourceText[];
  readonly skipped: readonly ImportSourceSkip[];
}

/** Options of {@link readImportSource}. */
export interface ReadImportSourceOptions {
  /** The source: a folder or a file. */
  readonly path: string;
  /** What the kind reads (`ImportKind.pathIs`). */
  readonly pathIs: "folder" | "file";
  /** Which files of a folder the kind wants (`ImportKind.wants`), by path relative to PATH. */
  readonly wants?: (path: string) => boolean;
  /** The largest file read, in bytes. Default 64 MiB. */
  readonly maxFileBytes?: number;
}

const SKIPPED_FOLDERS = new Set([".git", "node_modules"]);
const DEFAULT_MAX_FILE_BYTES = 64 * 1024 * 1024;

/**
 * The source's files as text.
 *
 * @returns Err NOT_FOUND when PATH does not exist, INVALID_INPUT when it is a file where a
 *   folder is wanted or the reverse, PERSISTENCE when it cannot be read.
 * @example
 * ```ts
 * const source = await readImportSource({ path: "~/vault", pathIs: "folder", wants: (p) => p.endsWith(".md") });
 * if (source.isOk()) source.value.files.length;
 * ```
 */
export function readImportSource(
  options: ReadImportSourceOptions,
): ResultAsync<ImportSourceFiles, NotFoundError | InvalidInputError | PersistenceError> {
  return new ResultAsync(read(options));
}

async function read(
  options: ReadImportSourceOptions,
): Promise<Result<ImportSourceFiles, NotFoundError | InvalidInputError | PersistenceError>> {
  const { path, pathIs } = options;
  const stats = await fs.stat(path).catch(() => undefined);
  if (stats === undefined)
    return err(new NotFoundError(`${path} does not exist: pass the ${pathIs} to import.`));
  if (pathIs === "folder" && !stats.isDirectory())
    return err(
      new InvalidInputError(
        `${path} is a file, and this kind imports a folder: pass the folder that holds it.`,
      ),
    );
  if (pathIs === "file" && !stats.isFile())
    return err(
      new InvalidInputError(
        `${path} is ${stats.isDirectory() ? "a folder" : "not a file"}, and this kind imports one file: pass the file.`,
      ),
    );
  const max = options.maxFileBytes ?? DEFAULT_MAX_FILE_BYTES;
  const files: ImportSourceText[] = [];
  const skipped: ImportSourceSkip[] = [];
  try {
    if (pathIs === "file") {
      const name = basename(path);
      if (stats.size > max) skipped.push({ path: name, reason: tooBig(stats.size, max) });
      else files.push({ path: name, text: await fs.readFile(path, "utf8") });
      return ok({ files, skipped });
    }
    const root = await fs.realpath(path);
    const wants = options.wants ?? (() => true);
    const seen = new Set<string>([root]);
    const walk = async (dir: string): Promise<void> => {
      const entries = await fs.readdir(dir, { withFileTypes: true });
      entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
      for (const entry of entries) {
        const full = join(dir, entry.name);
        const rel = relative(root, full).split(sep).join("/");
        let isDir = entry.isDirectory();
        let isFile = entry.isFile();
        if (entry.isSymbolicLink()) {
          const target = await fs.realpath(full).catch(() => undefined);
          if (target === undefined || !inside(root, target)) {
            skipped.push({
              path: rel,
              reason: "a symbolic link to outside the source: not followed",
            });
            continue;
          }
          const targetStats = await fs.stat(target);
          if (targetStats.isDirectory() && seen.has(target)) continue;
          if (targetStats.isDirectory()) seen.add(target);
          isDir = targetStats.isDirectory();
          isFile = targetStats.isFile();
        }
        if (isDir) {
          if (!SKIPPED_FOLDERS.has(entry.name)) await walk(full);
          continue;
        }
        if (!isFile || !wants(rel)) continue;
        const size = (await fs.stat(full)).size;
        if (size > max) skipped.push({ path: rel, reason: tooBig(size, max) });
        else files.push({ path: rel, text: await fs.readFile(full, "utf8") });
      }
    };
    await walk(root);
    return ok({ files, skipped });
  } catch (cause) {
    return err(new PersistenceError(`Could not read ${path}: ${messageOf(cause)}`, { cause }));
  }
}

function inside(root: string, target: string): boolean {
  return target === root || target.startsWith(root + sep);
}

function tooBig(size: number, max: number): string {
  return `${size} bytes, over the ${max}-byte cap for one source file: not read`;
}
