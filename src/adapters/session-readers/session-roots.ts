/**
 * Which folders a journal entry's transcript may be read from. Journal entries travel with
 * the memory (sync pushes pending ones), so whoever can push to it could point an entry at
 * any file of every clone (a key, a credentials file) and have consolidation send it to the
 * model; a reader given allowed roots refuses every other path.
 */
import { isAbsolute, relative, resolve, sep } from "node:path";
import { err, ok, type Result } from "neverthrow";
import { SessionReadError } from "../../errors.js";

/**
 * `path` when it lies inside one of `roots` (after `..` and `.` are resolved), else the
 * error that names the roots and the fix. Without roots, every path is allowed.
 *
 * @example
 * ```ts
 * insideRoots("/home/me/.claude/projects/p/s.jsonl", ["/home/me/.claude"]); // Ok(...)
 * insideRoots("/home/me/.ssh/id_ed25519", ["/home/me/.claude"]); // Err(SESSION_READ)
 * ```
 */
export function insideRoots(
  path: string,
  roots: readonly string[] | undefined,
): Result<string, SessionReadError> {
  if (roots === undefined) return ok(path);
  const target = resolve(path);
  for (const root of roots) {
    const fromRoot = relative(resolve(root), target);
    if (
      fromRoot === "" ||
      (!fromRoot.startsWith(`..${sep}`) && fromRoot !== ".." && !isAbsolute(fromRoot))
    )
      return ok(target);
  }
  return err(
    new SessionReadError(
      `Refused to read ${target}: it is outside the folders transcripts are read from ` +
        `(${roots.length === 0 ? "none" : roots.join(", ")}). A journal entry may only point at a ` +
        "harness's transcripts; add the folder to the allowed session roots " +
        "(AGENT_MEMORY_SESSION_ROOTS for the CLI, `allowedRoots` for a host) if it is yours.",
      { refused: true },
    ),
  );
}
