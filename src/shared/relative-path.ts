/**
 * Validation of paths relative to a memory root, shared by the persistence and git adapters.
 *
 * A path is confined to the root by construction: no absolute paths, no `..`, no `.`,
 * no empty segments, no backslashes (they would be separators on Windows and let a
 * path escape), no NUL (the OS would truncate it), and never inside a `.git` folder
 * (writing there corrupts the repository).
 */
import { err, ok, type Result } from "neverthrow";

/**
 * Splits a relative path into its segments, or explains why it is refused.
 *
 * @param path `/`-separated path relative to the memory root; `""` means the root itself.
 * @returns The segments (empty for the root) or a reason a person can act on.
 *
 * @example
 * ```ts
 * splitRelativePath("topics/a id__Kf9mNp.md"); // Ok(["topics", "a id__Kf9mNp.md"])
 * splitRelativePath("../etc/passwd"); // Err("... must not contain \"..\" ...")
 * ```
 */
export function splitRelativePath(path: string): Result<string[], string> {
  if (path === "") return ok([]);
  const shown = JSON.stringify(path);
  if (path.includes("\0")) return err(`path ${shown} contains a NUL character`);
  if (path.includes("\\"))
    return err(`path ${shown} contains a backslash; use "/" as the separator`);
  if (path.startsWith("/") || /^[A-Za-z]:/.test(path)) {
    return err(`path ${shown} is absolute; pass a path relative to the memory root`);
  }
  const segments = path.split("/");
  for (const segment of segments) {
    if (segment === "")
      return err(`path ${shown} has an empty segment (a leading, trailing or doubled "/")`);
    if (segment === "..")
      return err(`path ${shown} must not contain ".." (it would leave the memory root)`);
    if (segment === ".")
      return err(`path ${shown} must not contain "." segments; write the path without them`);
    if (segment === ".git")
      return err(`path ${shown} points into a .git folder, which the memory never touches`);
  }
  return ok(segments);
}

/**
 * Joins the memory prefix and a path relative to the memory root into a path relative
 * to the top level; `"."` stands for the top level itself.
 *
 * @example
 * ```ts
 * repoPath("orgs/acme", "topics"); // "orgs/acme/topics"
 * repoPath("", ""); // "."
 * ```
 */
export function repoPath(prefix: string, relative: string): string {
  const joined = [prefix, relative].filter((part) => part !== "").join("/");
  return joined === "" ? "." : joined;
}
