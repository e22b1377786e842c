/**
 * Names of the temporary files an atomic write goes through.
 *
 * The temp file lives in the target's folder (so the final rename never crosses a
 * filesystem), starts with a dot and ends in `.<8 hex>.tmp`: list() recognises and
 * skips exactly that shape, so a crash mid-write never surfaces a half-written note.
 */
import { randomBytes } from "node:crypto";

const TEMP_NAME = /^\..+\.[0-9a-f]{8}\.tmp$/;

/**
 * A fresh temporary file name for writing `name` atomically.
 *
 * @example
 * ```ts
 * tempNameFor("a id__Kf9mNp.md"); // ".a id__Kf9mNp.md.3f9a0c1e.tmp"
 * ```
 */
export function tempNameFor(name: string): string {
  return `.${name}.${randomBytes(4).toString("hex")}.tmp`;
}

/**
 * The temp file name the persistence adapter writes `name` through: the writer's pid before
 * the random part, so a later sweep can tell an abandoned one from one being written
 * (fs-temp-sweep.ts). Matches {@link isTempName}.
 *
 * @example
 * ```ts
 * ownedTempNameFor("a id__Kf9mNp.md", 4242); // ".a id__Kf9mNp.md.4242.3f9a0c1e.tmp"
 * ```
 */
export function ownedTempNameFor(name: string, pid: number): string {
  return `.${name}.${String(pid)}.${randomBytes(4).toString("hex")}.tmp`;
}

/**
 * Whether a file name is one of the adapter's temporary files.
 *
 * @example
 * ```ts
 * isTempName(".a.md.3f9a0c1e.tmp"); // true
 * isTempName("a.md"); // false
 * ```
 */
export function isTempName(name: string): boolean {
  return TEMP_NAME.test(name);
}
