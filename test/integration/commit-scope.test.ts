/**
 * Commits contain exactly the memory's files (issue 13, item 3, and the temp files of item
 * 12): a memory at the top of a project never commits the project's work in progress, and
 * the temp file an interrupted write left behind is never committed. Real git, real files.
 */
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { fsPersistence } from "../../src/adapters/fs/fs-persistence.js";
import { gitCli } from "../../src/adapters/git-cli/git-cli.js";
import { llmFromFunction } from "../../src/adapters/llm/llm-from-function.js";
import { createMemory, type Memory } from "../../src/memory.js";
import { isolatedGitEnv } from "../helpers/git-env.js";
import { okOf } from "../helpers/result-helpers.js";

let base: string;
let root: string;
let env: Record<string, string>;
let memory: Memory;

const git = (...args: string[]) =>
  execFileSync("git", args, { cwd: root, env: { ...process.env, ...env }, encoding: "utf8" });

beforeEach(async () => {
  base = await mkdtemp(join(tmpdir(), "am-scope-"));
  root = join(base, "project");
  await mkdir(root);
  env = await isolatedGitEnv(base);
  git("init", "--quiet", "--initial-branch=main");
  // The project's own work in progress, beside the memory's files.
  await mkdir(join(root, "src"));
  await writeFile(join(root, "src", "app.ts"), "export const wip = 1;\n");
  await writeFile(join(root, "package.json"), "{}\n");
  const llm = llmFromFunction(() => JSON.stringify({ notes: [], inbox: [] }));
  memory = createMemory({
    persistence: fsPersistence({ fs, root }),
    git: gitCli({ dir: root, env }),
    llm,
  });
});

afterEach(async () => {
  await rm(base, { recursive: true, force: true });
});

const committedFiles = () => git("ls-tree", "-r", "--name-only", "HEAD").trim().split("\n");

describe("what a commit of the memory contains", () => {
  it("memory.commit commits the memory's files, not the project's", async () => {
    okOf(await memory.capture({ title: "A note", body: "text" }));
    await mkdir(join(root, "topics"), { recursive: true });
    await writeFile(join(root, "topics", ".half id__Tmp000.md.3f9a0c1e.tmp"), "# Half\n");
    okOf(await memory.commit("memory: batch"));
    const files = committedFiles();
    expect(files.some((file) => file.startsWith("inbox/"))).toBe(true);
    expect(files).not.toContain("src/app.ts");
    expect(files).not.toContain("package.json");
    expect(files.filter((file) => file.endsWith(".tmp"))).toEqual([]);
  });

  it("memory.run (sync) commits outside edits of notes, never the project's files", async () => {
    await mkdir(join(root, "topics"));
    await writeFile(
      join(root, "topics", "hand written id__Hand00.md"),
      "# Hand written\n\nby a person\n",
    );
    const report = okOf(await memory.run({ agentsMd: [{ target: "AGENTS.md" }] }));
    expect(report.pulled).toBe("none");
    const files = committedFiles();
    expect(files).toContain("topics/hand written id__Hand00.md");
    expect(files).toContain("AGENTS.md");
    expect(files).not.toContain("src/app.ts");
    expect(files).not.toContain("package.json");
  });
});
