/**
 * The file access the `file` and `jsonl` session readers need. They read transcripts that
 * live outside the memory root (a harness's own folders), so they cannot go through the
 * Persistence port; and a transcript can be hundreds of megabytes, so they read byte
 * ranges through a file handle instead of whole files. Both node:fs and memfs fit.
 */
import * as nodeFs from "node:fs";
import type { FsPromisesLike } from "../fs/fs-like.js";

/**
 * An open file, as `fs.promises.open` returns it.
 *
 * @example
 * ```ts
 * const handle: SessionFileHandle = await fs.promises.open("/tmp/s.jsonl", "r");
 * ```
 */
export interface SessionFileHandle {
  read(
    buffer: Uint8Array,
    offset: number,
    length: number,
    position: number,
  ): Promise<{ readonly bytesRead: number }>;
  close(): Promise<void>;
}

/**
 * The fs the session readers take: `stat` plus `open` for ranged reads.
 *
 * @example
 * ```ts
 * import { memfs } from "memfs";
 * const inRam: SessionFs = memfs().fs;
 * const onDisk: SessionFs = await import("node:fs");
 * ```
 */
export interface SessionFs {
  readonly promises: Pick<FsPromisesLike, "stat"> & {
    open(path: string, flags: "r"): Promise<SessionFileHandle>;
  };
}

/**
 * The default: the real filesystem.
 *
 * @example
 * ```ts
 * const reader = fileSessionReader({ fs: defaultSessionFs });
 * ```
 */
export const defaultSessionFs: SessionFs = nodeFs;

/**
 * Reads `length` bytes of `path` starting at byte `start`; fewer if the file is shorter.
 *
 * @example
 * ```ts
 * const tail = await readRange(fs, "/tmp/big.log", size - 4096, 4096);
 * ```
 */
export async function readRange(
  fs: SessionFs,
  path: string,
  start: number,
  length: number,
): Promise<Uint8Array> {
  const handle = await fs.promises.open(path, "r");
  try {
    const buffer = new Uint8Array(length);
    let filled = 0;
    while (filled < length) {
      const { bytesRead } = await handle.read(buffer, filled, length - filled, start + filled);
      if (bytesRead === 0) break;
      filled += bytesRead;
    }
    return buffer.subarray(0, filled);
  } finally {
    await handle.close();
  }
}
