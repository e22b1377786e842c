/**
 * The skills/ folder: every SKILL.md follows the Agent Skills rules (agentskills.io), and every
 * command a skill shows runs, in order, through a shell on a temporary memory with real git.
 */
import { chmod, mkdir, readFile, readdir, writeFile } from "node:fs/promises";
import { execFile } from "node:child_process";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLI, createSandbox, jsonOf, succeeded, type Sandbox } from "../cli/cli-harness.js";
import { scaledMs } from "../helpers/time-scale.js";

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
  const id = (placeholder: string) => ids[placeholder] ?? placeholder;

  beforeAll(async () => {
    sandbox = await createSandbox();
    root = join(sandbox.dir, "memory");
    const bin = join(sandbox.dir, "bin");
    await mkdir(bin);
    await writeFile(join(bin, "memory"), `#!/bin/sh\nexec "${process.execPath}" "${CLI}" "$@"\n`);
    await chmod(join(bin, "memory"), 0o755);
    env = { ...sandbox.env, PATH: `${bin}:${sandbox.env["PATH"] ?? ""}`, AGENT_MEMORY_ROOT: root };
    // The setup and the checks run the CLI in this process; every command a skill shows runs
    // through a shell, as an agent would type it.
    succeeded(await sandbox.cliInProcess(["init", "--root", root]));
    const capture = async (title: string, body: string) =>
      jsonOf<{ note: { id: string } }>(
        await sandbox.cliInProcess(["capture", title, "--body", body, "--json", "--root", root]),
      ).note.id;
    ids["<id>"] = await capture(
      "Deploys go through the release branch",
      "Tag on main, then merge to release; CI deploys from release.\n\n## History\n\n- 2024: set up\n\n## See also",
    );
    ids["<other-id>"] = await capture("The console app", "The web console.");
    ids["<old-id>"] = await capture("Deploys happen on Fridays", "No longer true.");
    ids["<scratch-id>"] = await capture("Scratch: try the deploy dry run", "Done.");
  });
  afterAll(() => sandbox.cleanup());

  const memory = async <T>(args: readonly string[]) =>
    jsonOf<T>(await sandbox.cliInProcess([...args, "--json", "--root", root]));
  const body = async (placeholder: string) =>
    (await memory<{ body: string }>(["show", id(placeholder)])).body;

  /**
   * What each command shown must have done, by the command's start: every command a skill
   * shows needs one here, so a new example cannot go unchecked.
   */
  const EFFECTS: readonly (readonly [RegExp, (output: string) => Promise<void>])[] = [
    [/^memory search release branch$/, async (output) => expect(output).toContain(id("<id>"))],
    [
      /^memory search deploy --k 3$/,
      async (output) => {
        expect(output).toContain(id("<id>"));
        expect(output.match(/id__\w{6}/g)?.length ?? 0).toBeLessThanOrEqual(3);
      },
    ],
    [/^memory show <id>$/, async (output) => expect(output).toMatch(/^# Deploys go through/)],
    [/^memory links <id>$/, async (output) => expect(output).toMatch(/Links in \(\d+\)/)],
    [/^memory recent --since 7d$/, async (output) => expect(output).toContain(id("<other-id>"))],
    [
      /^memory capture /,
      async () => {
        const tagged = await memory<{ title: string }[]>(["list", "--tag", "deploy"]);
        expect(tagged.map((note) => note.title)).toEqual(["Deploys go through the release branch"]);
      },
    ],
    [
      /^memory edit <id> --append /,
      async () => {
        expect(await body("<id>")).toContain(`[[${id("<other-id>")}|the console app]]`);
        const links = await memory<{ inbound: { id: string }[] }>(["links", id("<other-id>")]);
        expect(links.inbound.map((link) => link.id)).toEqual([id("<id>")]);
      },
    ],
    [
      /^memory edit <id> --replace /,
      async () =>
        expect(await body("<id>")).toContain("CI deploys from release after the smoke tests"),
    ],
    [
      /^memory edit <id> --section History --append/,
      async () =>
        // The earlier history line stays; the new one joins the list.
        expect(await body("<id>")).toContain(
          "## History\n\n- 2024: set up\n- 2026-05: moved to the platform team\n\n## See also",
        ),
    ],
    [
      /^memory forget <old-id>$/,
      async () => {
        const note = await memory<{ status: string; path: string }>(["show", id("<old-id>")]);
        expect(note).toMatchObject({
          status: "archived",
          path: expect.stringMatching(/^archive\//),
        });
      },
    ],
    [
      /^memory forget <scratch-id> --remove$/,
      async () => {
        const shown = await sandbox.cliInProcess(["show", id("<scratch-id>"), "--root", root]);
        expect(shown.code).toBe(1);
        expect(await sandbox.git(root, ["log", "-1", "--format=%s"])).toMatch(
          /^memory: forget .*remove/,
        );
      },
    ],
    [
      /^memory tier <id> hot$/,
      async () =>
        expect(await readFile(join(root, "index.md"), "utf8")).toContain(`[[${id("<id>")}|`),
    ],
    [
      /^memory context( --budget 4000)?$/,
      async (output) => expect(output).toContain("CI deploys from release after the smoke tests"),
    ],
    [
      /^memory pickup$/,
      async (output) => expect(output).toMatch(/^(No session to pick up|next: )/),
    ],
    [
      /^memory log --what /,
      async () =>
        expect((await memory<{ next: string }>(["pickup"])).next).toBe(
          "Ask the platform team to review the release note",
        ),
    ],
    [
      /^printf .*\| memory log$/,
      async () =>
        expect((await memory<{ next: string }>(["pickup"])).next).toBe("check the weekly export"),
    ],
    [
      /^memory journal add /,
      async () => {
        const listed = await sandbox.cliInProcess(["journal", "list", "--root", root]);
        expect(listed.stdout).toContain('"The weekly export uses UTC days"');
      },
    ],
    [
      /^memory status$/,
      async (output) => expect(output).toMatch(/waiting for consolidation: 1 journal/),
    ],
  ];

  const run = (line: string) =>
    new Promise<{ code: number; output: string }>((done) => {
      const command = line.replace(/<[a-z-]+>/g, (placeholder) => id(placeholder));
      execFile("sh", ["-c", command], { cwd: sandbox.dir, env }, (error, stdout, stderr) =>
        done({ code: error === null ? 0 : Number(error.code ?? 1), output: `${stdout}${stderr}` }),
      );
    });

  for (const folder of ["agent-memory", "session-notes"]) {
    it(
      `runs every command in ${folder}/SKILL.md and checks what it did`,
      async () => {
        const commands = shownCommands(await readFile(join(SKILLS, folder, "SKILL.md"), "utf8"));
        expect(commands.length).toBeGreaterThan(3);
        for (const command of commands) {
          expect(command).toMatch(/^(memory |printf .*\| memory )/);
          const checks = EFFECTS.filter(([pattern]) => pattern.test(command));
          expect({ command, checks: checks.length }).toEqual({ command, checks: 1 });
          const result = await run(command);
          expect({ command, ...result }).toMatchObject({ command, code: 0 });
          await checks[0]?.[1](result.output);
        }
        // Each command is a CLI process (about a second each on a loaded machine).
      },
      scaledMs(300_000),
    );
  }
});
