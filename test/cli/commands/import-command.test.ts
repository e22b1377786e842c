/**
 * The `memory import` command in process with a test kind (the real kinds are written apart,
 * issue 34): real files, a real memory made by the built CLI's `init`, real git.
 */
import { stat } from "node:fs/promises";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importCommandFor } from "../../../src/cli/commands/import.js";
import type { CliIo } from "../../../src/cli/framework/cli-io.js";
import type { ImportReport } from "../../../src/migrate/index.js";
import { wikiKind } from "../../migrate/import/wiki-kind.js";
import {
  createSandbox,
  firstOfEachSpawned,
  readTree,
  type Sandbox,
  succeeded,
} from "../cli-harness.js";

const VAULT = resolve(import.meta.dirname, "../../fixtures/import/obsidian-simple");

/** `memory`: each command's first call in this file a real process, the later ones in-process. */
let memoryCli: ReturnType<typeof firstOfEachSpawned>;
let sandbox: Sandbox;
let root: string;
beforeAll(async () => {
  sandbox = await createSandbox();
  memoryCli = firstOfEachSpawned(sandbox);
  root = join(sandbox.dir, "memory");
  succeeded(await memoryCli(["init", "--root", root]));
});
afterAll(() => sandbox.cleanup());

async function run(
  args: readonly string[],
): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = "";
  let stderr = "";
  const io: CliIo = {
    env: sandbox.env,
    cwd: sandbox.dir,
    stdout: (text) => {
      stdout += text;
    },
    stderr: (text) => {
      stderr += text;
    },
    readStdin: async () => undefined,
  };
  const code = await importCommandFor([wikiKind]).execute([...args, "--root", root], io);
  return { code, stdout, stderr };
}

async function fingerprint(dir: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const [path, text] of Object.entries(await readTree(dir)))
    out[path] = `${(await stat(join(dir, path))).mtimeMs} ${text}`;
  return out;
}

const subjects = async () => (await sandbox.git(root, ["log", "--format=%s"])).trim().split("\n");

describe("memory import (test kind)", () => {
  it("plans, imports in one commit, re-runs without change, never touches the source", async () => {
    const source = await fingerprint(VAULT);
    const memoryBefore = await readTree(root);
    const commits = await subjects();

    const plan = await run(["obsidian", VAULT, "--dry-run"]);
    expect(plan.code).toBe(0);
    expect(plan.stdout).toContain("Would import obsidian obsidian-simple: 2 new");
    expect(plan.stdout).toContain("Dry run: nothing was written.");
    expect(plan.stdout).toMatch(/^create\s+id__\w{6}\s+Deploys/m);
    expect(await readTree(root)).toEqual(memoryBefore);

    const done = await run(["obsidian", VAULT, "--json"]);
    expect(done.code).toBe(0);
    const report = JSON.parse(done.stdout) as ImportReport;
    expect(report.counts.create).toBe(2);
    expect(report.links).toEqual({ resolved: 1, unresolved: 2 });
    expect(await subjects()).toEqual([
      "memory: import 2 notes from obsidian obsidian-simple",
      ...commits,
    ]);
    const body = await sandbox.git(root, ["log", "-1", "--format=%B"]);
    expect(body).toContain(
      "Memory-Source: import obsidian/obsidian-simple; record journal/imports/obsidian/obsidian-simple.json",
    );

    const again = await run(["obsidian", VAULT]);
    expect(again.stdout).toContain("0 new, 0 updated, 2 unchanged");
    expect(again.stdout).toContain("Nothing to commit.");
    expect(await subjects()).toHaveLength(commits.length + 1);
    expect(await fingerprint(VAULT)).toEqual(source);
  });

  it("refuses an unknown kind with the list, a missing PATH and a file for a folder", async () => {
    const unknown = await run(["evernote", VAULT]);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('Unknown source kind "evernote": use one of obsidian');
    const missing = await run(["obsidian", join(sandbox.dir, "nowhere")]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain("does not exist");
    const file = await run(["obsidian", join(VAULT, "Deploys.md")]);
    expect(file.code).toBe(1);
    expect(file.stderr).toContain("is a file, and this kind imports a folder");
    const status = await run(["obsidian", VAULT, "--status", "archived"]);
    expect(status.code).toBe(2);
  });
});
