/**
 * Issue 13, item 2: a command reports exactly what happened. Commits run under the memory lock
 * (parallel commands never collide on git's index.lock), and a commit that fails after the
 * change was applied is reported as "applied, not committed" with exit 0, never as a failure
 * an agent would retry (and so apply twice).
 */
import { readdir, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSandbox, jsonOf, succeeded, type Sandbox } from "./cli-harness.js";

let sandbox: Sandbox;
let root: string;

beforeAll(async () => {
  sandbox = await createSandbox();
  root = join(sandbox.dir, "memory");
  succeeded(await sandbox.cliInProcess(["init", "--root", root]));
});
afterAll(() => sandbox.cleanup());

const memory = (args: readonly string[]) => sandbox.cli([...args, "--root", root]);

describe("what a mutating command reports about its commit", () => {
  it("parallel captures all apply, all commit and all exit 0", async () => {
    const before = (await sandbox.git(root, ["log", "--format=%s"])).trim().split("\n").length;
    const runs = await Promise.all(
      Array.from({ length: 8 }, (_, i) => memory(["capture", `Parallel note ${i}`, "--json"])),
    );
    expect(runs.map((run) => [run.code, run.stderr])).toEqual(runs.map(() => [0, ""]));
    const outcomes = runs.map((run) => jsonOf<{ commit: string | null }>(run));
    expect(outcomes.every((outcome) => /^[0-9a-f]{40}$/.test(outcome.commit ?? ""))).toBe(true);
    const subjects = (await sandbox.git(root, ["log", "--format=%s"])).trim().split("\n");
    expect(subjects.length - before).toBe(8);
    expect(await sandbox.git(root, ["status", "--porcelain"])).toBe("");
  });

  it("a capture whose commit fails is applied, says so, and exits 0", async () => {
    // Another program holds git's index lock: the commit cannot run.
    const lock = join(root, ".git", "index.lock");
    await writeFile(lock, "");
    try {
      const run = await memory(["capture", "Written but not committed", "--json"]);
      expect(run.code).toBe(0);
      const result = jsonOf<{
        note: { path: string; committed: boolean };
        commit: string | null;
        notCommitted?: string;
      }>(run);
      expect(result.commit).toBeNull();
      expect(result.note.committed).toBe(false);
      expect(result.notCommitted).toMatch(/index\.lock[\s\S]*applied but not committed/);
      expect(await readdir(join(root, "inbox"))).toContain(result.note.path.slice("inbox/".length));
      const text = await memory(["tier", result.note.path.match(/id__\w{6}/)?.[0] ?? "", "hot"]);
      expect(text.code).toBe(0);
      expect(text.stdout).toMatch(/^Applied, not committed: .*index\.lock/m);
    } finally {
      await rm(lock, { force: true });
    }
    // A later capture commits its own file only: the earlier note stays on disk, uncommitted,
    // for `memory sync` (or a commit) to pick up, and nothing was applied twice.
    succeeded(await memory(["capture", "Next one"]));
    const left = await sandbox.git(root, ["status", "--porcelain", "--", "inbox", "topics"]);
    expect(left.trim().split("\n")).toEqual([
      expect.stringMatching(/^\?\? "?inbox\/written-but-not-committed id__\w{6}\.md"?$/),
    ]);
  });

  it("a committed rename after an uncommitted move leaves the note at one path in HEAD", async () => {
    const captured = jsonOf<{ note: { id: string } }>(
      succeeded(await memory(["capture", "Moved twice", "--json"])),
    );
    const { id } = captured.note;
    succeeded(await memory(["move", id, "active", "--no-commit"]));
    succeeded(await memory(["rename", id, "Moved and renamed"]));
    const head = (await sandbox.git(root, ["ls-tree", "-r", "--name-only", "HEAD"]))
      .split("\n")
      .filter((path) => path.includes(id));
    expect(head).toEqual([`topics/moved-and-renamed ${id}.md`]);
  });
});
