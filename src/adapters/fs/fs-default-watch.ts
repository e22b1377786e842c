/**
 * Whether fsPersistence offers a watch by default: only over node's own fs, on a local disk.
 * memfs and other stand-ins may report events late or never, and a network or FUSE mount
 * (NFS, SMB, sshfs, 9p) sees no events for changes made on another machine: there, every
 * query keeps looking at the files.
 *
 * @module
 */
import * as nodeFs from "node:fs";
import type { FsLike } from "./fs-like.js";

// statfs(2) f_type of the file systems whose changes may come from elsewhere (Linux).
const REMOTE_FILE_SYSTEMS: ReadonlySet<number> = new Set([
  0x6969, // NFS
  0x517b, // SMB
  0xfe534d42, // SMB2
  0xff534d42, // CIFS
  0x65735546, // FUSE (sshfs, rclone, ...)
  0x01021997, // 9p (WSL's Windows drives, VM shares)
  0x73757245, // Coda
  0x5346414f, // AFS
  0x47504653, // GPFS
  0x0bd00bd0, // Lustre
]);

/**
 * Node's fs, when a memory at `root` on `fs` can be watched reliably: `fs` is node's own
 * and, on Linux, the root's file system is not a network or FUSE mount. Undefined otherwise,
 * and when the root cannot be examined (it does not exist yet).
 *
 * @example
 * ```ts
 * import * as fs from "node:fs";
 * watchableFs(fs, "/home/me/memory"); // node's fs on a local disk
 * ```
 */
export function watchableFs(fs: FsLike, root: string): typeof nodeFs | undefined {
  if (!("watch" in fs) || fs.watch !== nodeFs.watch) return undefined;
  try {
    if (!nodeFs.statSync(root).isDirectory()) return undefined;
    if (process.platform !== "linux") return nodeFs;
    return REMOTE_FILE_SYSTEMS.has(Number(nodeFs.statfsSync(root).type)) ? undefined : nodeFs;
  } catch {
    return undefined;
  }
}

/**
 * Whether a memory at `root` on `fs` can be watched reliably (see {@link watchableFs}); a
 * boolean, so the package's declarations need no node types.
 *
 * @example
 * ```ts
 * import * as fs from "node:fs";
 * isWatchable(fs, "/home/me/memory"); // true on a local disk
 * ```
 */
export function isWatchable(fs: FsLike, root: string): boolean {
  return watchableFs(fs, root) !== undefined;
}
