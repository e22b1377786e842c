/**
 * `memory import` end to end: the built CLI on a real memory in a real git repository, one row
 * per (kind, fixture, expectations). A row runs when this build has its kind (the kinds are
 * written apart from the pipeline, issue 34) and is skipped, saying so, until then.
 */
import { stat } from "node:fs/promises";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importKinds, type ImportKindName, type ImportReport } from "../../src/migrate/index.js";
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

const ROWS: readonly Row[] = [
  {
    kind: "obsidian",
    fixture: "obsidian-simple",
    creates: 2,
    resolved: 2,
    unresolved: 1,
    sentence: "Owners sign off on every release.",
  },
];

let sandbox: Sandbox;
let memoryRoot: string;

beforeAll(async () => {
  sandbox = await createSandbox();
  memoryRoot = join(sandbox.dir, "memory");
  succeeded(await sandbox.cli(["init", "--root", memoryRoot]));
});
afterAll(() => sandbox.cleanup());

/** Every file of a folder with its bytes and mtime: what "never modified" compares. */
async function fingerprint(dir: string): Promise<Record<string, string>> {
  const tree = await readTree(dir);
  const out: Record<string, string> = {};
  for (const [path, text] of Object.entries(tree))
    out[path] = `${(await stat(join(dir, path))).mtimeMs} ${text}`;
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
          await sandbox.cli([
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

      const done = jsonOf<ImportReport>(
        succeeded(await sandbox.cli(["import", row.kind, source, "--json", "--root", memoryRoot])),
      );
      expect(done.counts.create).toBe(row.creates);
      expect(done.links).toEqual({ resolved: row.resolved, unresolved: row.unresolved });
      expect(await subjects()).toHaveLength(commitsBefore.length + 1);
      const texts = Object.values(await readTree(memoryRoot)).join("\n");
      expect(texts).toContain(row.sentence);

      const again = succeeded(
        await sandbox.cli(["import", row.kind, source, "--root", memoryRoot]),
      );
      expect(again.stdout).toContain(`0 new, 0 updated, ${row.creates} unchanged`);
      expect(await subjects()).toHaveLength(commitsBefore.length + 1);
      expect(await fingerprint(source)).toEqual(sourceBefore);
    },
    60_000,
  );
});

describe("memory import: bad command lines", () => {
  it("an unknown kind is a usage error that lists the kinds", async () => {
    const run = await sandbox.cli(["import", "evernote", ".", "--root", memoryRoot]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('Unknown source kind "evernote"');
    for (const kind of importKinds) expect(run.stderr).toContain(kind.name);
  });

  const folderKind = importKinds.find((kind) => kind.pathIs === "folder");
  it.skipIf(folderKind === undefined)(
    "a missing PATH and a file for a folder are refused, saying so",
    async () => {
      const name = folderKind?.name ?? "";
      const missing = await sandbox.cli([
        "import",
        name,
        join(sandbox.dir, "nowhere"),
        "--root",
        memoryRoot,
      ]);
      expect(missing.code).toBe(1);
      expect(missing.stderr).toContain("does not exist");
      const file = await sandbox.cli([
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
    const run = await sandbox.cli([
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
