/**
 * The whole lifecycle against a bare local remote with the real git CLI: a run in one clone
 * consolidates and pushes; a run in a second clone pulls, and both memories agree. A pull
 * that conflicts stops the run with a clear message and changes nothing.
 */
import { execFileSync } from "node:child_process";
import * as nodeFs from "node:fs";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fsPersistence } from "../../src/adapters/fs/fs-persistence.js";
import { gitCli } from "../../src/adapters/git-cli/git-cli.js";
import { llmFromFunction } from "../../src/adapters/llm/llm-from-function.js";
import { createMemory } from "../../src/memory.js";
import { isolatedGitEnv } from "../helpers/git-env.js";
import { errOf, okOf } from "../helpers/result-helpers.js";

const ANSWER = JSON.stringify({
  notes: [
    {
      op: "create",
      key: "pnpm",
      title: "The build uses pnpm",
      tags: ["tooling"],
      body: "Decided on 2026-11-20.",
    },
  ],
  inbox: [],
});

describe("the lifecycle against a bare remote", () => {
  let base = "";
  let env: Record<string, string> = {};
  const git = (cwd: string, ...args: string[]) =>
    execFileSync("git", args, { cwd, env: { ...process.env, ...env }, encoding: "utf8" });
  const memoryAt = (dir: string) =>
    createMemory({
      persistence: fsPersistence({ fs: nodeFs, root: dir }),
      git: gitCli({ dir, env }),
      llm: llmFromFunction(() => ANSWER),
    });

  beforeAll(async () => {
    base = await mkdtemp(join(tmpdir(), "agent-memory-remote-"));
    env = await isolatedGitEnv(base);
    git(base, "init", "-q", "--bare", "-b", "main", "remote.git");
    git(base, "clone", "-q", join(base, "remote.git"), "a");
    git(base, "clone", "-q", join(base, "remote.git"), "b");
  });
  afterAll(async () => {
    await rm(base, { recursive: true, force: true });
  });

  it("pushes from one clone, pulls into the other, and both agree", async () => {
    const a = memoryAt(join(base, "a"));
    okOf(
      await a.journal.add({
        harness: "manual",
        retrieval: { method: "none" },
        note: "we moved to pnpm",
      }),
    );
    const first = okOf(await a.run({ agentsMd: [{ target: "AGENTS.md" }] }));
    expect(first.consolidation.created).toHaveLength(1);
    expect(first.pushed).toBe("pushed");

    const b = memoryAt(join(base, "b"));
    const second = okOf(await b.run());
    expect(["merged", "up-to-date"]).toContain(second.pulled);
    const titles = async (m: ReturnType<typeof memoryAt>) =>
      okOf(await m.list()).map((meta) => [meta.id, meta.title]);
    expect(await titles(b)).toEqual(await titles(a));
    expect(await readFile(join(base, "b", "AGENTS.md"), "utf8")).toContain(
      "<!-- agent-memory:start -->",
    );
  });

  it("stops on a pull conflict with a clear message and loses nothing", async () => {
    const a = memoryAt(join(base, "a"));
    const b = memoryAt(join(base, "b"));
    okOf(await a.run());
    okOf(await b.run());
    const [note] = okOf(await a.list());
    const path = note?.path ?? "";
    await writeFile(join(base, "a", path), "# The build uses pnpm\n\nedited in a\n");
    okOf(await a.run());
    await writeFile(join(base, "b", path), "# The build uses pnpm\n\nedited in b, differently\n");
    const error = errOf(await b.run());
    expect(error.code).toBe("PIPELINE");
    expect(error.step).toBe("pull");
    expect(error.message).toMatch(/conflicts in/);
    expect(await readFile(join(base, "b", path), "utf8")).toBe(
      "# The build uses pnpm\n\nedited in b, differently\n",
    );
    expect(git(join(base, "b"), "status", "--porcelain")).toBe("");
  });
});
