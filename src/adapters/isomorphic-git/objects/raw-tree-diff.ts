/**
 * The paths that differ between two trees, by a merge of their sorted entries. Runs of
 * identical entries (nearly all of a large folder between two commits) are skipped with a
 * few native byte comparisons (galloping), so a commit costs what it changed, plus one pass
 * over each tree's bytes when the tree is first parsed.
 */
import {
  compareEntries,
  entryCount,
  entryName,
  entryOid,
  isFile,
  isFolder,
  sameEntries,
  type RawTree,
} from "./raw-tree.js";

/**
 * Reads and parses a tree by oid.
 *
 * @example
 * ```ts
 * const readTree: ReadRawTree = async (oid) => parseRawTree((await read(oid)).content);
 * ```
 */
export type ReadRawTree = (oid: string) => Promise<RawTree>;

/**
 * Calls `onPath` for every file path that differs between trees `a` and `b` (added, removed,
 * or changed content or mode); either may be absent. Paths are `base`-prefixed.
 *
 * @example
 * ```ts
 * await diffRawTrees(readTree, parentTree, commitTree, "", (path) => changed.push(path));
 * ```
 */
export async function diffRawTrees(
  readTree: ReadRawTree,
  a: string | undefined,
  b: string | undefined,
  base: string,
  onPath: (path: string) => void,
): Promise<void> {
  if (a === b) return;
  const [left, right] = await Promise.all([
    a === undefined ? undefined : readTree(a),
    b === undefined ? undefined : readTree(b),
  ]);
  const leftCount = left === undefined ? 0 : entryCount(left);
  const rightCount = right === undefined ? 0 : entryCount(right);
  let i = 0;
  let j = 0;
  while (i < leftCount || j < rightCount) {
    if (left !== undefined && right !== undefined && i < leftCount && j < rightCount) {
      const same = sameRun(left, i, right, j);
      if (same > 0) {
        i += same;
        j += same;
        continue;
      }
    }
    const order =
      j >= rightCount || right === undefined
        ? -1
        : i >= leftCount || left === undefined
          ? 1
          : compareEntries(left, i, right, j);
    const x = order <= 0 ? left : undefined;
    const y = order >= 0 ? right : undefined;
    await diffEntry(readTree, x, i, y, j, base, onPath);
    if (order <= 0) i++;
    if (order >= 0) j++;
  }
}

/** Reports one entry present on one or both sides with different content or mode. */
async function diffEntry(
  readTree: ReadRawTree,
  x: RawTree | undefined,
  i: number,
  y: RawTree | undefined,
  j: number,
  base: string,
  onPath: (path: string) => void,
): Promise<void> {
  const name = x === undefined ? (y === undefined ? "" : entryName(y, j)) : entryName(x, i);
  const path = base === "" ? name : `${base}/${name}`;
  const xFolder = x !== undefined && isFolder(x, i) ? entryOid(x, i) : undefined;
  const yFolder = y !== undefined && isFolder(y, j) ? entryOid(y, j) : undefined;
  if (xFolder !== undefined || yFolder !== undefined)
    await diffRawTrees(readTree, xFolder, yFolder, path, onPath);
  if ((x !== undefined && isFile(x, i)) || (y !== undefined && isFile(y, j))) onPath(path);
}

/** How many entries from i and j are identical: 0, or the longest run, found by galloping. */
function sameRun(a: RawTree, i: number, b: RawTree, j: number): number {
  const limit = Math.min(entryCount(a) - i, entryCount(b) - j);
  if (!sameEntries(a, i, b, j, 1)) return 0;
  let good = 1;
  let step = 2;
  while (step <= limit && sameEntries(a, i, b, j, step)) {
    good = step;
    step *= 2;
  }
  let bad = Math.min(step, limit + 1);
  // Identical runs nest (a run of k is identical when a longer one is), so bisect.
  while (bad - good > 1) {
    const middle = (good + bad) >>> 1;
    if (sameEntries(a, i, b, j, middle)) good = middle;
    else bad = middle;
  }
  return good;
}
