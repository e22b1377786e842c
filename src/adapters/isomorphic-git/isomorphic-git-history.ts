/**
 * The one history walk of the isomorphic-git adapter.
 *
 * Every commit reachable from HEAD (and new since the previous walk) is read once (a visited set, so merge-heavy histories
 * cost one read per commit), then each non-merge commit's tree is compared with its
 * first parent's, starting at the memory root and descending only into subtrees whose
 * oid differs. Tree reads are cached by oid, so a folder that did not change between
 * commits is never read twice, and cost follows what changed, not the memory's size.
 */
import type { TreeEntry } from "isomorphic-git";
import type { Walked, WalkedCommit } from "../git-history/history-cache.js";

/**
 * Reads a tree object's entries by oid.
 *
 * @example
 * ```ts
 * const readTree: ReadTree = async (oid) => (await git.readTree({ fs, dir, oid })).tree;
 * ```
 */
export type ReadTree = (oid: string) => Promise<readonly TreeEntry[]>;

/**
 * The fields of a commit the walk needs.
 *
 * @example
 * ```ts
 * const info: CommitInfo = { tree: "4b825dc...", parents: [], authorTime: 1700000000 };
 * ```
 */
export interface CommitInfo {
  readonly tree: string;
  readonly parents: readonly string[];
  /** Author time, epoch seconds. */
  readonly authorTime: number;
}

/**
 * Reads a commit, or `undefined` when the object is not in the repository (shallow clone).
 *
 * @example
 * ```ts
 * const info = await readCommit("9fceb02..."); // CommitInfo | undefined
 * ```
 */
export type ReadCommit = (oid: string) => Promise<CommitInfo | undefined>;

/** What an isomorphic-git walk leaves for the next one: every commit it has seen. */
export interface IsoWalkHandle {
  readonly head: string;
  readonly seen: ReadonlySet<string>;
}

/**
 * Walks the commits reachable from `head` and not seen by the walk behind `since`, diffing
 * each non-merge commit against its first parent under `segments` (subtrees whose oid did
 * not change are skipped). Resolves to undefined when `since.head` is not an ancestor of
 * `head`: the history was rewritten and only a full walk is right.
 */
export async function walkHistory(input: {
  readonly head: string;
  readonly since: IsoWalkHandle | undefined;
  readonly segments: readonly string[];
  readonly readCommit: ReadCommit;
  readonly readTree: ReadTree;
}): Promise<Walked<IsoWalkHandle> | undefined> {
  const { readTree, readCommit, segments, since } = input;
  const known = since?.seen ?? new Set<string>();
  const { commits, reachedKnown } = await reachableCommits(input.head, readCommit, known);
  if (since !== undefined && !reachedKnown.has(since.head)) return undefined;
  const walked: WalkedCommit[] = [];
  for (const commit of commits.values()) {
    if (commit.parents.length > 1) continue; // like `git log --no-merges`
    const parentOid = commit.parents[0];
    const parent =
      parentOid === undefined
        ? undefined
        : (commits.get(parentOid) ?? (await readCommit(parentOid)));
    const after = await subtreeAt(readTree, commit.tree, segments);
    const before =
      parent === undefined ? undefined : await subtreeAt(readTree, parent.tree, segments);
    const paths: string[] = [];
    await diffTrees(readTree, before, after, "", (path) => paths.push(path));
    walked.push({ authorTimeMs: commit.authorTime * 1000, paths });
  }
  return {
    commits: walked,
    handle: { head: input.head, seen: new Set([...known, ...commits.keys()]) },
  };
}

/** Every commit reachable from `head`, each read once; missing parents end their line. */
async function reachableCommits(
  head: string,
  readCommit: ReadCommit,
  known: ReadonlySet<string>,
): Promise<{ commits: Map<string, CommitInfo>; reachedKnown: Set<string> }> {
  const commits = new Map<string, CommitInfo>();
  const reachedKnown = new Set<string>();
  const seen = new Set([head]);
  const pending = [head];
  for (let oid = pending.pop(); oid !== undefined; oid = pending.pop()) {
    if (known.has(oid)) {
      reachedKnown.add(oid);
      continue;
    }
    const commit = await readCommit(oid);
    if (commit === undefined) continue;
    commits.set(oid, commit);
    for (const parent of commit.parents) {
      if (!seen.has(parent)) {
        seen.add(parent);
        pending.push(parent);
      }
    }
  }
  return { commits, reachedKnown };
}

/** The oid of the tree at `segments` below `tree`, or undefined when there is none. */
async function subtreeAt(
  readTree: ReadTree,
  tree: string,
  segments: readonly string[],
): Promise<string | undefined> {
  let current = tree;
  for (const segment of segments) {
    const entry = (await readTree(current)).find((e) => e.path === segment);
    if (entry === undefined || entry.type !== "tree") return undefined;
    current = entry.oid;
  }
  return current;
}

/**
 * Calls `onPath` for every file path that differs between trees `a` and `b`
 * (added, removed, or changed content or mode); either tree may be absent.
 *
 * @example
 * ```ts
 * await diffTrees(readTree, parentTree, commitTree, "", (path) => changed.push(path));
 * ```
 */
export async function diffTrees(
  readTree: ReadTree,
  a: string | undefined,
  b: string | undefined,
  base: string,
  onPath: (path: string) => void,
): Promise<void> {
  if (a === b) return;
  const [left, right] = await Promise.all([
    a === undefined ? [] : readTree(a),
    b === undefined ? [] : readTree(b),
  ]);
  const pairs = new Map<string, [TreeEntry | undefined, TreeEntry | undefined]>();
  for (const entry of left) pairs.set(entry.path, [entry, undefined]);
  for (const entry of right) pairs.set(entry.path, [pairs.get(entry.path)?.[0], entry]);
  for (const [name, [x, y]] of pairs) {
    if (x?.oid === y?.oid && x?.mode === y?.mode) continue;
    const path = base === "" ? name : `${base}/${name}`;
    const xTree = x?.type === "tree" ? x.oid : undefined;
    const yTree = y?.type === "tree" ? y.oid : undefined;
    if (xTree !== undefined || yTree !== undefined)
      await diffTrees(readTree, xTree, yTree, path, onPath);
    if (x?.type === "blob" || y?.type === "blob") onPath(path);
  }
}

/**
 * Memoises a tree reader by oid (trees are immutable, so the cache never goes stale).
 *
 * @example
 * ```ts
 * const readTree = cachedTreeReader(async (oid) => (await git.readTree({ fs, dir, oid })).tree);
 * ```
 */
export function cachedTreeReader(read: ReadTree): ReadTree {
  const cache = new Map<string, Promise<readonly TreeEntry[]>>();
  return (oid) => {
    let entries = cache.get(oid);
    if (entries === undefined) {
      entries = read(oid);
      cache.set(oid, entries);
    }
    return entries;
  };
}
