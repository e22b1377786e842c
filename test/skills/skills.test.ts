/**
 * The skills/ folder: every SKILL.md follows the Agent Skills rules (agentskills.io), and every
 * command a skill shows runs, in order, through a shell on a temporary memory with real git.
 */
import { chmod, mkdir, readFile, readdir, writeFile } from "node:fs/promises";
import { execFile } from "node:child_process";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLI, createSandbox, jsonOf, succeeded, type Sandbox } from "../cli/cli-harness.js";

const SKILLS = resolve(import.meta.dirname, "../../skills");
const FIXTURES = resolve(import.meta.dirname, "../fixtures/hooks/skills");

/** The front matter's problems against the spec, [] when it complies. */
function skillProblems(folder: string, text: string): string[] {
  const front = /^---\n([\s\S]*?)\n---\n/.exec(text)?.[1];
  if (front === undefined) return ["no YAML front matter"];
  const field = (key: string) => new RegExp(`^${key}:\\s*(.*)$`, "m").exec(front)?.[1]?.trim();
  const name = field("name") ?? "";
  const description = field("description") ?? "";
  const problems: string[] = [];
  if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(name) || name.length > 64)
    problems.push(`bad name "${name}"`);
  if (name !== folder) problems.push(`name "${name}" is not the folder "${folder}"`);
  if (description.length === 0 || description.length > 1024)
    problems.push("description must be 1-1024 characters");
  return problems;
}

/** Every line of the ```sh blocks, in order. */
function shownCommands(text: string): string[] {
  return [...text.matchAll(/```sh\n([\s\S]*?)```/g)].flatMap((block) =>
    (block[1] ?? "").split("\n").filter((line) => line.trim() !== "" && !line.startsWith("#")),
  );
}

describe("the Agent Skills format", () => {
  it("accepts the well-formed fixture and rejects the broken one (the checker works)", async () => {
    expect(
      skillProblems(
        "memory-notes",
        await readFile(join(FIXTURES, "memory-notes/SKILL.md"), "utf8"),
      ),
    ).toEqual([]);
    expect(
      skillProblems("bad-name", await readFile(join(FIXTURES, "bad-name/SKILL.md"), "utf8")),
    ).toHaveLength(2);
  });

  it("holds for every skill in skills/", async () => {
    const folders = await readdir(SKILLS);
    expect(folders.toSorted()).toEqual(["agent-memory", "session-notes"]);
    for (const folder of folders) {
      expect(
        skillProblems(folder, await readFile(join(SKILLS, folder, "SKILL.md"), "utf8")),
      ).toEqual([]);
    }
  });
});

describe("every command a skill shows", () => {
  let sandbox: Sandbox;
  let root: string;
  let env: Record<string, string>;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    sandbox = await createSandbox();
    root = join(sandbox.dir, "memory");
    const bin = join(sandbox.dir, "bin");
    await mkdir(bin);
    await writeFile(join(bin, "memory"), `#!/bin/sh\nexec "${process.execPath}" "${CLI}" "$@"\n`);
    await chmod(join(bin, "memory"), 0o755);
    env = { ...sandbox.env, PATH: `${bin}:${sandbox.env["PATH"] ?? ""}`, AGENT_MEMORY_ROOT: root };
    succeeded(await sandbox.cli(["init", "--root", root]));
    const capture = async (title: string, body: string) =>
      jsonOf<{ note: { id: string } }>(
        await sandbox.cli(["capture", title, "--body", body, "--json", "--root", root]),
      ).note.id;
    ids["<id>"] = await capture(
      "Deploys go through the release branch",
      "Tag on main, then merge to release; CI deploys from release.\n\n## History\n\n- 2024: set up\n\n## See also",
    );
    ids["<other-id>"] = await capture("The console app", "The web console.");
  });
  afterAll(() => sandbox.cleanup());

  const run = (line: string) =>
    new Promise<{ code: number; output: string }>((done) => {
      const command = line.replace(
        /<id>|<other-id>/g,
        (placeholder) => ids[placeholder] ?? placeholder,
      );
      execFile("sh", ["-c", command], { cwd: sandbox.dir, env }, (error, stdout, stderr) =>
        done({ code: error === null ? 0 : Number(error.code ?? 1), output: `${stdout}${stderr}` }),
      );
    });

  for (const folder of ["agent-memory", "session-notes"]) {
    it(`runs in ${folder}/SKILL.md`, async () => {
      const commands = shownCommands(await readFile(join(SKILLS, folder, "SKILL.md"), "utf8"));
      expect(commands.length).toBeGreaterThan(3);
      for (const command of commands) {
        expect(command).toMatch(/^(memory |printf .*\| memory )/);
        const result = await run(command);
        expect({ command, ...result }).toMatchObject({ command, code: 0 });
      }
    });
  }

  it("left what the skills wrote in the memory", async () => {
    const shown = jsonOf<{ body: string }>(
      await sandbox.cli(["show", ids["<id>"] ?? "", "--json", "--root", root]),
    );
    expect(shown.body).toContain("CI deploys from release after the smoke tests");
    expect(shown.body).toContain(`[[${ids["<other-id>"] ?? ""}|the console app]]`);
    expect(shown.body).toContain("- 2026-05: moved to the platform team");
    const pickup = jsonOf<{ next: string }>(
      await sandbox.cli(["pickup", "--json", "--root", root]),
    );
    expect(pickup.next).toBe("check the weekly export");
  });
});
