import { readFile, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { NoteMeta } from "../../src/notes/store/note-meta.js";
import { createSandbox, firstOfEachSpawned, jsonOf, type Sandbox } from "./cli-harness.js";

/** `memory`: each command's first call in this file a real process, the later ones in-process. */
let memoryCli: ReturnType<typeof firstOfEachSpawned>;
let sandbox: Sandbox;
let repo: string;
let root: string;
let agentsMd: string;
/** `memory <args>` run from inside the memory root. */
const inRoot = (args: readonly string[]) => memoryCli(args, { cwd: root });
/** Captures an active note from inside the root and returns its meta. */
const capture = async (title: string, body: string) =>
  jsonOf<{ note: NoteMeta }>(
    await inRoot(["capture", title, "--body", body, "--status", "active", "--json"]),
  ).note;

beforeAll(async () => {
  sandbox = await createSandbox();
  memoryCli = firstOfEachSpawned(sandbox);
  repo = join(sandbox.dir, "repo");
  root = join(repo, "memory");
  agentsMd = join(repo, "AGENTS.md");
  const init = await memoryCli(["init", "--root", root]);
  if (init.code !== 0) throw new Error(`memory init failed: ${init.stderr}`);
  const console = await capture("Console app", "Ships daily.");
  const igor = await capture(
    "Igor is a designer",
    `He works on [[${console.id}|the console]]. ${"He sketches every screen before coding it. ".repeat(10)}`,
  );
  await writeFile(
    join(root, "index.md"),
    `# Index\n\n## Hot\n\n- [[${igor.id}|Igor]]\n\n## Warm\n\n- [[${console.id}|Console]]\n`,
  );
  await writeFile(agentsMd, "# Repository rules\n\nRun the tests.\n");
});
afterAll(() => sandbox.cleanup());

describe("memory agents-md", () => {
  it("writes the section after the hand-written text, then leaves an unchanged file alone", async () => {
    const first = await inRoot(["agents-md", "--target", "../AGENTS.md"]);
    expect(first).toMatchObject({ code: 0, stderr: "" });
    expect(first.stdout).toBe("updated ../AGENTS.md: 1 note inlined, 1 listed.\n");
    const content = await readFile(agentsMd, "utf8");
    expect(
      content.startsWith("# Repository rules\n\nRun the tests.\n\n<!-- agent-memory:start -->\n"),
    ).toBe(true);
    expect(content).toMatch(
      /### Igor is a designer\n\nHe works on \[the console\]\(<memory\/topics\/console-app id__\w{6}\.md>\)\./,
    );
    expect(content).toMatch(/- \[Console app\]\(<memory\/topics\/console-app id__\w{6}\.md>\)/);
    expect(content.endsWith("<!-- agent-memory:end -->\n")).toBe(true);

    const before = await stat(agentsMd);
    const second = jsonOf<{ written: boolean; path: string; inlined: string[] }>(
      await memoryCli(["agents-md", "--root", root, "--target", agentsMd, "--json"]),
    );
    expect(second).toMatchObject({ written: false, path: agentsMd });
    expect(second.inlined).toHaveLength(1);
    expect(await readFile(agentsMd, "utf8")).toBe(content);
    expect((await stat(agentsMd)).mtimeMs).toBe(before.mtimeMs);
    expect((await inRoot(["agents-md", "--target", "../AGENTS.md"])).stdout).toMatch(
      /^unchanged \.\.\/AGENTS\.md/,
    );
  });

  it("demotes hot notes over a small budget and says so", async () => {
    const target = join(sandbox.dir, "SMALL.md");
    const run = await memoryCli([
      "agents-md",
      "--root",
      root,
      "--target",
      target,
      "--budget",
      "150",
    ]);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(
      /^updated .*SMALL\.md: 0 notes inlined, 2 listed \(1 demoted from hot\)\.\n$/,
    );
    expect(await readFile(target, "utf8")).toContain(
      "Listed instead of inlined to keep this section within 150 tokens: Igor is a designer.",
    );
  });

  it("exits 1 on damaged markers and changes nothing; 2 on a bad command line", async () => {
    const damaged = join(sandbox.dir, "DAMAGED.md");
    const text = "<!-- agent-memory:end -->\nmine\n<!-- agent-memory:start -->\n";
    await writeFile(damaged, text);
    const run = await memoryCli(["agents-md", "--root", root, "--target", damaged]);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/^memory: .*DAMAGED\.md has damaged agent-memory markers/);
    expect(await readFile(damaged, "utf8")).toBe(text);

    expect((await inRoot(["agents-md"])).code).toBe(2);
    const badBudget = await inRoot(["agents-md", "--target", "x.md", "--budget", "lots"]);
    expect(badBudget.code).toBe(2);
    expect(badBudget.stderr).toMatch(/--budget takes a whole number/);
  });
});
