import { readFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { NoteMeta } from "../../src/notes/store/note-meta.js";
import { createSandbox, firstOfEachSpawned, jsonOf, type Sandbox } from "./cli-harness.js";

const fixture = resolve(import.meta.dirname, "../fixtures/cli-llm/sync-llm.mjs");
const llmCmd = `${JSON.stringify(process.execPath)} ${JSON.stringify(fixture)}`;

/** `memory`: each command's first call in this file a real process, the later ones in-process. */
let memoryCli: ReturnType<typeof firstOfEachSpawned>;
let sandbox: Sandbox;
let here: string;
let there: string;
const cli = (root: string, args: readonly string[]) => memoryCli([...args, "--root", root]);

async function capture(root: string, title: string, body: string): Promise<NoteMeta> {
  const run = await cli(root, ["capture", title, "--status", "active", "--body", body, "--json"]);
  if (run.code !== 0) throw new Error(`capture failed: ${run.stderr}`);
  return jsonOf<{ note: NoteMeta }>(run).note;
}

beforeAll(async () => {
  sandbox = await createSandbox();
  memoryCli = firstOfEachSpawned(sandbox);
  const remote = join(sandbox.dir, "remote.git");
  here = join(sandbox.dir, "here");
  there = join(sandbox.dir, "there");
  await sandbox.git(sandbox.dir, ["init", "-q", "--bare", "--initial-branch=main", remote]);
  await sandbox.git(sandbox.dir, ["clone", "-q", remote, here]);
  const init = await cli(here, ["init"]);
  if (init.code !== 0) throw new Error(`memory init failed: ${init.stderr}`);
});
afterAll(() => sandbox.cleanup());

describe("a link to a note merged in another clone", () => {
  it("arrives by sync, resolves through the redirect record, and doctor --fix repoints it", async () => {
    const target = await capture(here, "Deploy checklist", "Run the tests.");
    const source = await capture(here, "Deploy notes", "Tag the release.");
    await sandbox.git(here, ["push", "-q", "-u", "origin", "HEAD"]);
    await sandbox.git(sandbox.dir, ["clone", "-q", join(sandbox.dir, "remote.git"), there]);

    // Here the source is merged away; there, meanwhile, a new note links to it.
    expect((await cli(here, ["merge", target.id, source.id])).code).toBe(0);
    await sandbox.git(here, ["push", "-q"]);
    const latecomer = await capture(there, "Release day", `See [[${source.id}|the deploy notes]].`);
    const synced = await cli(there, ["sync", "--llm-cmd", llmCmd, "--timeout", "60"]);
    expect(synced.stderr).toBe("");
    expect(synced.code).toBe(0);
    await expect(
      readFile(join(there, `journal/redirects/deploy-notes ${source.id}.md`), "utf8"),
    ).resolves.toBe(`# Deploy notes\n\nMerged into [[${target.id}|Deploy checklist]].\n`);

    const shown = await cli(there, ["show", source.id]);
    expect(shown.code).toBe(0);
    expect(shown.stderr).toBe(
      `memory: ${source.id} was merged into ${target.id}; showing ${target.id}.\n`,
    );
    expect(shown.stdout).toContain("Tag the release.");
    const renamed = await cli(there, ["rename", source.id, "Other"]);
    expect(renamed.code).toBe(1);
    expect(renamed.stderr).toContain(`${source.id} was merged into ${target.id}`);

    const report = jsonOf<{ findings: { kind: string; path: string }[] }>(
      await cli(there, ["doctor", "--json"]),
    );
    expect(report.findings.filter((f) => f.kind.endsWith("-link"))).toEqual([
      expect.objectContaining({ kind: "redirected-link", path: latecomer.path }),
    ]);
    expect((await cli(there, ["broken"])).stdout).toContain(
      `->  ${source.id} (merged into ${target.id}; memory doctor --fix repoints it)`,
    );
    const fixed = await cli(there, ["doctor", "--fix"]);
    expect(fixed.stdout).toContain(
      `fixed    redirected-link  ${latecomer.path}: ${source.id} now links to ${target.id}`,
    );
    expect(await readFile(join(there, latecomer.path), "utf8")).toContain(
      `[[${target.id}|the deploy notes]]`,
    );
  });
});
