/**
 * What the Git contract needs around an adapter: a repository, a controllable clock, file
 * edits behind the adapter's back, staging "by the user", and read-only inspection of the
 * result. A host builds one per adapter it wants to prove.
 */
import type { Git, GitAuthor } from "../ports/git.js";

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
