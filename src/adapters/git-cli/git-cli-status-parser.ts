/**
 * Parser for `git status --porcelain=v1 -z`: `XY path\0`, and for renames or copies
 * `XY to\0from\0`. Paths are relative to the repository root and never quoted.
 */

/**
 * One changed path in the working tree or the index.
 *
 * @example
 * ```ts
 * const entry: StatusEntry = { xy: "??", path: "topics/a id__Kf9mNp.md" };
 * ```
 */
export interface StatusEntry {
  /** Index status (X) and work-tree status (Y), e.g. `"??"`, `" M"`, `"D "`. */
  readonly xy: string;
  /** Path relative to the repository root. */
  readonly path: string;
}

/**
 * Parses porcelain v1 `-z` status output; a rename yields both its paths.
 *
 * @example
 * ```ts
 * parseStatusZ("?? topics/a id__Kf9mNp.md\0 D index.md\0");
 * // [{ xy: "??", path: "topics/a id__Kf9mNp.md" }, { xy: " D", path: "index.md" }]
 * ```
 */
export function parseStatusZ(output: string): StatusEntry[] {
  const tokens = output.split("\0");
  const entries: StatusEntry[] = [];
  for (let i = 0; i < tokens.length; i += 1) {
    const token = tokens[i] ?? "";
    if (token.length < 4) continue; // the trailing empty token
    const xy = token.slice(0, 2);
    entries.push({ xy, path: token.slice(3) });
    if (xy.includes("R") || xy.includes("C")) {
      const from = tokens[i + 1];
      if (from !== undefined && from !== "") entries.push({ xy, path: from });
      i += 1;
    }
  }
  return entries;
}
