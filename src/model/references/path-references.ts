/**
 * Repository paths written in a note: `src/index.ts`, `docs/`, `src/cli/main.ts:42`,
 * `bench/run.ts#L10-L20`. Only tokens with a `/` count (a bare `index.ts` could be any file of
 * any project); in prose outside code a path must also end in an extension, a `/` or a line.
 *
 * @module
 */

/** A path reference: the repository-relative path, and the line (range) it points at. */
export interface PathReference {
  readonly kind: "path";
  /** The reference as written. */
  readonly text: string;
  /** Relative to the repository's top level, without `./` or a trailing `/`. */
  readonly path: string;
  /** Written with a trailing `/`: a folder. */
  readonly folder: boolean;
  readonly line?: number;
  readonly endLine?: number;
}

const SEPARATORS = /[\s()[\]{}<>"'`,|]+/;
const TRAILING = /[.,;:!?]+$/;
const LINE_SUFFIX = /(?::(\d+)(?:-(\d+))?(?::\d+)?|#L(\d+)(?:-L?(\d+))?)$/;
const SEGMENT = /^[\w@+-][\w@.+-]*$/;
const EXTENSION = /\.[A-Za-z][A-Za-z0-9]{0,7}$/;

/**
 * The path references in `text`. `inCode` says the text is a code span, where a path needs
 * no extension (`src/notes/`, `bin/memory`).
 *
 * @example
 * ```ts
 * pathReferencesIn("see src/index.ts:12 and docs/", false);
 * // [{ kind: "path", text: "src/index.ts:12", path: "src/index.ts", folder: false, line: 12 },
 * //  { kind: "path", text: "docs/", path: "docs", folder: true }]
 * ```
 */
export function pathReferencesIn(text: string, inCode: boolean): PathReference[] {
  // Every path reference has a `/`: most prose has none, and most of its words never do.
  if (!text.includes("/")) return [];
  const found: PathReference[] = [];
  for (const token of text.split(SEPARATORS)) {
    if (!token.includes("/")) continue;
    const reference = parsePathToken(token.replace(TRAILING, ""), inCode);
    if (reference !== undefined) found.push(reference);
  }
  return found;
}

/** One token as a path reference, or undefined when it is not one worth checking. */
export function parsePathToken(token: string, inCode: boolean): PathReference | undefined {
  if (token === "" || token.includes("://") || /^[/~$]/.test(token)) return undefined;
  const suffix = LINE_SUFFIX.exec(token);
  const bare = suffix === null ? token : token.slice(0, suffix.index);
  const withoutDot = bare.startsWith("./") ? bare.slice(2) : bare;
  const folder = withoutDot.endsWith("/");
  const path = folder ? withoutDot.slice(0, -1) : withoutDot;
  const segments = path.split("/");
  if ((segments.length < 2 && !folder) || !segments.every((segment) => SEGMENT.test(segment)))
    return undefined;
  // 2026/11/27, 1/2: numbers, not paths.
  if (segments.every((segment) => /^\d+$/.test(segment))) return undefined;
  const lineText = suffix?.[1] ?? suffix?.[3];
  const endText = suffix?.[2] ?? suffix?.[4];
  if (!inCode && !folder && lineText === undefined && !EXTENSION.test(path)) return undefined;
  if (folder && lineText !== undefined) return undefined;
  return {
    kind: "path",
    text: token,
    path,
    folder,
    ...(lineText === undefined ? {} : { line: Number(lineText) }),
    ...(endText === undefined ? {} : { endLine: Number(endText) }),
  };
}
