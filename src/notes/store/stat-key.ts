import type { StoredFile } from "../../ports/persistence.js";

/** What the store compares to tell whether a file changed since it was read. */
export interface StatKey {
  readonly mtimeMs: number;
  readonly size: number;
  /** Absent where the persistence does not report it. */
  readonly ctimeMs?: number;
  readonly ino?: number;
}

/**
 * The coarsest tick a file system clock with sub-second stamps is assumed to move in. The
 * digits of an mtime say nothing about it: Linux before 6.13 stamps files from the kernel's
 * coarse clock, which moves once a jiffy (4 to 10 ms) yet reports nanoseconds, and Windows
 * moves file times once a system tick (15.6 ms by default). Git sidesteps the question by
 * comparing a file's mtime with its index file's, stamped by the same clock; this store
 * compares with the wall clock instead, so it takes the widest common tick. The cost is
 * small: a note read within 20 ms of its last write is read again by the next look.
 */
export const COARSE_TICK_MS = 20;

/**
 * A file read within one clock tick of its last modification may be modified again in that
 * same tick without its (mtime, size) changing: such an entry is re-read until a read comes
 * more than a tick after the mtime (git's "racy clean"). Whole-second stamps mean a
 * whole-second clock (FAT's is 2 s, HFS+'s 1 s); any other is taken as the coarse tick.
 */
function racyWindowMs(mtimeMs: number): number {
  return mtimeMs % 1000 === 0 ? 2_000 : COARSE_TICK_MS;
}

/**
 * Whether a read at `readAt` came a clock tick after the modification `key` records: only
 * then can a later write not hide behind the same (mtime, size). Such a read stays safe.
 *
 * @example
 * ```ts
 * safelyRead({ mtimeMs: 1000.5, size: 42 }, 1030); // true
 * safelyRead({ mtimeMs: 1000.5, size: 42 }, 1005); // false: within the coarse tick
 * ```
 */
export function safelyRead(key: StatKey, readAt: number): boolean {
  return readAt - key.mtimeMs > racyWindowMs(key.mtimeMs);
}

/**
 * Whether what was read at `readAt` under `key` still stands for the file listed as `file`:
 * the same (mtime, size), the same ctime and inode where both sides know them, and a read
 * that came a clock tick after the modification. An mtime ahead of the reader's clock (skew,
 * a file from another machine) is never trusted.
 *
 * @example
 * ```ts
 * stillValid({ mtimeMs: 1000.5, size: 42 }, 1_000_000, { path: "topics/a id__Kf9mNp.md", mtimeMs: 1000.5, size: 42 }); // true
 * ```
 */
export function stillValid(key: StatKey, readAt: number, file: StoredFile): boolean {
  if (!safelyRead(key, readAt)) return false;
  if (key.mtimeMs !== file.mtimeMs || key.size !== file.size) return false;
  if (key.ctimeMs !== undefined && file.ctimeMs !== undefined && key.ctimeMs !== file.ctimeMs)
    return false;
  if (key.ino !== undefined && file.ino !== undefined && key.ino !== file.ino) return false;
  return true;
}

/**
 * The stat key of a listed file.
 *
 * @example
 * ```ts
 * statKeyOf({ path: "topics/a id__Kf9mNp.md", mtimeMs: 1, size: 2, ino: 3 }); // { mtimeMs: 1, size: 2, ino: 3 }
 * ```
 */
export function statKeyOf(file: StoredFile): StatKey {
  return {
    mtimeMs: file.mtimeMs,
    size: file.size,
    ...(file.ctimeMs === undefined ? {} : { ctimeMs: file.ctimeMs }),
    ...(file.ino === undefined ? {} : { ino: file.ino }),
  };
}
