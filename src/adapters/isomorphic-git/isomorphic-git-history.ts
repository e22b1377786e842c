/**
 * The one history walk of the isomorphic-git adapter.
 *
 * Every commit reachable from HEAD (and new since the previous walk) is read once (a visited
 * set, so merge-heavy histories cost one read per commit), then each non-merge commit's tree
 * is compared with its first parent's, starting at the memory root and descending only into
 * subtrees whose oid differs. Cost follows what changed, not the memory's size.
 */
import type { Walked, WalkedCommit } from "../git-history/history-cache.js";
import type { CommitInfo } from "./objects/raw-commit.js";
import { diffRawTrees, type ReadRawTree } from "./objects/raw-tree-diff.js";
import { folderOid } from "./objects/raw-tree.js";
import type { ReadCommit } from "./objects/walk-readers.js";
import { commitTimeMs } from "../../shared/commit-time.js";

/**
 * What an isomorphic-git walk leaves for the next one: every commit it has seen.
 *
 * @example
 * ```ts
 * const handle: IsoWalkHandle = { head: "9fceb02...", seen: new Set(["9fceb02..."]) };
 * ```
 */
export interface IsoWalkHandle {
  readonly head: string;
  readonly seen: ReadonlySet<string>;
}

/**
 * Walks the commits reachable from `head` and not seen by the walk behind `since`, diffing
 * each non-merge commit against its first parent under `segments` (subtrees whose oid did
 * not change are skipped). Resolves to undefined when `since.head` is not an ancestor of
 * `head`: the history was rewritten and only a full walk is right.
 *
 * @example
 * ```ts
 * const walked = await walkHistory({ head, since: undefined, segments: ["orgs", "acme"], readCommit, readTree });
 * ```
 */
export async function walkHistory(input: {
  readonly head: string;
  readonly since: IsoWalkHandle | undefined;
  readonly segments: readonly string[];
  readonly readCommit: ReadCommit;
  readonly readTree: ReadRawTree;
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
    await diffRawTrees(readTree, before, after, "", (path) => paths.push(path));
    walked.push({ authorTimeMs: commitTimeMs(commit.authorTime), paths });
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
  readTree: ReadRawTree,
  tree: string,
  segments: readonly string[],
): Promise<string | undefined> {
  let current: string | undefined = tree;
  for (const segment of segments) {
    if (current === undefined) return undefined;
    current = folderOid(await readTree(current), segment);
  }
  return current;
}
