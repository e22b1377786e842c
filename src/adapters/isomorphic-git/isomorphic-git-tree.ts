/**
 * Building the tree of a commit that contains only the requested changes.
 *
 * `git.commit` would commit the whole index, including whatever else the user staged.
 * Instead the adapter starts from HEAD's tree and replaces just the changed paths,
 * rewriting only the trees on their way to the root; every other subtree keeps its oid.
 */
import type { TreeEntry } from "isomorphic-git";
import type { ReadTree } from "./isomorphic-git-repo.js";

/**
 * A file's new blob, or `null` when the file is deleted.
 *
 * @example
 * ```ts
 * const changes = new Map<string, FileChange>([["a.md", { oid, mode: "100644" }], ["b.md", null]]);
 * ```
 */
export type FileChange = { readonly oid: string; readonly mode: string } | null;

/**
 * Writes a tree object and returns its oid.
 *
 * @example
 * ```ts
 * const writeTree: WriteTree = (tree) => git.writeTree({ fs, dir, tree });
 * ```
 */
export type WriteTree = (entries: TreeEntry[]) => Promise<string>;

/**
 * The oid of `base` with `changes` applied (paths relative to that tree, `/`-separated),
 * or `undefined` when the result is an empty tree (git does not store empty folders).
 *
 * @example
 * ```ts
 * const tree = await applyChanges(readTree, writeTree, headTree, new Map([
 *   ["topics/a id__Kf9mNp.md", { oid: blobOid, mode: "100644" }],
 *   ["topics/old id__AAAAAA.md", null],
 * ]));
 * ```
 */
export async function applyChanges(
  readTree: ReadTree,
  writeTree: WriteTree,
  base: string | undefined,
  changes: ReadonlyMap<string, FileChange>,
): Promise<string | undefined> {
  const entries = new Map<string, TreeEntry>();
  for (const entry of base === undefined ? [] : await readTree(base))
    entries.set(entry.path, entry);
  const nested = new Map<string, Map<string, FileChange>>();
  for (const [path, change] of changes) {
    const slash = path.indexOf("/");
    if (slash < 0) {
      if (change === null) entries.delete(path);
      else entries.set(path, { mode: change.mode, path, oid: change.oid, type: "blob" });
      continue;
    }
    const folder = path.slice(0, slash);
    const inner = nested.get(folder) ?? new Map<string, FileChange>();
    inner.set(path.slice(slash + 1), change);
    nested.set(folder, inner);
  }
  for (const [folder, inner] of nested) {
    const existing = entries.get(folder);
    const subtree = await applyChanges(
      readTree,
      writeTree,
      existing?.type === "tree" ? existing.oid : undefined,
      inner,
    );
    if (subtree === undefined) {
      // Only drop the folder if it was a folder: a deletion below a file path is a no-op.
      if (existing?.type === "tree") entries.delete(folder);
    } else {
      entries.set(folder, { mode: "040000", path: folder, oid: subtree, type: "tree" });
    }
  }
  if (entries.size === 0) return undefined;
  // writeTree sorts entries into git's order itself.
  return writeTree([...entries.values()]);
}
