/**
 * `memory verify` as a user runs it: the built CLI on a project repository made of real files
 * of this repository, with a memory in its `.memory/` folder and notes about those files (the
 * fixture notes in test/fixtures/verify/, written to be current), on real git.
 */
import { cp, mkdir, readFile, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  createSandbox,
  firstOfEachSpawned,
  jsonOf,
  type Sandbox,
  succeeded,
} from "./cli-harness.js";

const SOURCE = resolve(import.meta.dirname, "../..");
const FILES = [
  "package.json",
  "src/model/references/path-references.ts",
  "src/model/references/symbol-references.ts",
  "src/notes/verify/check-reference.ts",
  "src/notes/verify/repository-inventory.ts",
  "src/notes/verify/verify-notes.ts",
];
const NOTES = resolve(SOURCE, "test/fixtures/verify");

interface Report {
  readonly ok: boolean;
  readonly checked: number;
  readonly findings: readonly {
    kind: string;
    text: string;
    path: string;
    message: string;
    fix: string;
  }[];
}

/** `memory`: each command's first call in this file a real process, the later ones in-process. */
let memoryCli: ReturnType<typeof firstOfEachSpawned>;
let sandbox: Sandbox;
let project: string;

beforeEach(async () => {
  sandbox = await createSandbox();
  memoryCli = firstOfEachSpawned(sandbox);
  project = join(sandbox.dir, "project");
  for (const file of FILES) {
    await mkdir(join(project, file, ".."), { recursive: true });
    await cp(join(SOURCE, file), join(project, file));
  }
  await sandbox.git(project, ["init", "-q", "-b", "main"]);
  await sandbox.git(project, [
    "remote",
    "add",
    "origin",
    "git@github.com:example/agent-memory.git",
  ]);
  succeeded(await memoryCli(["init", "--root", ".memory"], { cwd: project }));
  await mkdir(join(project, ".memory/topics"), { recursive: true });
  for (const name of [
    "path-references-live-in-the-model id__VfyPa1.md",
    "verify-reads-one-listing id__VfyLs1.md",
  ]) {
    await cp(join(NOTES, name), join(project, ".memory/topics", name));
  }
  await sandbox.git(project, ["add", "-A"]);
  await sandbox.git(project, [
    "-c",
    "user.name=t",
    "-c",
    "user.email=t@t",
    "commit",
    "-qm",
    "project",
  ]);
});

afterEach(async () => {
  await sandbox.cleanup();
});

const verify = () => memoryCli(["verify", "--root", ".memory", "--json"], { cwd: project });

describe("memory verify", () => {
  it("finds nothing stale in notes that are current", async () => {
    const run = await verify();
    const report = jsonOf<Report>(run);
    expect(report.findings).toEqual([]);
    expect(report.checked).toBeGreaterThan(10);
    expect(run.code).toBe(0);
  });

  it("finds a renamed file, a line past the end, a removed script and a stale link", async () => {
    await sandbox.git(project, [
      "mv",
      "src/notes/verify/check-reference.ts",
      "src/notes/verify/reference-check.ts",
    ]);
    await writeFile(join(project, "src/model/references/path-references.ts"), "export {};\n");
    const manifest = JSON.parse(await readFile(join(project, "package.json"), "utf8")) as {
      scripts: Record<string, string>;
    };
    delete manifest.scripts["build"];
    await writeFile(join(project, "package.json"), JSON.stringify(manifest, null, 2));
    const run = await verify();
    expect(run.code).toBe(1);
    const report = jsonOf<Report>(run);
    const found = report.findings.map((finding) => `${finding.kind} ${finding.text}`);
    expect(found).toEqual(
      expect.arrayContaining([
        "missing-path src/notes/verify/check-reference.ts",
        "missing-line src/model/references/path-references.ts:49",
        "missing-line src/model/references/path-references.ts#L39",
        "missing-script npm run build",
        "missing-line https://github.com/example/agent-memory/blob/main/src/model/references/path-references.ts#L39",
        "missing-symbol parsePathToken",
      ]),
    );
    const renamed = report.findings.find((finding) => finding.kind === "missing-path");
    expect(renamed?.path).toBe("topics/verify-reads-one-listing id__VfyLs1.md");
    expect(renamed?.fix).toContain("git log --follow");
  });

  it("says how to fix a memory that lies in no project", async () => {
    const alone = join(sandbox.dir, "alone");
    succeeded(await memoryCli(["init", "--root", alone]));
    const run = await memoryCli(["verify", "--root", alone]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("--repo DIR");
  });

  it("prints each finding with what was checked and the fix", async () => {
    await sandbox.git(project, ["rm", "-q", "src/notes/verify/verify-notes.ts"]);
    const run = await memoryCli(["verify", "--root", ".memory"], { cwd: project });
    expect(run.code).toBe(1);
    expect(run.stdout).toContain(
      "warning  missing-path  topics/verify-reads-one-listing id__VfyLs1.md: src/notes/verify/verify-notes.ts: the repository has no file or folder src/notes/verify/verify-notes.ts.",
    );
    expect(run.stdout).toContain(
      "         checked: src/notes/verify/verify-notes.ts in the file list of",
    );
    expect(run.stdout).toMatch(
      /\n\d+ stale references? in 1 note; \d+ references checked in 2 notes against /,
    );
  });
});
