import { spawn } from "node:child_process";
import * as fs from "node:fs";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { fsPersistence } from "../../../src/adapters/fs/fs-persistence.js";
import { createJournal } from "../../../src/lifecycle/journal/journal.js";
import { bundledScript, type BundledScript } from "../../helpers/bundled-script.js";
import { okOf } from "../../helpers/result-helpers.js";
import { scaledMs } from "../../helpers/time-scale.js";

const SCRIPT = join(import.meta.dirname, "add-entry-process.ts");
const PROCESSES = 12;
const PER_PROCESS = 4;

/** The worker script bundled once: each of the processes starts without compiling it. */
let bundle: BundledScript;
beforeAll(async () => {
  bundle = await bundledScript(SCRIPT);
});
afterAll(() => bundle?.cleanup());

/** A worker process, loaded and waiting; `go` starts its adds, `done` is how it ended. */
interface Worker {
  readonly go: () => void;
  readonly done: Promise<{ code: number | null; stderr: string }>;
}

/** Starts a worker and resolves once it says it is ready. */
function startWorker(root: string, worker: number): Promise<Worker> {
  return new Promise((ready, fail) => {
    const child = spawn(
      process.execPath,
      [bundle.file, root, String(worker), String(PER_PROCESS)],
      { stdio: ["pipe", "pipe", "pipe"] },
    );
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString("utf8");
    });
    const done = new Promise<{ code: number | null; stderr: string }>((resolve) =>
      child.on("close", (code) => resolve({ code, stderr })),
    );
    child.stdout.once("data", () => ready({ go: () => child.stdin.end(), done }));
    // A worker that dies before it is ready fails the test with what it printed.
    void done.then(({ code }) =>
      fail(new Error(`worker ${worker} exited ${String(code)}: ${stderr}`)),
    );
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

  it("never collides and never loses an entry", { timeout: scaledMs(60_000) }, async () => {
    const workers = await Promise.all(
      Array.from({ length: PROCESSES }, (_, worker) => startWorker(root, worker)),
    );
    for (const worker of workers) worker.go();
    const runs = await Promise.all(workers.map((worker) => worker.done));
    expect(runs.filter((run) => run.code !== 0)).toEqual([]);
    const names = await readdir(join(root, "journal/pending"));
    expect(names.filter((name) => name.endsWith(".json"))).toHaveLength(PROCESSES * PER_PROCESS);
    expect(names.filter((name) => name.endsWith(".tmp"))).toEqual([]);
    const journal = createJournal({ persistence: fsPersistence({ fs, root }) });
    const pending = okOf(await journal.pending());
    const notes = new Set(pending.map((entry) => entry.note));
    expect(notes.size).toBe(PROCESSES * PER_PROCESS);
    expect(okOf(await journal.list({ status: "invalid" }))).toEqual([]);
  });
});
