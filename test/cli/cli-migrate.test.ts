import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { MigrationSummary } from "../../src/migrate/migrate-to-v2.js";
import { copyFixture, createSandbox, jsonOf, readTree, type Sandbox } from "./cli-harness.js";

/**
 * test/fixtures/legacy/before is a tree of old-format entries: two orgs, topics and archive
 * folders, top-of-mind and pinned entries, links between entries, a malformed header, an entry
 * with no id anywhere, an id used twice, a note already in the new format and an index note
 * to extend. after/ is the tree a migration must leave, checked by hand, file for file.
 */
const FIXTURE = resolve(import.meta.dirname, "../fixtures/legacy");

let sandbox: Sandbox;
let tree: string;
let before: Record<string, string>;
const IDENTITY = ["-c", "user.name=t", "-c", "user.email=t@example.com"];
const subjects = async () => (await sandbox.git(tree, ["log", "--format=%s"])).trim().split("\n");

beforeAll(async () => {
  sandbox = await createSandbox();
  tree = join(sandbox.dir, "notes");
  await copyFixture(join(FIXTURE, "before"), tree);
  await sandbox.git(tree, ["init", "-q", "-b", "main"]);
  await sandbox.git(tree, ["add", "-A"]);
  await sandbox.git(tree, [...IDENTITY, "commit", "-qm", "v1 entries"]);
  before = await readTree(tree);
});
afterAll(() => sandbox.cleanup());

const MIGRATED = [
  [
    "orgs/acme/archive/old-vendor -- topic__vendors id__AcmeA1.md",
    "orgs/acme/archive/old-vendor-initech id__AcmeA1.md",
    false,
  ],
  [
    "orgs/acme/topics/_top-of-mind deploy-checklist -- topic__deploy area__ops id__AcmeD1.md",
    "orgs/acme/topics/deploy-checklist id__AcmeD1.md",
    true,
  ],
  [
    "orgs/acme/topics/igor -- people v1.2 id__AcmeI1.md",
    "orgs/acme/topics/igor-fullstack-developer id__AcmeI1.md",
    false,
  ],
  [
    "orgs/acme/topics/release-process -- topic__release id__AcmeR1.md",
    "orgs/acme/topics/release-process id__AcmeR1.md",
    true,
  ],
  [
    "orgs/globex/archive/retired-api -- topic__api id__GlobR1.md",
    "orgs/globex/archive/retired-api id__GlobR1.md",
    true,
  ],
  [
    "orgs/globex/topics/_top-of-mind onboarding -- topic__hr id__GlobO1.md",
    "orgs/globex/topics/onboarding id__GlobO1.md",
    true,
  ],
  [
    "orgs/globex/topics/header-id-only.md",
    "orgs/globex/topics/header-id-only id__GlobH1.md",
    false,
  ],
  [
    "orgs/globex/topics/title-from-name -- topic__naming id__GlobT1.md",
    "orgs/globex/topics/title-from-name id__GlobT1.md",
    false,
  ],
];

