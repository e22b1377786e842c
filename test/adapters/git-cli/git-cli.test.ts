/** Behaviour specific to the CLI adapter, beyond the Git contract. */
import { execFile } from "node:child_process";
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { gitCli } from "../../../src/adapters/git-cli/git-cli.js";
import { isolatedGitEnv } from "../../helpers/git-env.js";
import { errOf, okOf } from "../../helpers/result-helpers.js";

const run = promisify(execFile);

describe("gitCli", () => {
  let base: string;
  let root: string;
  let env: Record<string, string>;
  const git = (...args: string[]) =>
    run("git", args, { cwd: root, env: { ...process.env, ...env } });
  beforeEach(async () => {
    base = await mkdtemp(join(tmpdir(), "agent-memory-gitcli-"));
    root = join(base, "repo");
    env = await isolatedGitEnv(base);
    await mkdir(join(root, "topics"), { recursive: true });
    await git("init", "-q", "-b", "main");
  });
  afterEach(() => rm(base, { recursive: true, force: true }));

  it("commits as the repository's configured user when no author is given", async () => {
    await git("config", "user.name", "Repo User");
    await git("config", "user.email", "repo@example.com");
    await writeFile(join(root, "topics/a id__AAAAAA.md"), "a");
    await gitCli({ dir: root, env }).commit("configured");
    const { stdout } = await git("log", "-1", "--format=%an <%ae>|%cn <%ce>");
    expect(stdout.trim()).toBe("Repo User <repo@example.com>|Repo User <repo@example.com>");
  });

  it("keeps a message that starts with # and treats glob characters in paths literally", async () => {
    await writeFile(join(root, "topics/star*.md"), "literal");
    await writeFile(join(root, "topics/starX.md"), "other");
    const sha = okOf(
      await gitCli({ dir: root, env }).commit("#people update", ["topics/star*.md"]),
    );
    expect(sha).toMatch(/^[0-9a-f]{40}$/);
    const { stdout: message } = await git("log", "-1", "--format=%B");
    expect(message.trim()).toBe("#people update");
    const { stdout: files } = await git("ls-tree", "-r", "--name-only", "HEAD");
    expect(files.trim().split("\n")).toEqual(["topics/star*.md"]);
  });

  it("spawns one git log per timestamps call and a fixed number of processes per commit", async () => {
    const calls = join(base, "calls.log");
    const wrapper = join(base, "git-wrapper.sh");
    await writeFile(wrapper, `#!/bin/sh\nprintf '%s\\n' "$*" >> '${calls}'\nexec git "$@"\n`);
    await chmod(wrapper, 0o755);
    const counted = gitCli({ dir: root, env, gitBinary: wrapper });
    const subcommands = async () => {
      const lines = (await readFile(calls, "utf8").catch(() => ""))
        .trim()
        .split("\n")
        .filter(Boolean);
      await rm(calls, { force: true });
      return lines.map((line) =>
        line.split(" ").find((word) => /^[a-z-]+$/.test(word) && !word.startsWith("-")),
      );
    };
    for (let i = 0; i < 200; i += 1)
      await writeFile(join(root, `topics/n${i} id__N${String(i).padStart(5, "0")}.md`), `${i}`);
    expect(okOf(await counted.commit("200 notes"))).not.toBeNull();
    expect(await subcommands()).toEqual([
      // No commit yet: git refuses HEAD, so the location is asked again without it.
      "rev-parse",
      "rev-parse",
      "status",
      "add",
      "diff",
      "config",
      "commit",
      "rev-parse",
    ]);
    // HEAD is read from the git dir's files (a branch, loose): no process asks for it.
    expect(okOf(await counted.timestamps()).size).toBe(200);
    expect(await subcommands()).toEqual(["log"]);
    expect(okOf(await counted.timestamps("topics")).size).toBe(200);
    expect(await subcommands()).toEqual(["log"]);
    // Same HEAD: the cached walk answers with no process at all.
    expect(okOf(await counted.timestamps()).size).toBe(200);
    expect(await subcommands()).toEqual([]);
  });

  it("walks only the commits added since the previous walk", async () => {
    const calls = join(base, "calls.log");
    const wrapper = join(base, "git-wrapper.sh");
    await writeFile(wrapper, `#!/bin/sh\nprintf '%s\\n' "$*" >> '${calls}'\nexec git "$@"\n`);
    await chmod(wrapper, 0o755);
    const counted = gitCli({ dir: root, env, gitBinary: wrapper, now: () => 1_700_000_000_000 });
    await writeFile(join(root, "topics/a id__AAAAAA.md"), "a");
    okOf(await counted.commit("a"));
    const first = okOf(await counted.timestamps());
    await rm(calls, { force: true });
    const later = gitCli({ dir: root, env, now: () => 1_700_000_500_000 });
    await writeFile(join(root, "topics/b id__BBBBBB.md"), "b");
    okOf(await later.commit("b"));
    const second = okOf(await counted.timestamps());
    const logged = (await readFile(calls, "utf8")).trim().split("\n");
    expect(logged.some((line) => / log .*\.\./.test(line))).toBe(true);
    expect(second.get("id__AAAAAA")).toEqual(first.get("id__AAAAAA"));
    expect(second.get("id__BBBBBB")).toEqual({
      createdAt: 1_700_000_500_000,
      updatedAt: 1_700_000_500_000,
    });
  });

  it("ignores GIT_DIR and GIT_INDEX_FILE inherited from a git hook", async () => {
    const saved = { dir: process.env["GIT_DIR"], index: process.env["GIT_INDEX_FILE"] };
    process.env["GIT_DIR"] = join(base, "elsewhere.git");
    process.env["GIT_INDEX_FILE"] = join(base, "elsewhere.index");
    try {
      await writeFile(join(root, "topics/a id__AAAAAA.md"), "a");
      expect(okOf(await gitCli({ dir: root, env }).commit("inside a hook"))).not.toBeNull();
    } finally {
      for (const [name, value] of [
        ["GIT_DIR", saved.dir],
        ["GIT_INDEX_FILE", saved.index],
      ] as const) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
    }
    const { stdout } = await git("log", "--format=%s");
    expect(stdout.trim()).toBe("inside a hook");
  });

  it("says how to fix a missing git binary", async () => {
    const error = errOf(
      await gitCli({ dir: root, env, gitBinary: join(base, "no-such-git") }).timestamps(),
    );
    expect(error.code).toBe("GIT");
    expect(error.message).toMatch(/gitBinary/);
  });
});
