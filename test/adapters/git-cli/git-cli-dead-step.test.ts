/**
 * Issue 35, found by the sync fault sweep (test/torture/sync-sweep.test.ts): a git write of
 * the CLI adapter stopped dead (the process killed) left git's lock files, or a merge in
 * progress, and every later commit or pull refused until a person cleaned up. The next step
 * now clears what a dead step of this host left since it started, and nothing else.
 */
import { execFile } from "node:child_process";
import { mkdtemp, readdir, rm, utimes, writeFile } from "node:fs/promises";
import { hostname, tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { gitCli } from "../../../src/adapters/git-cli/git-cli.js";
import { isolatedGitEnv } from "../../helpers/git-env.js";
import { errOf, okOf } from "../../helpers/result-helpers.js";

const run = promisify(execFile);
const ID = ["-c", "user.name=T", "-c", "user.email=t@example.com"];
const NOTE = "topics/deploys id__Ab3xYz.md";

/** The pid of a process that has ended. */
async function deadPid(): Promise<number> {
  const child = execFile(process.execPath, ["-e", "0"]);
  await new Promise((done) => child.on("exit", done));
  return child.pid ?? 0;
}

describe("a git step stopped dead is cleared up by the next one", () => {
  let base: string;
  let root: string;
  let other: string;
  let env: Record<string, string>;
  const git = async (cwd: string, ...args: string[]) =>
    (await run("git", args, { cwd, env: { ...process.env, ...env } })).stdout;
  const commit = async (cwd: string, text: string, push = false) => {
    await writeFile(join(cwd, NOTE), text);
    await git(cwd, "add", "-A");
    await git(cwd, ...ID, "commit", "-q", "-m", "change");
    if (push) await git(cwd, "push", "-q", "origin", "HEAD");
  };
  const record = async (pid: number, step: string, startedAt = Date.now() - 200) =>
    writeFile(
      join(root, ".git", "agent-memory-step.json"),
      JSON.stringify({ pid, host: hostname(), startedAt, step }),
    );
  const adapter = () => gitCli({ dir: root, env });

  beforeEach(async () => {
    base = await mkdtemp(join(tmpdir(), "agent-memory-dead-step-"));
    env = await isolatedGitEnv(base);
    const remote = join(base, "remote.git");
    root = join(base, "work");
    other = join(base, "other");
    await git(base, "init", "-q", "--bare", "--initial-branch=main", remote);
    await git(base, "clone", "-q", remote, root);
    await run("mkdir", ["-p", join(root, "topics")]);
    await commit(root, "# Deploys\n\nWe deploy on Mondays.\n", true);
    await git(base, "clone", "-q", remote, other);
  });
  afterEach(() => rm(base, { recursive: true, force: true }));

  it("a commit killed holding index.lock and the ref locks: the next commit clears them and commits", async () => {
    await writeFile(join(root, NOTE), "# Deploys\n\nWe deploy on Mondays.\n\nThe VPN is needed.\n");
    // The record is written first, then git makes its locks and dies.
    await record(await deadPid(), "commit");
    for (const lock of ["index.lock", "HEAD.lock", "refs/heads/main.lock", "next-index-7.lock"])
      await writeFile(join(root, ".git", lock), "");
    expect(okOf(await adapter().commit("memory: edit"))).toMatch(/^[0-9a-f]{40}$/);
    expect(await git(root, "show", `HEAD:${NOTE}`)).toContain("The VPN is needed.");
    const left = await readdir(join(root, ".git"));
    expect(
      left.filter((name) => name.endsWith(".lock") || name.startsWith("agent-memory")),
    ).toEqual([]);
  });

  it("a pull killed mid-merge (MERGE_HEAD, git's merge sides): the next pull undoes it and merges", async () => {
    await commit(other, "# Deploys\n\nWe deploy on Mondays.\n\nTheirs.\n", true);
    await writeFile(join(root, "notes.md"), "# Other\n\nOurs.\n");
    await git(root, "add", "-A");
    await git(root, ...ID, "commit", "-q", "-m", "ours");
    await git(root, "fetch", "-q", "origin");
    await record(await deadPid(), "pull");
    // Where a kill after the merge was written and before its commit leaves it.
    await git(root, ...ID, "merge", "--no-commit", "--no-ff", "origin/main");
    await writeFile(join(root, ".merge_file_a1B2c3"), "a side\n");
    await writeFile(join(root, ".git", "index.lock"), "");
    const pull = adapter().pull;
    if (pull === undefined) throw new Error("the CLI adapter pulls");
    expect(okOf(await pull())).toBe("merged");
    expect(await git(root, "log", "-1", "--format=%P")).toMatch(/^\w{40} \w{40}\n$/);
    expect(await git(root, "show", `HEAD:${NOTE}`)).toContain("Theirs.");
    expect(await git(root, "show", "HEAD:notes.md")).toContain("Ours.");
    expect(await git(root, "status", "--porcelain", "--untracked-files=all")).toBe("");
  });

  it("a pull killed after the merge wrote its files, before MERGE_HEAD: they are not committed as changes by hand", async () => {
    await commit(other, "# Deploys\n\nWe deploy on Mondays.\n\nTheirs.\n", true);
    await writeFile(join(root, "notes.md"), "# Other\n\nOurs.\n");
    await git(root, "add", "-A");
    await git(root, ...ID, "commit", "-q", "-m", "ours");
    await git(root, "fetch", "-q", "origin");
    await record(await deadPid(), "pull");
    // What git merge had done when it was killed in its pre-merge-commit hook.
    await git(root, "update-ref", "ORIG_HEAD", "HEAD");
    await writeFile(join(root, NOTE), "# Deploys\n\nWe deploy on Mondays.\n\nTheirs.\n");
    await git(root, "add", "-A");
    // Sync's order: the changes by hand first (there are none), then the pull.
    expect(okOf(await adapter().commit("memory: changes by hand"))).toBeNull();
    const pull = adapter().pull;
    if (pull === undefined) throw new Error("the CLI adapter pulls");
    expect(okOf(await pull())).toBe("merged");
    expect(await git(root, "log", "-1", "--format=%P")).toMatch(/^\w{40} \w{40}\n$/);
    expect(await git(root, "status", "--porcelain")).toBe("");
  });

  it("leaves alone a step of a live process, and a lock older than the dead step", async () => {
    await writeFile(join(root, NOTE), "# Deploys\n\nChanged.\n");
    const lock = join(root, ".git", "index.lock");
    await writeFile(lock, "");
    // process.ppid is alive: its step may still be running.
    await record(process.ppid, "commit");
    expect(errOf(await adapter().commit("memory: edit")).message).toMatch(/index\.lock/);
    // A dead step that started after the lock was made: the lock is someone else's.
    const old = new Date(Date.now() - 60_000);
    await utimes(lock, old, old);
    await record(await deadPid(), "commit");
    expect(errOf(await adapter().commit("memory: edit")).message).toMatch(/index\.lock/);
    expect(await readdir(join(root, ".git"))).toContain("index.lock");
  });

  it("never commits git's temporary merge sides a crash left", async () => {
    await writeFile(join(root, ".merge_file_Zz9Yy8"), "a side\n");
    await writeFile(join(root, "..merge_file_Zz9Yy8.0a1b2c3d.tmp"), "half");
    await writeFile(join(root, NOTE), "# Deploys\n\nChanged.\n");
    okOf(await adapter().commit("memory: edit"));
    expect(await git(root, "ls-files")).not.toContain("merge_file");
  });
});
