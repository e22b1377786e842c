/**
 * `memory import` end to end: the CLI on a real memory in a real git repository, one row per
 * (kind, fixture, expectations); in this process but the first row's import (the executable). A row runs when this build has its kind (the kinds are
 * written apart from the pipeline, issue 34) and is skipped, saying so, until then.
 */
import { readFile, stat } from "node:fs/promises";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importKinds, type ImportKindName, type ImportReport } from "../../src/migrate/index.js";
import { defaultSourceName } from "../../src/cli/commands/import.js";
import { scaledMs } from "../helpers/time-scale.js";
import { createSandbox, jsonOf, readTree, succeeded, type Sandbox } from "./cli-harness.js";

const FIXTURES = resolve(import.meta.dirname, "../fixtures/import");

interface Row {
  readonly kind: ImportKindName;
  /** Relative to test/fixtures/import. */
  readonly fixture: string;
  /** Notes a first import creates, links it resolves and keeps as text. */
  readonly creates: number;
  readonly resolved: number;
  readonly unresolved: number;
  /** A sentence that must be in some note afterwards. */
  readonly sentence: string;
}

// One real fixture per kind (each folder's SOURCES.md says where its files come from); the
// counts are what the kinds' own tests pin, seen through the whole pipeline and the CLI.
const ROWS: readonly Row[] = [
  {
    kind: "obsidian",
    fixture: "obsidian-simple",
    creates: 2,
    resolved: 2,
    // The obsidian kind keeps a link to a missing note as written and reports it as a problem,
    // so the pipeline has no key link left unresolved.
    unresolved: 0,
    sentence: "Owners sign off on every release.",
  },
  {
    kind: "claude-code",
    fixture: "claude-code/agterm",
    creates: 8,
    resolved: 5,
    unresolved: 0,
    sentence:
      "agterm is a native macOS SwiftUI terminal on libghostty with a workspace-to-session sidebar.",
  },
  {
    kind: "agents-md",
    fixture: "agents-md/codex",
    creates: 8,
    resolved: 6,
    unresolved: 0,
    sentence: "When using format! and you can inline variables into {}, always do that.",
  },
  {
    kind: "mcp-memory",
    fixture: "mcp-memory/legalflow/memory.jsonl",
    creates: 3,
    resolved: 3,
    unresolved: 0,
    sentence: "Focuses on court dates, deadlines, and significant legal milestones",
  },
  {
    kind: "basic-memory",
    fixture: "basic-memory/video-annotator",
    creates: 11,
    resolved: 20,
    unresolved: 0,
    sentence: "Aligning testing tooling with Storybook and factory-boy",
  },
  {
    kind: "obsidian",
    fixture: "obsidian/sandbox",
    creates: 31,
    resolved: 52,
    unresolved: 0,
    sentence: "From standard note-taking",
  },
  {
    kind: "mem0",
    fixture: "mem0/get-all-v3.json",
    creates: 1,
    resolved: 0,
    unresolved: 0,
    sentence: "Alex prefers vegetarian restaurants",
  },
];

let sandbox: Sandbox;
let memoryRoot: string;

beforeAll(async () => {
  sandbox = await createSandbox();
  memoryRoot = join(sandbox.dir, "memory");
  succeeded(await sandbox.cliInProcess(["init", "--root", memoryRoot]));
});
afterAll(() => sandbox.cleanup());

/** Every file of a folder with its bytes and mtime: what "never modified" compares. */
async function fingerprint(path: string): Promise<Record<string, string>> {
  const info = await stat(path);
  if (info.isFile()) return { [path]: `${info.mtimeMs} ${await readFile(path, "utf8")}` };
  const tree = await readTree(path);
  const out: Record<string, string> = {};
  for (const [file, text] of Object.entries(tree))
    out[file] = `${(await stat(join(path, file))).mtimeMs} ${text}`;
  return out;
}

const subjects = async () =>
  (await sandbox.git(memoryRoot, ["log", "--format=%s"])).trim().split("\n");

