/**
 * Paths as an AGENTS.md shows them: relative to the file's folder, as markdown links.
 *
 * @module
 */

/**
 * A path inside the memory root, seen from the target file's folder.
 *
 * @param memoryRootFromTarget `/`-separated path from the target's folder to the memory root
 *   (`"."` when they are the same folder).
 * @example
 * ```ts
 * pathFromTarget("memory", "topics/igor id__Kf9mNp.md"); // "memory/topics/igor id__Kf9mNp.md"
 * pathFromTarget(".", "index.md"); // "index.md"
 * ```
 */
export function pathFromTarget(memoryRootFromTarget: string, path: string): string {
  const root = memoryRootFromTarget.replace(/\/+$/, "");
  return root === "" || root === "." ? path : `${root}/${path}`;
}

/**
 * A markdown link whose destination is written in angle brackets: note filenames hold a
 * space, and `%20` would give an agent a path that `cat` cannot open.
 *
 * @example
 * ```ts
 * markdownLink("Igor [dev]", "memory/topics/igor id__Kf9mNp.md");
 * // "[Igor \\[dev\\]](<memory/topics/igor id__Kf9mNp.md>)"
 * ```
 */
export function markdownLink(text: string, path: string): string {
  return `[${escapeLinkText(text)}](<${path.replace(/[\\<>]/g, "\\$&").replace(/[\r\n]+/g, " ")}>)`;
}

/** Link text with the characters that would end it (or escape its end) escaped. */
export function escapeLinkText(text: string): string {
  return text.replace(/[\\[\]]/g, "\\$&").replace(/[\r\n]+/g, " ");
}
