/**
 * `memory list` prints a page by default (issue 36: at 100,000 notes every note's line was
 * most of a daemon-served call, and everything an agent reads costs tokens), says how many
 * more there are, and prints every note with --all, or with --json unless --limit is given.
 */
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LIST_PAGE } from "../../src/cli/commands/list.js";
import {
  type CliRun,
  createSandbox,
  firstOfEachSpawned,
  jsonOf,
  type Sandbox,
  succeeded,
} from "./cli-harness.js";

/** `memory`: each command's first call in this file a real process, the later ones in-process. */
let memoryCli: ReturnType<typeof firstOfEachSpawned>;
let sandbox: Sandbox;
let root: string;
const COUNT = LIST_PAGE + 3;
const memory = (args: readonly string[]): Promise<CliRun> =>
  memoryCli([...args, "--root", root], { env: { AGENT_MEMORY_NO_DAEMON: "1" } });
const lines = (run: CliRun): string[] => succeeded(run).stdout.trimEnd().split("\n");

beforeAll(async () => {
  sandbox = await createSandbox();
  memoryCli = firstOfEachSpawned(sandbox);
  root = join(sandbox.dir, "memory");
  succeeded(await memoryCli(["init", "--root", root]));
  // Written as `memory capture` writes a note ("<slug> id__XXXXXX.md", a title line, the
  // body): one CLI process per note would take minutes on a loaded machine.
  for (let at = 0; at < COUNT; at++) {
    const n = String(at).padStart(3, "0");
    const id = `id__Lst${n}`;
    await writeFile(join(root, "topics", `note-${n} ${id}.md`), `# Note ${n}\n\nBody ${n}.\n`);
  }
});

afterAll(async () => {
  await sandbox.cleanup();
});

describe("memory list", () => {
  it(`prints the first ${LIST_PAGE} notes and says how many more there are`, async () => {
    const page = lines(await memory(["list"]));
    expect(page).toHaveLength(LIST_PAGE + 1);
    expect(page[0]).toContain("Note 000");
    expect(page[LIST_PAGE - 1]).toContain(`Note ${String(LIST_PAGE - 1).padStart(3, "0")}`);
    expect(page.at(-1)).toBe(
      `... 3 more (${LIST_PAGE} of ${COUNT} shown): --limit N shows N, --all every one.`,
    );
  });

  it("prints N with --limit N, every note with --all or a limit past the end", async () => {
    const two = lines(await memory(["list", "--limit", "2"]));
    expect(two).toHaveLength(3);
    expect(two.at(-1)).toMatch(/^\.\.\. 51 more \(2 of 53 shown\)/);
    for (const args of [["--all"], ["--limit", String(COUNT)], ["--limit", "1000"]]) {
      const every = lines(await memory(["list", ...args]));
      expect(every).toHaveLength(COUNT);
      expect(every.join("\n")).not.toContain("more (");
    }
  });

  it("prints every note with --json, and N with --json --limit N", async () => {
    expect(jsonOf<unknown[]>(succeeded(await memory(["list", "--json"])))).toHaveLength(COUNT);
    expect(
      jsonOf<unknown[]>(succeeded(await memory(["list", "--json", "--limit", "5"]))),
    ).toHaveLength(5);
  });

  it("refuses a limit that is not a positive whole number, and --limit with --all", async () => {
    for (const [args, said] of [
      [["--limit", "0"], /--limit takes a whole number of notes/],
      [["--limit", "ten"], /--limit takes a whole number of notes/],
      [["--limit", "3", "--all"], /--limit and --all contradict each other/],
    ] as const) {
      const run = await memory(["list", ...args]);
      expect(run.code).toBe(2);
      expect(run.stderr).toMatch(said);
      expect(run.stdout).toBe("");
    }
  });
});
