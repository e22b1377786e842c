import { spawn } from "node:child_process";
import * as fs from "node:fs";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { fsPersistence } from "../../../src/adapters/fs/fs-persistence.js";
import { createJournal } from "../../../src/lifecycle/journal/journal.js";
import { okOf } from "../../helpers/result-helpers.js";

const SCRIPT = join(import.meta.dirname, "add-entry-process.ts");
const PROCESSES = 12;
const PER_PROCESS = 4;

function runWorker(
  root: string,
  worker: number,
  startAt: number,
): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      ["--import", "tsx", SCRIPT, root, String(worker), String(PER_PROCESS), String(startAt)],
      { cwd: join(import.meta.dirname, "../../.."), stdio: ["ignore", "ignore", "pipe"] },
    );
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString("utf8");
    });
    child.on("close", (code) => resolve({ code, stderr }));
  });
}

describe("journal.add from many processes at once", () => {
  let root: string;
  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), "agent-memory-journal-"));
  });
  afterEach(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it("never collides and never loses an entry", async () => {
    const startAt = Date.now() + 3000;
    const runs = await Promise.all(
      Array.from({ length: PROCESSES }, (_, worker) => runWorker(root, worker, startAt)),
    );
    expect(runs.filter((run) => run.code !== 0)).toEqual([]);
    const names = await readdir(join(root, "journal/pending"));
    expect(names.filter((name) => name.endsWith(".json"))).toHaveLength(PROCESSES * PER_PROCESS);
    expect(names.filter((name) => name.endsWith(".tmp"))).toEqual([]);
    const journal = createJournal({ persistence: fsPersistence({ fs, root }) });
    const pending = okOf(await journal.pending());
    const notes = new Set(pending.map((entry) => entry.note));
    expect(notes.size).toBe(PROCESSES * PER_PROCESS);
    expect(okOf(await journal.list({ status: "invalid" }))).toEqual([]);
  }, 60_000);
});
