/**
 * What the Git contract needs around an adapter: a repository, a controllable clock,
 * file edits behind the adapter's back, staging "by the user", and read-only inspection
 * of the result (done with isomorphic-git, which reads CLI-made repositories too).
 */
import { dirname, join } from "node:path";
import * as git from "isomorphic-git";
import type { FsLike } from "../../src/adapters/fs/fs-like.js";
import type { Git, GitAuthor } from "../../src/ports/git.js";

/** How the contract wants the fixture built. */
export interface GitFixtureOptions {
  /** The memory root relative to the repository: `""` or e.g. `"orgs/acme"`. */
  readonly memoryPrefix: string;
  /** The clock commits must use, epoch ms. */
  readonly now: () => number;
  /** Passed to the adapter when set. */
  readonly author?: GitAuthor;
  /** Whether to create the repository (default true); false tests the "not a repository" error. */
  readonly init?: boolean;
}

/** A repository with an adapter on its memory root. */
export interface GitFixture {
  /** The adapter under test, on the memory root. */
  readonly git: Git;
  /** Another adapter of the same kind on `repo/<prefix>` of the same repository. */
  gitFor(prefix: string): Git;
  /** Writes a file, path relative to the repository root. */
  write(repoPath: string, content: string): Promise<void>;
  /** Deletes a file, path relative to the repository root. */
  remove(repoPath: string): Promise<void>;
  /** Stages a file the way the user would, outside the adapter. */
  stage(repoPath: string): Promise<void>;
  /** Files in HEAD's tree, repository paths, sorted. */
  headFiles(): Promise<string[]>;
  /** HEAD's sha and author. */
  head(): Promise<{ sha: string; name: string; email: string; timeMs: number }>;
  /** Repository paths whose staged state differs from HEAD. */
  stagedPaths(): Promise<string[]>;
  /** Points the current branch at `sha` (a `git reset --soft`), rewriting history. */
  resetBranch(sha: string): Promise<void>;
  cleanup(): Promise<void>;
}

/** Builds a fixture; the git test file provides one per adapter. */
export type MakeGitFixture = (options: GitFixtureOptions) => Promise<GitFixture>;

/** The adapter-independent half of a fixture, over `fs` with the repository at `repoRoot`. */
export function commonFixture(
  fs: FsLike,
  repoRoot: string,
): Pick<GitFixture, "write" | "remove" | "headFiles" | "head" | "stagedPaths" | "resetBranch"> {
  const base = { fs, dir: repoRoot };
  return {
    async write(repoPath, content) {
      await fs.promises.mkdir(dirname(join(repoRoot, repoPath)), { recursive: true });
      await fs.promises.writeFile(join(repoRoot, repoPath), content);
    },
    remove: (repoPath) => fs.promises.unlink(join(repoRoot, repoPath)),
    async resetBranch(sha) {
      const branch = await git.currentBranch({ ...base, fullname: true });
      if (typeof branch !== "string")
        throw new Error("the fixture repository has no current branch");
      await git.writeRef({ ...base, ref: branch, value: sha, force: true });
    },
    async headFiles() {
      const files = await git.listFiles({ ...base, ref: "HEAD" });
      return files.toSorted();
    },
    async head() {
      const sha = await git.resolveRef({ ...base, ref: "HEAD" });
      const { commit } = await git.readCommit({ ...base, oid: sha });
      return {
        sha,
        name: commit.author.name,
        email: commit.author.email,
        timeMs: commit.author.timestamp * 1000,
      };
    },
    async stagedPaths() {
      const rows = await git.statusMatrix(base);
      // stage 1 means "same as HEAD"; for a file not in HEAD, 0 means "not staged".
      return rows
        .filter(([, inHead, , stage]) => (inHead === 1 ? stage !== 1 : stage !== 0))
        .map(([file]) => file)
        .toSorted();
    },
  };
}
