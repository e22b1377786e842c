/**
 * A file move that never overwrites its target.
 *
 * rename() silently replaces an existing target, so the move is a hard link (which
 * fails with EEXIST if the target exists, atomically) followed by unlinking the source.
 * Filesystems without hard links (some network or FAT volumes) or a source that is a
 * folder fall back to check-then-rename, which is as good as the platform allows.
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

/** Errors meaning "this filesystem cannot hard-link this", not "the move is wrong". */
const NO_LINK = new Set(["EPERM", "ENOTSUP", "EOPNOTSUPP", "ENOSYS", "EXDEV", "EISDIR", "EMLINK"]);

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
  try {
    await fsp.link(from, to);
  } catch (cause) {
    const code = errnoCode(cause);
    if (code === "ENOENT") return "missing";
    if (code === "EEXIST") return (await exists(fsp, from)) ? "exists" : "missing";
    if (code === undefined || !NO_LINK.has(code)) throw cause;
    return renameIfAbsent(fsp, from, to);
  }
  await fsp.unlink(from);
  return "moved";
}

async function renameIfAbsent(fsp: FsPromisesLike, from: string, to: string): Promise<MoveOutcome> {
  if (!(await exists(fsp, from))) return "missing";
  if (await exists(fsp, to)) return "exists";
  await fsp.rename(from, to);
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
