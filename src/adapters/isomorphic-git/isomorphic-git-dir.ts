/**
 * Where a work tree keeps its git data: `<root>/.git` when that is a folder, or the folder a
 * `.git` file names (`gitdir: <path>`, as submodules and linked worktrees have).
 */
import { isAbsolute, join } from "node:path";
import type { FsLike } from "../fs/fs-like.js";

/**
 * The git dir of the work tree at `root`.
 *
 * @example
 * ```ts
 * await gitDirOf(fs, "/repo"); // "/repo/.git"
 * ```
 */
export async function gitDirOf(fs: FsLike, root: string): Promise<string> {
  const dotGit = join(root, ".git");
  try {
    const stats = await fs.promises.stat(dotGit);
    if (!stats.isFile()) return dotGit;
    const text = await fs.promises.readFile(dotGit, "utf8");
    const line = (typeof text === "string" ? text : Buffer.from(text).toString("utf8")).trim();
    if (!line.startsWith("gitdir:")) return dotGit;
    const target = line.slice("gitdir:".length).trim();
    return isAbsolute(target) ? target : join(root, target);
  } catch {
    return dotGit; // unreadable: isomorphic-git reports the real problem on its first read
  }
}
