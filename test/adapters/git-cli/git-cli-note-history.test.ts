/**
 * Note history (`memory view`'s per-note commits) reads git like the rest of the adapter: one
 * `git log` walk through the process runner, with the variables a git hook sets (GIT_DIR,
 * GIT_INDEX_FILE, ...) scrubbed, so it reads the memory's repository and no other.
 */
import { execFile } from "node:child_process";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { gitNoteHistory } from "../../../src/adapters/git-cli/git-cli-note-history.js";
import { isolatedGitEnv } from "../../helpers/git-env.js";
import { okOf } from "../../helpers/result-helpers.js";

const run = promisify(execFile);

describe("gitNoteHistory", () => {
  let base: string;
  let root: string;
  let env: Record<string, string>;
  const git = (...args: string[]) =>
    run("git", args, { cwd: root, env: { ...process.env, ...env } });
  beforeEach(async () => {
    base = await mkdtemp(join(tmpdir(), "agent-memory-history-"));
    root = join(base, "repo");
    env = await isolatedGitEnv(base);
    await mkdir(join(root, "topics"), { recursive: true });
    await git("init", "-q", "-b", "main");
    await writeFile(join(root, "topics/a id__AAAAAA.md"), "# A\n");
    await git("add", "-A");
    await git("-c", "user.name=T", "-c", "user.email=t@example.com", "commit", "-qm", "first note");
  });
  afterEach(() => rm(base, { recursive: true, force: true }));

  it("reads the memory's repository even inside a git hook (GIT_DIR set to another one)", async () => {
    const saved = process.env["GIT_DIR"];
    process.env["GIT_DIR"] = join(base, "elsewhere.git");
    try {
      const history = okOf(await gitNoteHistory({ dir: root }));
      expect(history.get("id__AAAAAA")?.map((commit) => commit.message)).toEqual(["first note"]);
    } finally {
      if (saved === undefined) delete process.env["GIT_DIR"];
      else process.env["GIT_DIR"] = saved;
    }
  });
});
