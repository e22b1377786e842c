/**
 * The way back from a merge (git-cli-merge.ts): when `git merge --abort` refuses, the merged
 * paths are reset to the pre-merge commit, but only while HEAD is still that commit. The sync
 * sweep's k = 28 (git killed in the merge commit's post-commit hook) reached the reset with
 * HEAD already on the merge commit, and put the pre-merge files back under it. Real git.
 */
import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { err, ok } from "neverthrow";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { GitError } from "../../../src/errors.js";
import {
  abandonMerge,
  unwriteMerge,
  type MergeTarget,
} from "../../../src/adapters/git-cli/git-cli-merge.js";
import { gitEnv, runGit, type Exec } from "../../../src/adapters/git-cli/git-cli-run.js";
import { isolatedGitEnv } from "../../helpers/git-env.js";
import { errOf, okOf } from "../../helpers/result-helpers.js";

const run = promisify(execFile);
const ID = ["-c", "user.name=T", "-c", "user.email=t@example.com"];

describe("undoing a merge", () => {
  let base: string;
  let root: string;
  let env: Record<string, string>;
  const git = async (...args: string[]) =>
    (await run("git", args, { cwd: root, env: { ...process.env, ...env } })).stdout;
  const exec: Exec = async (args, options = {}) => {
    const out = await runGit(args, {
      binary: "git",
      cwd: options.cwd ?? root,
      env: { ...gitEnv(), ...env, ...options.env },
      ...(options.input === undefined ? {} : { input: options.input }),
    });
    if (out.isOk()) return ok(out.value.stdout);
    if (options.allowExit !== undefined && out.error.exitCode === options.allowExit) return ok("");
    return err(new GitError(`git ${args.join(" ")} failed: ${out.error.stderr}`));
  };
  const commit = async (files: Record<string, string>, message: string) => {
    for (const [path, text] of Object.entries(files)) await writeFile(join(root, path), text);
    await git("add", "-A");
    await git(...ID, "commit", "-q", "-m", message);
    return (await git("rev-parse", "HEAD")).trim();
  };
  const target = (before: string): MergeTarget => ({
    exec,
    cwd: root,
    ref: "theirs",
    before,
    env: {},
    recoveredDir: join(root, ".agent-memory", "recovered"),
  });

  let before: string;
  let theirs: string;
  beforeEach(async () => {
    base = await mkdtemp(join(tmpdir(), "agent-memory-merge-"));
    env = await isolatedGitEnv(base);
    root = join(base, "work");
    await run("git", ["init", "-q", "--initial-branch=main", root], {
      env: { ...process.env, ...env },
    });
    await commit({ ".gitignore": ".agent-memory/\n", "a.md": "a\n" }, "start");
    await git("checkout", "-q", "-b", "theirs");
    theirs = await commit({ "a.md": "a\ntheirs\n", "b.md": "only theirs\n" }, "theirs");
    await git("checkout", "-q", "main");
    before = await commit({ "c.md": "ours\n" }, "ours");
  });
  afterEach(() => rm(base, { recursive: true, force: true }));

  it("leaves a merge that was committed alone: HEAD is past the pre-merge commit, nothing is reset", async () => {
    // What k = 28 left: the merge commit written, no MERGE_HEAD, so `git merge --abort` refuses.
    await git(...ID, "merge", "-q", "--no-edit", "theirs");
    const merged = (await git("rev-parse", "HEAD")).trim();
    const error = errOf(await abandonMerge(target(before), theirs));
    expect(error.message).toMatch(/HEAD is no longer the pre-merge commit/);
    expect(error.message).toMatch(/Nothing was reset/);
    expect((await git("rev-parse", "HEAD")).trim()).toBe(merged);
    expect(await git("status", "--porcelain")).toBe("");
    expect(await readFile(join(root, "a.md"), "utf8")).toBe("a\ntheirs\n");
    expect(await readFile(join(root, "b.md"), "utf8")).toBe("only theirs\n");
  });

  it("puts nothing back over a commit made since the merge began (unwriteMerge)", async () => {
    await git(...ID, "merge", "-q", "--no-edit", "theirs");
    const merged = (await git("rev-parse", "HEAD")).trim();
    expect(errOf(await unwriteMerge(target(before), theirs)).message).toMatch(
      /HEAD is no longer the pre-merge commit/,
    );
    expect([(await git("rev-parse", "HEAD")).trim(), await git("status", "--porcelain")]).toEqual([
      merged,
      "",
    ]);
  });

  it("still resets the merged paths while HEAD is the pre-merge commit", async () => {
    // A merge stopped after writing the merged files and before MERGE_HEAD.
    await git(...ID, "merge", "-q", "--no-edit", "--no-commit", "theirs");
    await rm(join(root, ".git", "MERGE_HEAD"));
    expect(okOf(await unwriteMerge(target(before), theirs))).toEqual([]);
    expect([(await git("rev-parse", "HEAD")).trim(), await git("status", "--porcelain")]).toEqual([
      before,
      "",
    ]);
    expect(await readFile(join(root, "a.md"), "utf8")).toBe("a\n");
  });
});
