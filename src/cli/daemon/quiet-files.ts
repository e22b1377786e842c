/**
 * File operations for the daemon's own files in the private folder, where a file that is not
 * there is an answer, not a failure: another daemon removed it, or none was ever made.
 *
 * @module
 */

import * as fs from "node:fs";

/** The file's stats, or undefined when it is not there (or cannot be looked at). */
export function statQuietly(path: string): fs.Stats | undefined {
  try {
    return fs.statSync(path);
  } catch {
    return undefined;
  }
}

/** The file's text, or "" when it cannot be read. */
export function readQuietly(path: string): string {
  try {
    return fs.readFileSync(path, "utf8");
  } catch {
    return "";
  }
}

/** Removes the file when it is there. */
export function unlinkQuietly(path: string): void {
  try {
    fs.unlinkSync(path);
  } catch {
    // Already gone.
  }
}

/** The `code` of a node system error ("EEXIST", "EPERM"...), else undefined. */
export function codeOf(cause: unknown): unknown {
  return cause instanceof Error && "code" in cause ? cause.code : undefined;
}
