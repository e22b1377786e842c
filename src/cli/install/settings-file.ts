/**
 * One settings file change: read it (missing is empty), compute the new text, and either show
 * the diff (dry run) or back the old file up and write the new one atomically.
 *
 * @module
 */

import { copyFile, mkdir, readFile, rename, writeFile } from "node:fs/promises";
import { dirname } from "node:path";
import { lineDiff } from "../render/line-diff.js";

/** What happened to one file. */
export interface FileChange {
  readonly path: string;
  /** The unified diff, "" when the file already had our entries. */
  readonly diff: string;
  /** Whether the file was written (false on a dry run or when nothing changed). */
  readonly written: boolean;
  /** Where the previous content was saved, when there was one and the file was written. */
  readonly backup: string | null;
}

/** Reads a file, or undefined when it does not exist. */
export async function readOptional(path: string): Promise<string | undefined> {
  return readFile(path, "utf8").catch((cause: unknown) => {
    if (typeof cause === "object" && cause !== null && "code" in cause && cause.code === "ENOENT")
      return undefined;
    throw cause;
  });
}

/**
 * Writes `after` to `path` unless it equals `before` or this is a dry run; the old file is
 * copied to `<path>.<time>.bak` first, so the user's settings are never lost.
 */
export async function applyChange(
  path: string,
  before: string | undefined,
  after: string,
  dryRun: boolean,
  now: Date,
): Promise<FileChange> {
  const diff = lineDiff(before ?? "", after, path);
  if (diff === "" || dryRun) return { path, diff, written: false, backup: null };
  await mkdir(dirname(path), { recursive: true });
  let backup: string | null = null;
  if (before !== undefined) {
    backup = `${path}.${now.toISOString().replace(/[:.]/g, "-")}.bak`;
    await copyFile(path, backup);
  }
  const temp = `${path}.${process.pid}.tmp`;
  await writeFile(temp, after, "utf8");
  await rename(temp, path);
  return { path, diff, written: true, backup };
}
