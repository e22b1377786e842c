import { join } from "node:path";
import { errnoCode, type FsPromisesLike } from "./fs-like.js";

/**
 * The first path prefix (relative, `/`-separated) below `root` that is a symbolic link, or
 * undefined. Stops at the first missing segment: what does not exist yet is no link.
 */
export async function symlinkOnPath(
  fsp: FsPromisesLike,
  root: string,
  segments: readonly string[],
): Promise<string | undefined> {
  let abs = root;
  for (const [index, segment] of segments.entries()) {
    abs = join(abs, segment);
    try {
      if ((await fsp.lstat(abs)).isSymbolicLink?.() === true)
        return segments.slice(0, index + 1).join("/");
    } catch (cause) {
      if (errnoCode(cause) === "ENOENT") return undefined;
      throw cause;
    }
  }
  return undefined;
}
