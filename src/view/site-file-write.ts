import { createHash } from "node:crypto";
import { writeFileSync } from "node:fs";

/** One file of a site to write, and what the folder's manifest says of it. */
export interface FileToWrite {
  /** Where: an absolute path inside the site's folder. */
  readonly path: string;
  /** The file's text, or its UTF-8 bytes (the same hash either way). */
  readonly text: string | Uint8Array;
  /** The hash the manifest gives it from the last write here; undefined when it has none. */
  readonly previous: string | undefined;
  /** Whether the file is there now (the manifest alone is not trusted for a file now gone). */
  readonly present: boolean;
}

/** What writing one file did: the hash of its bytes, and whether they were written. */
export interface FileWritten {
  readonly hash: string;
  readonly wrote: boolean;
}

/**
 * Writes a site's file unless the folder holds its bytes already: a rebuild writes only the
 * pages that changed. Synchronous: the floor of a build is writeFileSync of every file, and
 * fs.promises costs three trips through the thread pool per file (open, write, close).
 *
 * @example
 * ```ts
 * writeIfChanged({ path: "/site/index.html", text, previous: undefined, present: false });
 * ```
 */
export function writeIfChanged(file: FileToWrite): FileWritten {
  const hash = contentHash(file.text);
  if (file.previous === hash && file.present) return { hash, wrote: false };
  writeFileSync(file.path, file.text);
  return { hash, wrote: true };
}

/** The hash a site's manifest keeps of a file's bytes. */
export function contentHash(text: string | Uint8Array): string {
  return createHash("sha1").update(text).digest("base64url");
}
