/**
 * A memory the library made by itself (no `memory init`, so no ignore rule in its
 * `.gitignore`) keeps files in `.agent-memory/` for good: the clone's name and the spend
 * ledger. They must not show in `git status`, or an agent's `git add -A` commits them.
 */
import { execFileSync } from "node:child_process";
import * as nodeFs from "node:fs";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { fsPersistence } from "../../src/adapters/fs/fs-persistence.js";
import { cloneIdOf } from "../../src/lifecycle/journal/clone-id.js";
import { recordCall } from "../../src/lifecycle/spend/spend-ledger.js";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function repository(): string {
  const dir = mkdtempSync(join(tmpdir(), "agent-memory-private-"));
  dirs.push(dir);
  const home = mkdtempSync(join(tmpdir(), "agent-memory-home-"));
  dirs.push(home);
  execFileSync("git", ["init", "-q", dir], { env: { ...process.env, HOME: home } });
  return dir;
}

const status = (dir: string) =>
  execFileSync("git", ["status", "--porcelain", "--untracked-files=all"], {
    cwd: dir,
    encoding: "utf8",
  });

describe("the private folder of a library-made memory", () => {
  it("stays out of git status once the clone has a name and the ledger a line", async () => {
    const dir = repository();
    const persistence = fsPersistence({ fs: nodeFs, root: dir });
    expect((await cloneIdOf(persistence)).isOk()).toBe(true);
    const call = { at: "2026-11-27T12:00:00.000Z", op: "consolidate", run: "r1", in: 10, out: 2 };
    const recorded = await recordCall(
      persistence,
      { ...call, counted: "estimate" },
      Date.parse(call.at),
    );
    expect(recorded.isOk()).toBe(true);
    expect(nodeFs.existsSync(join(dir, ".agent-memory/clone-id"))).toBe(true);
    expect(nodeFs.existsSync(join(dir, ".agent-memory/spend.jsonl"))).toBe(true);
    expect(status(dir)).toBe("");
  });

  it("leaves an ignore file the person wrote alone", async () => {
    const dir = repository();
    nodeFs.mkdirSync(join(dir, ".agent-memory"));
    nodeFs.writeFileSync(join(dir, ".agent-memory/.gitignore"), "cache/\n");
    const persistence = fsPersistence({ fs: nodeFs, root: dir });
    expect((await cloneIdOf(persistence)).isOk()).toBe(true);
    expect(nodeFs.readFileSync(join(dir, ".agent-memory/.gitignore"), "utf8")).toBe("cache/\n");
  });
});
