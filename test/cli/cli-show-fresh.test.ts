/**
 * `memory show ID` without a daemon finds the note by the id in its file name (one listing of
 * the status folders, then that one file: issue 36), and is never stale: an edit, a rename or
 * a removal made outside the CLI since the last call is what the next `show` sees.
 */
import { readdir, rename, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
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
let id = "";
const memory = (args: readonly string[]): Promise<CliRun> =>
  memoryCli([...args, "--root", root], { env: { AGENT_MEMORY_NO_DAEMON: "1" } });

async function fileOf(noteId: string): Promise<string> {
  for (const folder of ["inbox", "topics", "archive"]) {
    const names = await readdir(join(root, folder)).catch(() => [] as string[]);
    const name = names.find((entry) => entry.endsWith(`${noteId}.md`));
    if (name !== undefined) return join(root, folder, name);
  }
  throw new Error(`no file for ${noteId}`);
}

beforeAll(async () => {
  sandbox = await createSandbox();
  memoryCli = firstOfEachSpawned(sandbox);
  root = join(sandbox.dir, "memory");
  succeeded(await memoryCli(["init", "--root", root]));
  const run = succeeded(
    await memory(["capture", "Release branch", "--body", "Cut on Fridays.", "--json"]),
  );
  id = jsonOf<{ note: { id: string } }>(run).note.id;
  // A call that leaves the caches behind, so the next ones could answer from them.
  succeeded(await memory(["list"]));
  succeeded(await memory(["show", id]));
});

afterAll(async () => {
  await sandbox.cleanup();
});

describe("memory show, no daemon", () => {
  it("shows an edit made outside since the last call", async () => {
    await writeFile(await fileOf(id), "# Release branch\n\nCut on Mondays now.\n");
    const shown = succeeded(await memory(["show", id])).stdout;
    expect(shown).toContain("Cut on Mondays now.");
    expect(shown).not.toContain("Fridays");
  });

  it("follows a rename made outside (the id stays in the new file name)", async () => {
    const from = await fileOf(id);
    const to = join(root, "topics", `release-branch-renamed ${id}.md`);
    await rename(from, to);
    await writeFile(to, "# Release branch, renamed\n\nCut on Mondays now.\n");
    const shown = succeeded(await memory(["show", id])).stdout;
    expect(shown).toContain("# Release branch, renamed");
    expect(shown).toContain(`topics/release-branch-renamed ${id}.md`);
  });

  it("fails, saying so, for a note removed outside", async () => {
    await rm(await fileOf(id));
    const run = await memory(["show", id]);
    expect(run.code).not.toBe(0);
    expect(run.stderr).toContain(`No note has the id "${id}"`);
    expect(run.stdout).toBe("");
  });
});
