/**
 * Issue 30: `memory supersede OLD NEW` through the built CLI on real git, and what readers
 * see afterwards (search marks and ranks the old note below its successor, show names the
 * successor first).
 */
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { NoteMeta } from "../../src/notes/store/note-meta.js";
import { createSandbox, firstOfEachSpawned, jsonOf, type Sandbox } from "./cli-harness.js";

/** `memory`: each command's first call in this file a real process, the later ones in-process. */
let memoryCli: ReturnType<typeof firstOfEachSpawned>;
let sandbox: Sandbox;
let root: string;
const memory = (args: readonly string[]) => memoryCli([...args, "--root", root]);
const lastSubject = async () => (await sandbox.git(root, ["log", "-1", "--format=%s"])).trim();
let oldNote: NoteMeta;
let newNote: NoteMeta;

async function capture(title: string, body: string): Promise<NoteMeta> {
  const run = await memory(["capture", title, "--status", "active", "--body", body, "--json"]);
  if (run.code !== 0) throw new Error(`capture failed: ${run.stderr}`);
  return jsonOf<{ note: NoteMeta }>(run).note;
}

beforeAll(async () => {
  sandbox = await createSandbox();
  memoryCli = firstOfEachSpawned(sandbox);
  root = join(sandbox.dir, "memory");
  const init = await memory(["init"]);
  if (init.code !== 0) throw new Error(`init failed: ${init.stderr}`);
  oldNote = await capture("Session store decision", "We store the session store in SQLite files.");
  newNote = await capture("Session store in Postgres", "The session store moved to Postgres.");
});
afterAll(() => sandbox.cleanup());

describe("memory supersede", () => {
  it("marks the old note, keeps its text, one commit", async () => {
    const run = await memory([
      "supersede",
      oldNote.id,
      newNote.id.slice(4),
      "--reason",
      "SQLite could not take the write load",
      "--date",
      "2026-03-14",
    ]);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(
      new RegExp(
        `^Superseded ${oldNote.id} "Session store decision" by ${newNote.id} "Session store in Postgres" on 2026-03-14\\.\\nCommitted [0-9a-f]{7}: `,
      ),
    );
    expect(await lastSubject()).toBe(
      `memory: supersede "Session store decision" by "Session store in Postgres" (${oldNote.id} -> ${newNote.id})`,
    );
    expect(await readFile(join(root, oldNote.path), "utf8")).toBe(
      `# Session store decision\n\n> Superseded by [[${newNote.id}|Session store in Postgres]] on 2026-03-14: SQLite could not take the write load.\n\nWe store the session store in SQLite files.\n`,
    );
    const again = jsonOf<{ changed: boolean; commit: string | null }>(
      await memory(["supersede", oldNote.id, newNote.id, "--json"]),
    );
    expect(again).toMatchObject({ changed: false, commit: null });
  });

  it("search lists the successor first and marks the old note; show starts with the successor", async () => {
    const run = await memory(["search", "session", "store", "SQLite"]);
    expect(run.code).toBe(0);
    const lines = run.stdout.split("\n").filter((line) => !line.startsWith(" ".repeat(8)));
    expect(lines[0]).toContain(newNote.id);
    expect(lines[1]).toContain(
      `${oldNote.id}  Session store decision  [superseded by ${newNote.id} "Session store in Postgres"]`,
    );
    const json = jsonOf<{ id: string; supersededBy?: { id: string } }[]>(
      await memory(["search", "session", "store", "SQLite", "--json"]),
    );
    expect(json.map((hit) => hit.supersededBy?.id ?? null)).toEqual([null, newNote.id]);
    const shown = await memory(["show", oldNote.id]);
    expect(shown.stdout.split("\n")[0]).toBe(
      `SUPERSEDED by ${newNote.id} "Session store in Postgres" on 2026-03-14: SQLite could not take the write load — the current note: memory show ${newNote.id}`,
    );
  });

  it("refuses a loop with a clear message and exit code", async () => {
    const run = await memory(["supersede", newNote.id, oldNote.id]);
    expect(run.code).not.toBe(0);
    expect(run.stderr).toContain("loop");
    expect(run.stdout).toBe("");
  });
});
