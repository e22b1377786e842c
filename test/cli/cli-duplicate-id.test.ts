import { copyFile, readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { NoteMeta } from "../../src/notes/store/note-meta.js";
import { createSandbox, firstOfEachSpawned, jsonOf, type Sandbox } from "./cli-harness.js";

/** `memory`: each command's first call in this file a real process, the later ones in-process. */
let memoryCli: ReturnType<typeof firstOfEachSpawned>;
let sandbox: Sandbox;
let root: string;
const IDENTITY = ["-c", "user.name=Person", "-c", "user.email=person@example.com"];
const memory = (args: readonly string[]) => memoryCli([...args, "--root", root]);
const lastSubject = async () => (await sandbox.git(root, ["log", "-1", "--format=%s"])).trim();
const status = async () => (await sandbox.git(root, ["status", "--porcelain", "--", "."])).trim();

async function capture(title: string, body: string): Promise<NoteMeta> {
  const run = await memory(["capture", title, "--status", "active", "--body", body, "--json"]);
  if (run.code !== 0) throw new Error(`capture failed: ${run.stderr}`);
  return jsonOf<{ note: NoteMeta }>(run).note;
}

/** A copy committed with plain git, as a person copying a file by hand would leave it. */
async function commitCopy(from: string, to: string): Promise<void> {
  await copyFile(join(root, from), join(root, to));
  await sandbox.git(root, ["add", "--", to]);
  await sandbox.git(root, [...IDENTITY, "commit", "-q", "-m", "copy by hand"]);
}

beforeAll(async () => {
  sandbox = await createSandbox();
  memoryCli = firstOfEachSpawned(sandbox);
  root = join(sandbox.dir, "memory");
  const init = await memory(["init"]);
  if (init.code !== 0) throw new Error(`init failed: ${init.stderr}`);
});
afterAll(() => sandbox.cleanup());

describe("one id on two files", () => {
  it("doctor names a reid command that works; links keep pointing at the original", async () => {
    const plan = await capture("Plan", "The plan.");
    const linker = await capture("Linker", `See [[${plan.id}|the plan]].`);
    const copy = `topics/plan copy ${plan.id}.md`;
    await commitCopy(plan.path, copy);
    await writeFile(join(root, copy), "# Plan\n\nThe plan, edited in the copy.\n");
    await sandbox.git(root, [...IDENTITY, "commit", "-q", "-am", "edit the copy"]);
    expect((await memory(["show", plan.id])).code).toBe(1);

    const doctor = await memory(["doctor"]);
    expect(doctor.code).toBe(1);
    const command = `memory reid ${plan.id} --path "${copy}"`;
    expect(doctor.stdout).toContain(command);

    const reid = await memory(["reid", plan.id, "--path", copy]);
    expect(reid.code).toBe(0);
    const newId = /new id (id__\w{6})/.exec(reid.stdout)?.[1] ?? "";
    expect(reid.stdout).toContain(`${plan.id} stays with ${plan.path}; links to it are unchanged.`);
    expect(await lastSubject()).toBe(`memory: reid a copy of ${plan.id}`);
    expect(await status()).toBe("");
    expect((await memory(["show", plan.id])).stdout).toContain("The plan.");
    expect((await memory(["show", newId])).stdout).toContain("The plan, edited in the copy.");
    expect(await readFile(join(root, linker.path), "utf8")).toContain(`[[${plan.id}|the plan]]`);
    expect((await memory(["doctor", "--json"])).stdout).not.toContain("duplicate-id");
  });

  it("merge ID ID removes an identical copy, in one commit", async () => {
    const note = await capture("Runbook", "Roll back by reverting the tag.");
    const copy = `archive/${note.path.slice("topics/".length)}`; // the same file in two folders
    await commitCopy(note.path, copy);
    const doctor = await memory(["doctor"]);
    expect(doctor.stdout).toContain(
      `Run \`memory merge ${note.id} ${note.id}\` to remove this identical copy.`,
    );
    const merged = await memory(["merge", note.id, note.id]);
    expect(merged.code).toBe(0);
    expect(merged.stdout).toContain(`Merged the copies of ${note.id} (${copy}) into the original`);
    expect(await lastSubject()).toBe(`memory: merge the copies of ${note.id}`);
    expect(await status()).toBe("");
    expect((await readdir(join(root, "archive"))).filter((name) => name.endsWith(".md"))).toEqual(
      [],
    );
    expect((await memory(["show", note.id])).stdout).toContain("Roll back by reverting the tag.");
  });

  it("doctor --fix removes a copy with the original's very bytes", async () => {
    const note = await capture("Oncall", "Page the owner.");
    const copy = `inbox/${note.path.slice("topics/".length)}`;
    await commitCopy(note.path, copy);
    const fixed = await memory(["doctor", "--fix"]);
    expect(fixed.stdout).toContain(
      `fixed    identical-copy  ${copy}: removed, the same bytes as ${note.path} (${note.id})`,
    );
    expect(fixed.stdout).not.toContain("duplicate-id");
    expect((await memory(["show", note.id])).stdout).toContain("Page the owner.");
  });
});
