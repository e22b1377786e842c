/**
 * Only a memory is a memory (issue 13, item 3): `init` refuses a folder that already holds
 * other files unless asked, and every other command refuses a folder that is not a memory,
 * naming --root, AGENT_MEMORY_ROOT and `memory init`. Real CLI, real git.
 */
import { mkdir, readFile, readdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSandbox, type Sandbox } from "./cli-harness.js";

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await createSandbox();
});
afterAll(() => sandbox.cleanup());

describe("what the CLI takes for a memory", () => {
  it("init refuses a project folder unless --force, and git-ignores .agent-memory/", async () => {
    const project = join(sandbox.dir, "project");
    await mkdir(join(project, "src"), { recursive: true });
    await writeFile(join(project, "package.json"), "{}\n");
    const refused = await sandbox.cli(["init", "--root", project]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(
      /already holds files that are not a memory's \(package\.json, src\)/,
    );
    expect(refused.stderr).toMatch(/--force/);
    expect((await readdir(project)).toSorted()).toEqual(["package.json", "src"]);
    const forced = await sandbox.cli(["init", "--root", project, "--force"]);
    expect(forced.code).toBe(0);
    expect(await readFile(join(project, ".agent-memory", ".gitignore"), "utf8")).toBe("*\n");
    const status = await sandbox.git(project, ["status", "--porcelain", "--untracked-files=all"]);
    expect(status).not.toContain(".agent-memory");
  });

  it("every other command refuses a folder that is not a memory", async () => {
    const source = join(sandbox.dir, "app", "src");
    await mkdir(source, { recursive: true });
    for (const args of [["list"], ["capture", "A note"], ["doctor"]]) {
      const run = await sandbox.cli([...args, "--root", source]);
      expect(run.code).toBe(1);
      expect(run.stderr).toMatch(/is not a memory/);
      expect(run.stderr).toMatch(/memory init --root/);
      expect(run.stderr).toMatch(/AGENT_MEMORY_ROOT/);
    }
    expect(await readdir(source)).toEqual([]);
  });
});
