import { readFile, readdir } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Note, NoteMeta } from "../../src/notes/store/note-meta.js";
import {
  createSandbox,
  firstOfEachSpawned,
  jsonOf,
  type CliRun,
  type Sandbox,
} from "./cli-harness.js";

let sandbox: Sandbox;
let root: string;
let cli: ReturnType<typeof firstOfEachSpawned>;
/** `memory <args> --root <root>`: each command's first call a real process, then in-process. */
const memory = (args: readonly string[], input?: string) =>
  cli([...args, "--root", root], input === undefined ? {} : { input });
const subjects = async () => (await sandbox.git(root, ["log", "--format=%s"])).trim().split("\n");

beforeAll(async () => {
  sandbox = await createSandbox();
  cli = firstOfEachSpawned(sandbox);
  root = join(sandbox.dir, "memory");
});
afterAll(() => sandbox.cleanup());

describe("init", () => {
  it("creates the layout, the index note and a repository, and commits; a second run adds nothing", async () => {
    const first = await memory(["init"]);
    expect(first.code).toBe(0);
    expect(first.stdout).toContain(`Created a git repository in ${root}`);
    expect(first.stdout).toMatch(/Committed [0-9a-f]{7}: memory: init/);
    expect((await readdir(root)).toSorted()).toEqual([
      ".agent-memory",
      ".git",
      ".gitattributes",
      ".gitignore",
      "archive",
      "inbox",
      "index.md",
      "topics",
    ]);
    expect(await readFile(join(root, "index.md"), "utf8")).toBe("# Index\n\n## Hot\n\n## Warm\n");
    expect(await sandbox.git(root, ["branch", "--show-current"])).toBe("main\n");
    const again = jsonOf<{ created: string[]; gitInitialized: boolean; commit: string | null }>(
      await memory(["init", "--json"]),
    );
    expect(again).toMatchObject({ created: [], gitInitialized: false, commit: null });
    expect(await subjects()).toEqual(["memory: init"]);
  });

  it("uses the repository around a subfolder instead of creating one", async () => {
    const sub = join(root, "..", "host");
    await sandbox.git(sandbox.dir, ["init", "-q", "host"]);
    const run = jsonOf<{ gitInitialized: boolean; repository: string }>(
      await sandbox.cliInProcess(["init", "--root", join(sub, "orgs", "acme"), "--json"]),
    );
    expect(run).toMatchObject({ gitInitialized: false, repository: sub });
    expect(await sandbox.git(sub, ["log", "--format=%s", "--name-only"])).toBe(
      "memory: init\n\norgs/acme/.gitattributes\norgs/acme/.gitignore\norgs/acme/index.md\n",
    );
  });
});

