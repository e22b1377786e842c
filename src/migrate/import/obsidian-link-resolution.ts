/**
 * Which note of a vault an Obsidian link path names, by Obsidian's own rules
 * (`metadataCache.getFirstLinkpathDest`, observed on Obsidian 1.13.7 and published in
 * markdown-vault-mcp issue #1358 and pull request #1380):
 *
 * 1. matching ignores case, and a trailing `.md` (any case) is optional;
 * 2. `./` and `../` paths are taken from the linking note's folder, and only exactly;
 * 3. an exact vault path wins (`[[Note]]` is the root `Note.md`, `[[b/Note]]` is `b/Note.md`);
 * 4. otherwise the notes whose path ends with the link path (`[[Note]]`, `[[b/Note]]` as a
 *    suffix): one in the linking note's own folder wins, else the shortest path string
 *    (ties, which Obsidian leaves to its file order, go to the first in code-point order);
 * 5. aliases never resolve a link (`[[Alias]]` stays unresolved in Obsidian).
 *
 * @module
 */

/** The notes of a vault, indexed for link resolution. */
export interface VaultLookup {
  /** Lower-cased path without `.md` to the note's path. */
  readonly byPath: ReadonlyMap<string, string>;
  /** Lower-cased base name without `.md` to the paths of the notes that have it. */
  readonly byName: ReadonlyMap<string, readonly string[]>;
}

/** What a link path names. */
export type LinkTarget =
  | { readonly kind: "note"; readonly path: string }
  /** The empty path: `[[#Heading]]` names the linking note itself. */
  | { readonly kind: "self" }
  /** A path with a file extension other than `.md` that names no note: an image, a PDF... */
  | { readonly kind: "attachment" }
  | { readonly kind: "missing" };

const MD_EXTENSION = /\.md$/i;
const OTHER_EXTENSION = /\.[A-Za-z0-9]{1,10}$/;

function stem(path: string): string {
  return path.replace(MD_EXTENSION, "");
}

function folderOf(path: string): string {
  const slash = path.lastIndexOf("/");
  return slash === -1 ? "" : path.slice(0, slash);
}

function nameOf(path: string): string {
  return path.slice(path.lastIndexOf("/") + 1);
}

/** Indexes the note paths of a vault (vault-relative, forward slashes, ending in `.md`). */
export function vaultLookup(paths: readonly string[]): VaultLookup {
  const byPath = new Map<string, string>();
  const byName = new Map<string, string[]>();
  for (const path of paths.toSorted()) {
    const key = stem(path).toLowerCase();
    if (!byPath.has(key)) byPath.set(key, path);
    const name = nameOf(key);
    byName.set(name, [...(byName.get(name) ?? []), path]);
  }
  return { byPath, byName };
}

/** Resolves `./` and `../` against a folder; undefined when it climbs out of the vault. */
function joinRelative(folder: string, relative: string): string | undefined {
  const segments = folder === "" ? [] : folder.split("/");
  for (const segment of relative.split("/")) {
    if (segment === "" || segment === ".") continue;
    if (segment === "..") {
      if (segments.length === 0) return undefined;
      segments.pop();
    } else {
      segments.push(segment);
    }
  }
  return segments.join("/");
}

function notFound(linkpath: string): LinkTarget {
  return !MD_EXTENSION.test(linkpath) && OTHER_EXTENSION.test(nameOf(linkpath))
    ? { kind: "attachment" }
    : { kind: "missing" };
}

/**
 * The note `linkpath` names when written in the note at `sourcePath`.
 *
 * @example
 * ```ts
 * const vault = vaultLookup(["a/Note.md", "b/Note.md", "b/Source.md"]);
 * resolveLinkpath(vault, "note", "b/Source.md"); // { kind: "note", path: "b/Note.md" }
 * ```
 */
export function resolveLinkpath(
  lookup: VaultLookup,
  linkpath: string,
  sourcePath: string,
): LinkTarget {
  const written = linkpath.trim().replaceAll("\\", "/");
  if (written === "") return { kind: "self" };
  if (written.startsWith("./") || written.startsWith("../")) {
    const joined = joinRelative(folderOf(sourcePath), written);
    const exact = joined === undefined ? undefined : lookup.byPath.get(stem(joined).toLowerCase());
    return exact === undefined ? notFound(written) : { kind: "note", path: exact };
  }
  const key = stem(written.replace(/^\/+/, "")).toLowerCase();
  const exact = lookup.byPath.get(key);
  if (exact !== undefined) return { kind: "note", path: exact };
  const candidates = (lookup.byName.get(nameOf(key)) ?? []).filter((path) =>
    stem(path).toLowerCase().endsWith(`/${key}`),
  );
  const sourceFolder = folderOf(sourcePath);
  const best =
    candidates.find((path) => folderOf(path) === sourceFolder) ??
    candidates.toSorted((a, b) => a.length - b.length || (a < b ? -1 : a > b ? 1 : 0))[0];
  return best === undefined ? notFound(written) : { kind: "note", path: best };
}
