/**
 * The two readers the history walk needs, over one {@link objectStore}: commits parsed to
 * their tree, parents and author time, trees parsed in place and kept by oid within a size
 * bound (consecutive commits share most trees, and trees never change, so a kept one is
 * never stale).
 */
import { boundedCache } from "../../../shared/bounded-cache.js";
import { objectStore, type ObjectStoreLocation } from "./object-store.js";
import { parseRawCommit, type CommitInfo } from "./raw-commit.js";
import type { ReadRawTree } from "./raw-tree-diff.js";
import { parseRawTree, type RawTree } from "./raw-tree.js";

/** Parsed trees kept by oid; a walk mostly reuses the previous commit's trees (see the pack cache). */
const TREE_CACHE_BYTES = 16 << 20;

/**
 * Reads a commit, or `undefined` when the object is not in the repository (shallow clone).
 *
 * @example
 * ```ts
 * const info = await readCommit("9fceb02..."); // CommitInfo | undefined
 * ```
 */
export type ReadCommit = (oid: string) => Promise<CommitInfo | undefined>;

/**
 * Readers for one walk.
 *
 * @example
 * ```ts
 * const { readCommit, readTree } = await walkReaders({ fs, root: "/repo", gitdir: "/repo/.git" });
 * ```
 */
export async function walkReaders(
  location: ObjectStoreLocation,
): Promise<{ readCommit: ReadCommit; readTree: ReadRawTree }> {
  const read = await objectStore(location);
  const trees = boundedCache<RawTree>(TREE_CACHE_BYTES, (tree) => tree.bytes.length);

  const readCommit: ReadCommit = async (oid) => {
    const object = await read(oid);
    if (object === undefined) return undefined;
    if (object.type !== "commit")
      throw new Error(`object ${oid} is a ${object.type}, not a commit`);
    const commit = parseRawCommit(object.content);
    if (commit === undefined) throw new Error(`commit ${oid} has no tree`);
    return commit;
  };

  const readTree: ReadRawTree = async (oid) => {
    const kept = trees.get(oid);
    if (kept !== undefined) return kept;
    const object = await read(oid);
    if (object === undefined) throw new Error(`tree ${oid} is missing from the repository`);
    const tree = object.type === "tree" ? parseRawTree(object.content) : undefined;
    if (tree === undefined) throw new Error(`object ${oid} is not a readable tree`);
    trees.set(oid, tree);
    return tree;
  };

  return { readCommit, readTree };
}
