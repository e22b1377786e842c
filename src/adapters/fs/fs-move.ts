/**
 * A file move that never overwrites its target and never leaves the file at both paths.
 *
 * One rename(): a crash or a failed call leaves the file at one path or the other, never at
 * both (a hard link then an unlink did, and a failed unlink left one id in two files).
 * rename() would replace an existing target, so the target is checked first; the library's
 * own writers are kept apart by the memory lock, and a target name carries the note's random
 * id, so only an outside writer creating that very name in between could be overwritten.
 */
import { errnoCode, type FsPromisesLike } from "./fs-like.js";

/**
 * How a move ended: done, refused because the target exists, or the source is missing.
 *
 * @example
 * ```ts
 * const outcome: MoveOutcome = await moveNoOverwrite(fsp, from, to);
 * ```
 */
export type MoveOutcome = "moved" | "exists" | "missing";

/**
 * Moves `from` to `to` (absolute paths; `to`'s folder must exist) without overwriting.
 * Rejects on unexpected filesystem errors.
 *
 * @example
 * ```ts
 * await moveNoOverwrite(fs.promises, "/m/topics/a.md", "/m/archive/a.md"); // "moved"
 * ```
 */
export async function moveNoOverwrite(
  fsp: FsPromisesLike,
  from: string,
  to: string,
): Promise<MoveOutcome> {
  if (!(await exists(fsp, from))) return "missing";
  if (await exists(fsp, to)) return "exists";
  try {
    await fsp.rename(from, to);
  } catch (cause) {
    if (errnoCode(cause) === "ENOENT") return "missing";
    throw cause;
  }
  return "moved";
}

async function exists(fsp: FsPromisesLike, path: string): Promise<boolean> {
  try {
    await fsp.lstat(path);
    return true;
  } catch (cause) {
    if (errnoCode(cause) === "ENOENT") return false;
    throw cause;
  }
}