describe("memory migrate on the legacy fixture", () => {
  let dryRun: MigrationSummary;

  it("dry run: prints the plan, writes nothing, commits nothing", async () => {
    const human = await sandbox.cli(["migrate", "--root-dir", tree, "--dry-run"]);
    expect(human.code).toBe(1); // the fixture holds files that cannot be migrated
    expect(human.stderr).toBe(
      'memory: 4 files could not be migrated and were left as they were (reasons above, or under "errors" with --json); fix them and run "memory migrate" again.\n',
    );
    expect(human.stdout).toContain(
      `would migrate  ${MIGRATED[1]?.[0]} -> ${MIGRATED[1]?.[1]}  (hot)\n`,
    );
    expect(human.stdout).toContain(
      "would migrate  orgs/acme/topics/igor -- people v1.2 id__AcmeI1.md -> orgs/acme/topics/igor-fullstack-developer id__AcmeI1.md  (dropped keywords: v1.2)\n",
    );
    expect(human.stdout).toContain(
      "would update  orgs/acme/index.md: ## Hot + id__AcmeD1, id__AcmeR1\n",
    );
    expect(human.stdout).toContain(
      "would create  orgs/globex/index.md: ## Hot + id__GlobR1, id__GlobO1\n",
    );
    expect(human.stdout).toMatch(
      /Would migrate 8 entries, skipped 1 \(already in the new format\), 4 errors\.\nDry run: nothing was written\.\n$/,
    );
    dryRun = jsonOf<MigrationSummary>(
      await sandbox.cli(["migrate", "--dry-run", "--json"], { cwd: tree }),
    );
    expect(dryRun.dryRun).toBe(true);
    expect(await readTree(tree)).toEqual(before);
    expect(await subjects()).toEqual(["v1 entries"]);
    expect(await sandbox.git(tree, ["status", "--porcelain"])).toBe("");
  });

  it("migrates every entry as planned, in one commit, leaving exactly the expected tree", async () => {
    const run = await sandbox.cli(["migrate", "--root-dir", tree, "--json"]);
    expect(run.code).toBe(1);
    const summary = jsonOf<MigrationSummary & { root: string }>(run);
    expect(summary.migrated.map((entry) => [entry.from, entry.to, entry.hot])).toEqual(MIGRATED);
    expect(summary.skipped).toEqual([
      { path: "orgs/acme/topics/paging-policy id__AcmeP1.md", id: "id__AcmeP1" },
    ]);
    expect(summary.errors.map((problem) => [problem.path, problem.reason.split(":")[0]])).toEqual([
      ["orgs/acme/topics/broken-json -- topic__x id__AcmeB1.md", "malformed header"],
      ["orgs/acme/topics/no-id-anywhere -- topic__x.md", "no id"],
      [
        "orgs/globex/archive/dup-b -- topic__x id__GlobD1.md",
        expect.stringMatching(/^the id id__GlobD1 is also used by orgs\/globex\/topics\/dup-a/),
      ],
      [
        "orgs/globex/topics/dup-a -- topic__x id__GlobD1.md",
        expect.stringMatching(/^the id id__GlobD1 is also used by orgs\/globex\/archive\/dup-b/),
      ],
    ]);
    expect(summary.ignored).toEqual(["README.md", "orgs/acme/index.md"]);
    expect(summary.indexUpdates).toEqual([
      {
        path: "orgs/acme/index.md",
        created: false,
        added: [
          { id: "id__AcmeD1", title: "Deploy checklist" },
          { id: "id__AcmeR1", title: "Release process" },
        ],
      },
      {
        path: "orgs/globex/index.md",
        created: true,
        added: [
          { id: "id__GlobR1", title: "Retired API" },
          { id: "id__GlobO1", title: "Onboarding" },
        ],
      },
    ]);
    // The dry run planned exactly this.
    expect({ ...dryRun, dryRun: false, commit: summary.commit, root: summary.root }).toEqual(
      summary,
    );
    expect(await readTree(tree)).toEqual(await readTree(join(FIXTURE, "after")));
    expect(await subjects()).toEqual([
      "memory: migrate 8 entries to the v2 note format",
      "v1 entries",
    ]);
    expect(await sandbox.git(tree, ["status", "--porcelain"])).toBe("");
    // One commit, so one revert undoes it.
    await sandbox.git(tree, [...IDENTITY, "revert", "--no-edit", "HEAD"]);
    expect(await readTree(tree)).toEqual(before);
    await sandbox.git(tree, ["reset", "-q", "--hard", "HEAD~1"]);
  });

  it("a second run changes nothing and reports every entry as skipped", async () => {
    const after = await readTree(tree);
    const run = await sandbox.cli(["migrate", "--root-dir", tree]);
    expect(run.stdout).toMatch(
      /\nMigrated 0 entries, skipped 9 \(already in the new format\), 4 errors\.\n$/,
    );
    expect(run.stdout).not.toContain("Committed");
    expect(await readTree(tree)).toEqual(after);
    expect(await subjects()).toEqual([
      "memory: migrate 8 entries to the v2 note format",
      "v1 entries",
    ]);
  });
});