describe("capture, show, list, timestamps", () => {
  let igor: NoteMeta;
  let rust: NoteMeta;

  let captured: CliRun;
  let piped: CliRun;

  beforeAll(async () => {
    captured = await memory([
      "capture",
      "Igor",
      "is",
      "a",
      "designer",
      "--tag",
      "people",
      "--tag",
      "#work",
      "--body",
      "Works on [[id__Zzzzzz|a ghost]].",
    ]);
    const [listed] = jsonOf<NoteMeta[]>(await memory(["list", "--json"]));
    if (listed === undefined)
      throw new Error(`the captured note is not listed: ${captured.stderr}`);
    igor = listed;
    piped = await memory(
      ["capture", "Rust", "--status", "active", "--json"],
      `Igor likes [[${igor.id}|Igor]].\n`,
    );
    rust = jsonOf<{ note: NoteMeta }>(piped).note;
  });

  it("captures with a title of several words, tags, a body from --body or stdin", () => {
    expect(captured.code).toBe(0);
    expect(captured.stdout).toMatch(
      /^Captured id__\w{6} "Igor is a designer" in inbox\/igor-is-a-designer id__\w{6}\.md\n/,
    );
    expect(captured.stdout).toMatch(
      /Committed [0-9a-f]{7}: memory: capture "Igor is a designer" \(id__\w{6}\)/,
    );
    expect(piped.code).toBe(0);
    expect(jsonOf<{ commit: string }>(piped).commit).toMatch(/^[0-9a-f]{40}$/);
    expect(rust).toMatchObject({ title: "Rust", status: "active" });
  });

  it("writes the files and one commit per capture", async () => {
    expect(await readFile(join(root, igor.path), "utf8")).toBe(
      "# Igor is a designer\n\n#people #work\n\nWorks on [[id__Zzzzzz|a ghost]].\n",
    );
    expect(await readFile(join(root, rust.path), "utf8")).toBe(
      `# Rust\n\nIgor likes [[${igor.id}|Igor]].\n`,
    );
    expect((await subjects()).slice(0, 2)).toEqual([
      `memory: capture "Rust" (${rust.id})`,
      `memory: capture "Igor is a designer" (${igor.id})`,
    ]);
  });

  it("shows a note by id, with or without the prefix", async () => {
    const human = await memory(["show", igor.id.slice(4)]);
    expect(human.code).toBe(0);
    expect(human.stdout).toMatch(
      new RegExp(
        `^# Igor is a designer\\n${igor.id} · inbox · ${igor.path}\\n#people #work\\ncreated .* UTC, updated .* UTC\\n\\nWorks on`,
      ),
    );
    const json = jsonOf<Note>(await memory(["show", rust.id, "--json"]));
    expect(json).toMatchObject({
      id: rust.id,
      title: "Rust",
      status: "active",
      committed: true,
      body: `Igor likes [[${igor.id}|Igor]].`,
    });
  });

  it("suggests the closest titles for an unknown id", async () => {
    const run = await memory(["show", "igr designer"]);
    expect(run.code).toBe(1);
    expect(run.stderr).toBe(
      `memory: No note has the id "igr designer". Closest: ${igor.id} "Igor is a designer". Run "memory list" to see every note's id.\n`,
    );
    const json = jsonOf<{ error: { code: string; suggestions: unknown[] } }>(
      await memory(["show", "id__Zzzzzz", "--json"]),
    );
    expect(json.error).toMatchObject({ code: "NOT_FOUND", suggestions: [] });
  });

  it("lists notes, filtered by status and tag", async () => {
    const all = await memory(["list"]);
    expect(all.stdout).toBe(
      `${igor.id}  inbox     Igor is a designer\n${rust.id}  active    Rust\n`,
    );
    const filtered = jsonOf<NoteMeta[]>(
      await memory(["list", "--status", "inbox", "--tag", "people", "--json"]),
    );
    expect(filtered.map((note) => note.id)).toEqual([igor.id]);
    expect((await memory(["list", "--tag", "nothing"])).stdout).toBe("No notes.\n");
  });

  it("prints each note's times from git", async () => {
    const rows = jsonOf<{ id: string; createdAt: number; updatedAt: number; committed: boolean }[]>(
      await memory(["timestamps", "--json"]),
    );
    expect(rows.map((row) => [row.id, row.committed])).toEqual([
      [igor.id, true],
      [rust.id, true],
    ]);
    expect(
      rows.every((row) => row.createdAt <= row.updatedAt && row.createdAt > Date.UTC(2020, 0, 1)),
    ).toBe(true);
    expect((await memory(["timestamps"])).stdout).toMatch(
      new RegExp(
        `^${igor.id}  created \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d UTC  updated .* UTC  Igor is a designer\\n`,
      ),
    );
  });

  it("shows links, orphans and broken links", async () => {
    const links = await memory(["links", igor.id]);
    expect(links.code).toBe(0);
    expect(links.stdout).toContain(`Links in (1):\n  ${rust.id}  active    Rust`);
    expect(links.stdout).toContain("Links out (1):\n  id__Zzzzzz  missing   a ghost");
    expect(links.stdout).toContain("In the index note: no");
    const json = jsonOf<{
      inbound: { id: string }[];
      outbound: { exists: boolean }[];
      indexed: boolean;
    }>(await memory(["links", rust.id, "--json"]));
    expect(json).toMatchObject({ inbound: [], outbound: [{ exists: true }], indexed: false });
    expect((await memory(["orphans"])).stdout).toBe(`${rust.id}  active    Rust\n`);
    expect(jsonOf<{ id: string }[]>(await memory(["orphans", "--json"])).map((o) => o.id)).toEqual([
      rust.id,
    ]);
    expect((await memory(["broken"])).stdout).toBe(
      `${igor.id}  Igor is a designer  ->  id__Zzzzzz (no such note)\n`,
    );
    expect(jsonOf(await memory(["broken", "--json"]))).toEqual([
      {
        sourceId: igor.id,
        sourceTitle: "Igor is a designer",
        sourcePath: igor.path,
        targetId: "id__Zzzzzz",
        mergedInto: null,
      },
    ]);
  });

  it("refuses an empty title with exit 1, and --no-commit leaves the file uncommitted", async () => {
    const empty = await memory(["capture", "  ", "--body", "x"]);
    expect(empty.code).toBe(1);
    expect(empty.stderr).toMatch(/^memory: The title is empty\..*\n$/);
    const before = await subjects();
    const uncommitted = await memory(
      ["capture", "Draft", "--no-commit", "--body", "-"],
      "from stdin",
    );
    expect(uncommitted.code).toBe(0);
    expect(uncommitted.stdout).toContain("Not committed: --no-commit was given.");
    expect(await subjects()).toEqual(before);
    expect(await sandbox.git(root, ["status", "--porcelain"])).toMatch(
      /^\?\? "inbox\/draft id__\w{6}\.md"\n$/,
    );
  });
});
