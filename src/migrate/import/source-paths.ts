/**
 * Relative paths inside an imported folder (always `/`-separated, see `SourceFile.path`),
 * without `node:path`: the import kinds are pure.
 *
 * @module
 */

/** The folder of `path` (`""` for a file at the top of the source). */
export function folderOf(path: string): string {
  const slash = path.lastIndexOf("/");
  return slash === -1 ? "" : path.slice(0, slash);
}

/** The file name of `path` without its folder and without its last extension. */
export function stemOf(path: string): string {
  const name = path.slice(path.lastIndexOf("/") + 1);
  const dot = name.lastIndexOf(".");
  return dot <= 0 ? name : name.slice(0, dot);
}

/**
 * `target` read relative to the folder `from`, with `.` and `..` resolved; undefined when it
 * leaves the source (more `..` than folders) or is absolute or home-relative.
 *
 * @example
 * ```ts
 * resolveRelative("docs", "../CLAUDE.md"); // "CLAUDE.md"
 * resolveRelative("", "~/notes.md"); // undefined
 * ```
 */
export function resolveRelative(from: string, target: string): string | undefined {
  if (target.startsWith("/") || target.startsWith("~")) return undefined;
  const parts = from === "" ? [] : from.split("/");
  for (const segment of target.split("/")) {
    if (segment === "" || segment === ".") continue;
    if (segment === "..") {
      if (parts.length === 0) return undefined;
      parts.pop();
    } else parts.push(segment);
  }
  return parts.join("/");
}
