import { execFile } from "node:child_process";
import * as nodeFs from "node:fs";
import { mkdtemp, rm, utimes, writeFile, mkdir } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { getFileTimestamps } from "../../../src/adapters/file-timestamps/file-timestamps.js";
import { gitCli } from "../../../src/adapters/git-cli/git-cli.js";
import { inMemoryPorts } from "../../../src/adapters/in-memory/in-memory.js";
import { isolatedGitEnv } from "../../helpers/git-env.js";
import { errOf, okOf } from "../../helpers/result-helpers.js";

const run = promisify(execFile);
const T = 1_700_000_000_000;

describe("getFileTimestamps over the git CLI", () => {
  let base: string;
  let root: string;
  let env: Record<string, string>;
  beforeEach(async () => {
    base = await mkdtemp(join(tmpdir(), "agent-memory-times-"));
    root = join(base, "memory");
    env = await isolatedGitEnv(base);
    await mkdir(join(root, "topics"), { recursive: true });
    await run("git", ["init", "-q", "-b", "main"], { cwd: root, env: { ...process.env, ...env } });
  });
  afterEach(() => rm(base, { recursive: true, force: true }));

  it("returns commit times for a committed note, even after a rename", async () => {
    let now = T;
    const git = gitCli({ dir: root, env, now: () => now });
    await writeFile(join(root, "topics/a id__AAAAAA.md"), "a");
    await git.commit("create");
    await rm(join(root, "topics/a id__AAAAAA.md"));
    await writeFile(join(root, "topics/renamed id__AAAAAA.md"), "a");
    now = T + 60_000;
    await git.commit("rename");
    const times = await getFileTimestamps(root, "topics/renamed id__AAAAAA.md", { git });
    expect(okOf(times)).toEqual({ createdAt: T, updatedAt: T + 60_000, committed: true });
  });

  it("returns the mtime of a file that is not committed yet", async () => {
    await writeFile(join(root, "topics/new id__NEW000.md"), "n");
    await utimes(join(root, "topics/new id__NEW000.md"), T / 1000, T / 1000);
    const times = await getFileTimestamps(root, "topics/new id__NEW000.md", {
      git: gitCli({ dir: root, env }),
    });
    expect(okOf(times)).toEqual({ createdAt: T, updatedAt: T, committed: false });
  });

  it("returns the current time for a missing file with no history", async () => {
    const before = Date.now();
    const times = okOf(
      await getFileTimestamps(root, "topics/none id__NONE00.md", {
        git: gitCli({ dir: root, env }),
      }),
    );
    expect(times.committed).toBe(false);
    expect(times.createdAt).toBeGreaterThanOrEqual(before);
    expect(times.updatedAt).toBe(times.createdAt);
  });

  it("passes a git failure through as a GitError", async () => {
    const outside = join(base, "not-a-repo");
    await mkdir(outside);
    const times = await getFileTimestamps(outside, "a id__AAAAAA.md", {
      git: gitCli({ dir: outside, env }),
      fs: nodeFs,
    });
    expect(errOf(times).code).toBe("GIT");
  });
});

describe("getFileTimestamps over an in-memory memory", () => {
  it("uses the injected git and fs", async () => {
    const ports = okOf(await inMemoryPorts({ now: () => T }));
    await ports.persistence.write("topics/a id__AAAAAA.md", "a");
    await ports.git.commit("create");
    await ports.persistence.write("topics/b id__BBBBBB.md", "b");
    const options = { git: ports.git, fs: ports.fs };
    expect(okOf(await getFileTimestamps(ports.root, "topics/a id__AAAAAA.md", options))).toEqual({
      createdAt: T,
      updatedAt: T,
      committed: true,
    });
    const uncommitted = okOf(
      await getFileTimestamps(ports.root, "topics/b id__BBBBBB.md", options),
    );
    expect(uncommitted.committed).toBe(false);
    expect(uncommitted.createdAt).toBeGreaterThan(T);
  });
});
