import { execFile } from "node:child_process";
import * as nodeFs from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import * as git from "isomorphic-git";
import { memfs } from "memfs";
import { describe, expect, it } from "vitest";
import type { FsLike } from "../../src/adapters/fs/fs-like.js";
import { gitCli } from "../../src/adapters/git-cli/git-cli.js";
import { isomorphicGit } from "../../src/adapters/isomorphic-git/isomorphic-git.js";
import {
  runGitContract,
  type GitFixture,
  type GitFixtureOptions,
} from "../../src/testing/index.js";
import { isolatedGitEnv } from "../helpers/git-env.js";
import { okOf } from "../helpers/result-helpers.js";
import { commonFixture } from "../helpers/git-fixture.js";

const run = promisify(execFile);

async function isoFixture(
  fs: FsLike,
  repoRoot: string,
  options: GitFixtureOptions,
  cleanup: () => Promise<void>,
): Promise<GitFixture> {
  await fs.promises.mkdir(repoRoot, { recursive: true });
  if (options.init !== false) await git.init({ fs, dir: repoRoot, defaultBranch: "main" });
  const author = options.author === undefined ? {} : { author: options.author };
  const gitFor = (prefix: string) =>
    isomorphicGit({
      fs,
      dir: prefix === "" ? repoRoot : join(repoRoot, prefix),
      now: options.now,
      ...author,
    });
  return {
    ...commonFixture(fs, repoRoot),
    git: gitFor(options.memoryPrefix),
    gitFor,
    stage: (filepath) => git.add({ fs, dir: repoRoot, filepath }),
    cleanup,
  };
}

runGitContract("isomorphicGit on memfs", (options) =>
  isoFixture(memfs().fs, "/repo", options, async () => undefined),
);

runGitContract("isomorphicGit on node:fs", async (options) => {
  const base = await mkdtemp(join(tmpdir(), "agent-memory-iso-"));
  return isoFixture(nodeFs, join(base, "repo"), options, () =>
    rm(base, { recursive: true, force: true }),
  );
});

runGitContract("gitCli", async (options) => {
  const base = await mkdtemp(join(tmpdir(), "agent-memory-cli-"));
  const repoRoot = join(base, "repo");
  const env = await isolatedGitEnv(base);
  await nodeFs.promises.mkdir(repoRoot, { recursive: true });
  const gitEnv = { ...process.env, ...env };
  if (options.init !== false)
    await run("git", ["init", "-q", "-b", "main"], { cwd: repoRoot, env: gitEnv });
  const author = options.author === undefined ? {} : { author: options.author };
  const gitFor = (prefix: string) =>
    gitCli({
      dir: prefix === "" ? repoRoot : join(repoRoot, prefix),
      env,
      now: options.now,
      ...author,
    });
  return {
    ...commonFixture(nodeFs, repoRoot),
    git: gitFor(options.memoryPrefix),
    gitFor,
    stage: async (path) => {
      await run("git", ["add", "--", path], { cwd: repoRoot, env: gitEnv });
    },
    cleanup: () => rm(base, { recursive: true, force: true }),
  };
});

describe("gitCli and isomorphicGit on the same repository", () => {
  it("agree on a history with a branch and a merge", async () => {
    const base = await mkdtemp(join(tmpdir(), "agent-memory-merge-"));
    const root = join(base, "repo");
    const env = await isolatedGitEnv(base);
    await nodeFs.promises.mkdir(join(root, "topics"), { recursive: true });
    const at = (seconds: number) => ({
      ...process.env,
      ...env,
      GIT_AUTHOR_NAME: "t",
      GIT_AUTHOR_EMAIL: "t@x",
      GIT_COMMITTER_NAME: "t",
      GIT_COMMITTER_EMAIL: "t@x",
      GIT_AUTHOR_DATE: `@${seconds} +0000`,
      GIT_COMMITTER_DATE: `@${seconds} +0000`,
    });
    const sh = (seconds: number, ...args: string[]) =>
      run("git", args, { cwd: root, env: at(seconds) });
    const write = (path: string, content: string) =>
      nodeFs.promises.writeFile(join(root, path), content);
    await sh(0, "init", "-q", "-b", "main");
    await write("topics/a id__AAAAAA.md", "a1");
    await sh(100, "add", "-A");
    await sh(100, "commit", "-qm", "a");
    await sh(150, "checkout", "-qb", "side");
    await write("topics/b id__BBBBBB.md", "b");
    await sh(200, "add", "-A");
    await sh(200, "commit", "-qm", "b");
    await sh(250, "checkout", "-q", "main");
    await write("topics/a id__AAAAAA.md", "a2");
    await sh(300, "commit", "-qam", "a2");
    await sh(400, "merge", "-q", "--no-ff", "-m", "merge", "side");
    const cli = okOf(await gitCli({ dir: root, env }).timestamps());
    const iso = okOf(await isomorphicGit({ fs: nodeFs, dir: root }).timestamps());
    expect(Object.fromEntries(cli)).toEqual({
      id__AAAAAA: { createdAt: 100_000, updatedAt: 300_000 },
      id__BBBBBB: { createdAt: 200_000, updatedAt: 200_000 },
    });
    expect(Object.fromEntries(iso)).toEqual(Object.fromEntries(cli));
    await rm(base, { recursive: true, force: true });
  });
});
