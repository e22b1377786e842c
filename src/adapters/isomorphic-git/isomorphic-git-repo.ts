/**
 * Shared plumbing of the isomorphic-git adapter: where the repository is, and object
 * readers/writers bound to it with one isomorphic-git cache per operation.
 */
import { relative, sep } from "node:path";
import * as git from "isomorphic-git";
import { err, ok, type Result } from "neverthrow";
import { GitError } from "../../errors.js";
import type { GitAuthor } from "../../ports/git.js";
import { DEFAULT_AUTHOR } from "../git-history/default-author.js";
import { errnoCode, type FsLike } from "../fs/fs-like.js";
import type { TreeEntry } from "isomorphic-git";
import type { CommitInfo } from "./objects/raw-commit.js";
import type { ReadCommit } from "./objects/walk-readers.js";
import type { WriteTree } from "./isomorphic-git-tree.js";
import { gitDirOf } from "./isomorphic-git-dir.js";

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
 * The repository around a memory root.
 *
 * @example
 * ```ts
 * const repo: IsoRepo = { fs: memfs().fs, root: "/repo", prefix: "orgs/acme", gitdir: "/repo/.git" };
 * ```
 */
export interface IsoRepo {
  readonly fs: FsLike;
  /** The work tree's root (the folder holding `.git`). */
  readonly root: string;
  /** The memory root relative to `root`, `/`-separated, `""` at the top. */
  readonly prefix: string;
  /** The repository's git dir: `<root>/.git`, or where a `.git` file points. */
  readonly gitdir: string;
}

/**
 * Finds the repository containing `dir` with `git.findRoot`.
 *
 * @example
 * ```ts
 * await findRepo(memfs().fs, "/repo/orgs/acme"); // Ok({ root: "/repo", prefix: "orgs/acme", gitdir: "/repo/.git", fs })
 * ```
 */
export async function findRepo(fs: FsLike, dir: string): Promise<Result<IsoRepo, GitError>> {
  try {
    const root = await git.findRoot({ fs, filepath: dir });
    const prefix = relative(root, dir).split(sep).join("/");
    return ok({ fs, root, prefix, gitdir: await gitDirOf(fs, root) });
  } catch (cause) {
    if (!isNotFound(cause)) throw cause;
    return err(
      new GitError(
        `Not a git repository: no .git folder in ${dir} or any parent; run \`git init\` in ${dir} ` +
          "(or git.init from isomorphic-git) first",
        { cause },
      ),
    );
  }
}

/**
 * Whether an isomorphic-git rejection is its NotFoundError (missing ref, object or file).
 *
 * @example
 * ```ts
 * try { await git.resolveRef({ fs, dir, ref: "HEAD" }); } catch (cause) { if (!isNotFound(cause)) throw cause; }
 * ```
 */
export function isNotFound(cause: unknown): boolean {
  return errnoCode(cause) === "NotFoundError";
}

/**
 * HEAD's commit oid, or undefined when the branch has no commits yet.
 *
 * @example
 * ```ts
 * await headOid(repo); // "9fceb02..." or undefined right after git.init
 * ```
 */
export async function headOid(repo: IsoRepo): Promise<string | undefined> {
  try {
    return await git.resolveRef({ fs: repo.fs, dir: repo.root, ref: "HEAD" });
  } catch (cause) {
    if (isNotFound(cause)) return undefined;
    throw cause;
  }
}

/**
 * Object access bound to `repo` sharing one isomorphic-git `cache`; trees memoised by oid.
 *
 * @example
 * ```ts
 * const { readTree, readCommit } = objectAccess(repo, {});
 * ```
 */
export function objectAccess(
  repo: IsoRepo,
  cache: object,
): {
  readTree: ReadTree;
  readCommit: ReadCommit;
  writeTree: WriteTree;
} {
  const base = { fs: repo.fs, dir: repo.root, cache };
  const readTree = cachedTreeReader(async (oid) => (await git.readTree({ ...base, oid })).tree);
  const readCommit = async (oid: string): Promise<CommitInfo | undefined> => {
    try {
      const { commit } = await git.readCommit({ ...base, oid });
      return { tree: commit.tree, parents: commit.parent, authorTime: commit.author.timestamp };
    } catch (cause) {
      // A parent missing from a shallow clone ends that line of history.
      if (isNotFound(cause)) return undefined;
      throw cause;
    }
  };
  const writeTree: WriteTree = (tree) => git.writeTree({ fs: repo.fs, dir: repo.root, tree });
  return { readTree, readCommit, writeTree };
}

/**
 * The repository's local user.name / user.email, each falling back to {@link DEFAULT_AUTHOR}.
 *
 * @example
 * ```ts
 * await configuredIsoAuthor(repo); // { name: "agent-memory", email: "agent-memory@localhost" }
 * ```
 */
export async function configuredIsoAuthor(repo: IsoRepo): Promise<GitAuthor> {
  const read = async (path: string): Promise<unknown> =>
    git.getConfig({ fs: repo.fs, dir: repo.root, path });
  const [name, email] = await Promise.all([read("user.name"), read("user.email")]);
  return {
    name: typeof name === "string" && name !== "" ? name : DEFAULT_AUTHOR.name,
    email: typeof email === "string" && email !== "" ? email : DEFAULT_AUTHOR.email,
  };
}

/** Memoises a tree reader by oid (trees are immutable, so the cache never goes stale). */
function cachedTreeReader(read: ReadTree): ReadTree {
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
