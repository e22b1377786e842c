/**
 * Issue 13, item 1: the CLI adapter's pull either merges or leaves the repository as it was
 * (no MERGE_HEAD, no staged change, no half-merged file, no lost text), and its error says
 * which step failed and in what state the repository is. Real git, a bare remote.
 */
import { execFile } from "node:child_process";
import { chmod, mkdtemp, readFile, readdir, rename, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { gitCli } from "../../../src/adapters/git-cli/git-cli.js";
import { isolatedGitEnv } from "../../helpers/git-env.js";
import { errOf, okOf } from "../../helpers/result-helpers.js";

const run = promisify(execFile);
const ID = ["-c", "user.name=T", "-c", "user.email=t@example.com"];

describe("gitCli pull", () => {
  let base: string;
  let remote: string;
  let root: string;
  let other: string;
  let env: Record<string, string>;
  const git = async (cwd: string, ...args: string[]) =>
    (await run("git", args, { cwd, env: { ...process.env, ...env } })).stdout;
  const head = async () => (await git(root, "rev-parse", "HEAD")).trim();
  const mergeHead = async () =>
    (await git(root, "rev-parse", "-q", "--verify", "MERGE_HEAD").catch(() => "")).trim();
  /** Commits `files` in `cwd` (and pushes when it is the other clone). */
  const commit = async (cwd: string, files: Record<string, string>, push = false) => {
    for (const [path, text] of Object.entries(files)) await writeFile(join(cwd, path), text);
    await git(cwd, "add", "-A");
    await git(cwd, ...ID, "commit", "-q", "-m", "change");
    if (push) await git(cwd, "push", "-q", "origin", "HEAD");
  };

  const pull = async (gitBinary?: string) => {
    const adapter = gitCli({ dir: root, env, ...(gitBinary === undefined ? {} : { gitBinary }) });
    if (adapter.pull === undefined) throw new Error("the CLI adapter pulls");
    return adapter.pull();
  };

  beforeEach(async () => {
    base = await mkdtemp(join(tmpdir(), "agent-memory-pull-"));
    env = await isolatedGitEnv(base);
    remote = join(base, "remote.git");
    root = join(base, "work");
    other = join(base, "other");
    await git(base, "init", "-q", "--bare", "--initial-branch=main", remote);
    await git(base, "clone", "-q", remote, root);
    await commit(
      root,
      { ".gitignore": ".agent-memory/\n", "index.md": "# Index\n", "a.md": "a\n" },
      true,
    );
    await git(base, "clone", "-q", remote, other);
  });
  afterEach(() => rm(base, { recursive: true, force: true }));

  it("a conflict is aborted: the error names the files and says nothing changed", async () => {
    await commit(other, { "index.md": "# theirs\n" }, true);
    await commit(root, { "index.md": "# ours\n" });
    const before = await head();
    const error = errOf(await pull());
    expect(error.code).toBe("CONFLICT");
    expect(error.message).toMatch(
      /conflicts in index\.md; the merge was aborted and the repository is as it was/,
    );
    expect([await head(), await mergeHead(), await git(root, "status", "--porcelain")]).toEqual([
      before,
      "",
      "",
    ]);
  });

  it("a clone without the merge driver configured stops, keeps both sides and says how to set it up", async () => {
    // The committed rule names the driver; this clone's git config does not (a host using the
    // library, never `memory sync`): git merges the note line by line and conflicts.
    await commit(root, { ".gitattributes": "*.md merge=agent-memory\n" }, true);
    await git(other, "pull", "-q");
    await commit(other, { "a.md": "a\ntheirs\n" }, true);
    await commit(root, { "a.md": "a\nours\n" });
    const before = await head();
    const error = errOf(await pull());
    expect(error.code).toBe("CONFLICT");
    expect(error.message).toMatch(/conflicts in a\.md; the merge was aborted/);
    expect(error.message).toMatch(
      /no merge driver configured \(git config merge\.agent-memory\.driver\).*run `memory sync` \(or `memory init`\) once/,
    );
    expect([await head(), await mergeHead(), await git(root, "status", "--porcelain")]).toEqual([
      before,
      "",
      "",
    ]);
    // Nothing lost: ours in the work tree and HEAD, theirs fetched in origin/main.
    expect(await readFile(join(root, "a.md"), "utf8")).toBe("a\nours\n");
    expect(await git(root, "show", "origin/main:a.md")).toBe("a\ntheirs\n");
    // With a driver configured the advice is not given (the driver here refuses: exit 1).
    await git(root, "config", "merge.agent-memory.driver", "false");
    const refused = errOf(await pull());
    expect(refused.code).toBe("CONFLICT");
    expect(refused.message).not.toMatch(/no merge driver configured/);
    expect(await mergeHead()).toBe("");
  });

  it("a remote that disappeared: the fetch step is named and nothing changed", async () => {
    await rename(remote, `${remote}.gone`);
    const before = await head();
    const error = errOf(await pull());
    expect(error.message).toMatch(
      /^Fetching from origin failed; nothing was merged and the repository is as it was/,
    );
    expect([await head(), await mergeHead()]).toEqual([before, ""]);
  });

  it("waits for an index.lock another git process releases a moment later", async () => {
    await commit(other, { "b.md": "b\n" }, true);
    // Another git process takes index.lock just as the merge starts and releases it 0.2 s later.
    const lock = join(root, ".git", "index.lock");
    const wrapper = join(base, "git-wrapper.sh");
    await writeFile(
      wrapper,
      `#!/bin/sh\nif [ "$1" = merge ] && [ ! -e '${lock}.once' ]; then\n` +
        `  : > '${lock}.once'; : > '${lock}'; (sleep 0.2; rm -f '${lock}') &\nfi\nexec git "$@"\n`,
    );
    await chmod(wrapper, 0o755);
    expect(okOf(await pull(wrapper))).toBe("merged");
    expect(await readFile(join(root, "b.md"), "utf8")).toBe("b\n");
  });

  it("an index.lock held for good: the merge never started and the error says so", async () => {
    await commit(other, { "b.md": "b\n" }, true);
    await writeFile(join(root, ".git", "index.lock"), "");
    const before = await head();
    const error = errOf(await pull());
    expect(error.message).toMatch(
      /^Merging origin\/main failed before it started; the repository is as it was before the pull .*index\.lock/,
    );
    expect([await head(), await mergeHead()]).toEqual([before, ""]);
    await rm(join(root, ".git", "index.lock"));
    expect(await git(root, "status", "--porcelain")).toBe("");
  });

  it("an abort git refuses: the merge's files are reset and a hand edit made meanwhile is saved", async () => {
    // The remote changes a.md (merges cleanly) and index.md (conflicts); while the merge is
    // in progress someone edits a.md by hand, so `git merge --abort` refuses to run.
    await commit(other, { "a.md": "a\ntheirs\n", "index.md": "# theirs\n" }, true);
    await commit(root, { "index.md": "# ours\n" });
    const before = await head();
    const wrapper = join(base, "git-wrapper.sh");
    await writeFile(
      wrapper,
      `#!/bin/sh\nif [ "$1" = merge ] && [ "$2" = --no-edit ]; then\n  git "$@"; code=$?\n` +
        `  printf 'hand edit\\n' >> '${join(root, "a.md")}'\n  exit $code\nfi\nexec git "$@"\n`,
    );
    await chmod(wrapper, 0o755);
    const error = errOf(await pull(wrapper));
    expect(error.code).toBe("CONFLICT");
    expect(error.message).toMatch(
      /`git merge --abort` was refused, so the files the merge touched were reset/,
    );
    expect([await head(), await mergeHead(), await git(root, "status", "--porcelain")]).toEqual([
      before,
      "",
      "",
    ]);
    expect(await readFile(join(root, "a.md"), "utf8")).toBe("a\n");
    const recovered = join(root, ".agent-memory", "recovered");
    const [stamp = ""] = await readdir(recovered);
    expect(await readFile(join(recovered, stamp, "a.md"), "utf8")).toBe("a\ntheirs\nhand edit\n");
    expect(error.message).toContain(join(recovered, stamp, "a.md"));
  });
});
