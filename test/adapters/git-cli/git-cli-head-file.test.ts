/**
 * HEAD read from the git dir's files is what `git rev-parse --verify -q HEAD` says, in every
 * plain layout (no commit yet, a loose branch, a packed one, a branch with a slash, a detached
 * HEAD, a linked worktree); any other layout is left to git (undefined), never guessed.
 */
import { execFile } from "node:child_process";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { headFromFiles } from "../../../src/adapters/git-cli/git-cli-head-file.js";
import { isolatedGitEnv } from "../../helpers/git-env.js";

const run = promisify(execFile);

describe("headFromFiles", () => {
  let base: string;
  let root: string;
  let env: Record<string, string>;
  const git = async (cwd: string, ...args: string[]): Promise<string> =>
    (
      await run("git", ["-c", "user.name=t", "-c", "user.email=t@x", ...args], {
        cwd,
        env: { ...process.env, ...env },
      })
    ).stdout.trim();
  /** What git says HEAD is, undefined when it says there is none. */
  const gitHead = async (cwd: string): Promise<string | undefined> =>
    (await git(cwd, "rev-parse", "--verify", "-q", "HEAD").catch(() => "")) || undefined;
  const gitDir = (cwd: string) => git(cwd, "rev-parse", "--absolute-git-dir");
  const commit = async (cwd: string, name: string) => {
    await writeFile(join(cwd, name), name);
    await git(cwd, "add", "-A");
    await git(cwd, "commit", "-qm", name);
  };
  const fromFiles = async (cwd: string) => headFromFiles(await gitDir(cwd));
  const fromGit = async (cwd: string) => ({ commit: await gitHead(cwd) });

  beforeEach(async () => {
    base = await mkdtemp(join(tmpdir(), "head-file-"));
    env = await isolatedGitEnv(base);
    root = join(base, "repo");
    await mkdir(root);
    await git(root, "init", "-q", "-b", "main");
  });
  afterEach(() => rm(base, { recursive: true, force: true }));

  it("agrees with git before the first commit, on a loose branch and on a packed one", async () => {
    expect(await fromFiles(root)).toEqual(await fromGit(root));
    expect(await gitHead(root)).toBeUndefined();
    await commit(root, "a");
    expect(await fromFiles(root)).toEqual(await fromGit(root));
    await git(root, "pack-refs", "--all");
    expect(await fromFiles(root)).toEqual(await fromGit(root));
    await commit(root, "b");
    expect(await fromFiles(root)).toEqual(await fromGit(root));
  });

  it("agrees with git on a branch with a slash, a detached HEAD and a linked worktree", async () => {
    await commit(root, "a");
    await git(root, "checkout", "-q", "-b", "feature/x");
    await commit(root, "b");
    expect(await fromFiles(root)).toEqual(await fromGit(root));
    await git(root, "checkout", "-q", "--detach", "main");
    expect(await fromFiles(root)).toEqual(await fromGit(root));
    await git(root, "checkout", "-q", "main");
    const linked = join(base, "linked");
    await git(root, "worktree", "add", "-q", linked, "feature/x");
    expect(await fromFiles(linked)).toEqual(await fromGit(linked));
    await commit(linked, "c");
    await git(root, "pack-refs", "--all");
    expect(await fromFiles(linked)).toEqual(await fromGit(linked));
    expect(await fromFiles(root)).toEqual(await fromGit(root));
  });

  it("leaves any other layout to git", async () => {
    await commit(root, "a");
    const dir = await gitDir(root);
    const head = (await gitHead(root)) ?? "";
    // A HEAD pointing outside refs/heads/, at a symbolic branch, or at a name git never writes.
    for (const text of [
      "ref: refs/remotes/origin/main\n",
      "ref: refs/heads/../../HEAD\n",
      "junk",
    ]) {
      await writeFile(join(dir, "HEAD"), text);
      expect(await headFromFiles(dir)).toBeUndefined();
    }
    await writeFile(join(dir, "HEAD"), "ref: refs/heads/alias\n");
    await writeFile(join(dir, "refs/heads/alias"), "ref: refs/heads/main\n");
    expect(await headFromFiles(dir)).toBeUndefined();
    await writeFile(join(dir, "HEAD"), "ref: refs/heads/main\n");
    expect(await headFromFiles(dir)).toEqual({ commit: head });
    // The reftable format keeps refs in files of its own.
    await mkdir(join(dir, "reftable"));
    expect(await headFromFiles(dir)).toBeUndefined();
    expect(await headFromFiles(join(base, "nowhere"))).toBeUndefined();
  });
});