describe.each(ROWS)("memory import $kind $fixture", (row) => {
  const present = importKinds.some((kind) => kind.name === row.kind);
  it.skipIf(!present)(
    "dry run writes nothing; the import is one commit; a re-run changes nothing; the source is untouched",
    async () => {
      const source = join(FIXTURES, row.fixture);
      const sourceBefore = await fingerprint(source);
      const treeBefore = await readTree(memoryRoot);
      const commitsBefore = await subjects();

      const plan = jsonOf<ImportReport>(
        succeeded(
          await sandbox.cliInProcess([
            "import",
            row.kind,
            source,
            "--dry-run",
            "--json",
            "--root",
            memoryRoot,
          ]),
        ),
      );
      expect(plan.counts.create).toBe(row.creates);
      expect(await readTree(memoryRoot)).toEqual(treeBefore);
      expect(await subjects()).toEqual(commitsBefore);

      // The first row's import runs the executable; the others run in this process.
      const cli = row === ROWS[0] ? sandbox.cli : sandbox.cliInProcess;
      const done = jsonOf<ImportReport>(
        succeeded(await cli(["import", row.kind, source, "--json", "--root", memoryRoot])),
      );
      expect(done.counts.create).toBe(row.creates);
      expect(done.links).toEqual({ resolved: row.resolved, unresolved: row.unresolved });
      expect(await subjects()).toHaveLength(commitsBefore.length + 1);
      const texts = Object.values(await readTree(memoryRoot)).join("\n");
      expect(texts).toContain(row.sentence);

      const again = succeeded(
        await sandbox.cliInProcess(["import", row.kind, source, "--root", memoryRoot]),
      );
      expect(again.stdout).toContain(`0 new, 0 updated, ${row.creates} unchanged`);
      expect(await subjects()).toHaveLength(commitsBefore.length + 1);
      expect(await fingerprint(source)).toEqual(sourceBefore);
    },
    scaledMs(60_000),
  );
});

describe("the name an import is recorded under", () => {
  it("is PATH's base name, with its parent's for names every source of a kind shares", () => {
    expect(defaultSourceName("/home/me/code/agterm")).toBe("agterm");
    expect(defaultSourceName("/home/me/.claude/projects/-home-me-app/memory")).toBe(
      "-home-me-app-memory",
    );
    expect(defaultSourceName("/srv/legalflow/memory.jsonl")).toBe("legalflow-memory.jsonl");
  });

  it("keeps two mcp-memory files apart, and --name chooses it", async () => {
    const source = join(FIXTURES, "mcp-memory/legalflow/memory.jsonl");
    const first = jsonOf<ImportReport>(
      succeeded(
        await sandbox.cliInProcess([
          "import",
          "mcp-memory",
          source,
          "--name",
          "team-graph",
          "--dry-run",
          "--json",
          "--root",
          memoryRoot,
        ]),
      ),
    );
    expect(first.source).toBe("team-graph");
    const other = jsonOf<ImportReport>(
      succeeded(
        await sandbox.cliInProcess([
          "import",
          "mcp-memory",
          join(FIXTURES, "mcp-memory/dmetrics-go/memory.jsonl"),
          "--dry-run",
          "--json",
          "--root",
          memoryRoot,
        ]),
      ),
    );
    expect(other.source).toBe("dmetrics-go-memory.jsonl");
    expect(other.counts.update + other.counts.unchanged).toBe(0);
  });
});

describe("memory import: bad command lines", () => {
  it("an unknown kind is a usage error that lists the kinds", async () => {
    const run = await sandbox.cliInProcess(["import", "evernote", ".", "--root", memoryRoot]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('Unknown source kind "evernote"');
    for (const kind of importKinds) expect(run.stderr).toContain(kind.name);
  });

  const folderKind = importKinds.find((kind) => kind.pathIs === "folder");
  it.skipIf(folderKind === undefined)(
    "a missing PATH and a file for a folder are refused, saying so",
    async () => {
      const name = folderKind?.name ?? "";
      const missing = await sandbox.cliInProcess([
        "import",
        name,
        join(sandbox.dir, "nowhere"),
        "--root",
        memoryRoot,
      ]);
      expect(missing.code).toBe(1);
      expect(missing.stderr).toContain("does not exist");
      const file = await sandbox.cliInProcess([
        "import",
        name,
        join(FIXTURES, "obsidian-simple", "Deploys.md"),
        "--root",
        memoryRoot,
      ]);
      expect(file.code).toBe(1);
      expect(file.stderr).toContain("is a file, and this kind imports a folder");
    },
  );

  it("a bad --status is a usage error", async () => {
    const name = importKinds[0]?.name ?? "obsidian";
    const run = await sandbox.cliInProcess([
      "import",
      name,
      ".",
      "--status",
      "archived",
      "--root",
      memoryRoot,
    ]);
    expect(run.code).toBe(2);
  });
});
