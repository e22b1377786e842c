/**
 * Issue 13: several real CLI processes mutate one memory while another runs `memory sync` in
 * a loop against a bare remote that a second clone keeps pushing to. Afterwards every
 * command's reported outcome must match the repository, nothing may be lost, `git fsck` must
 * be clean, and no lock or merge may be left. CONCURRENCY_FULL=1 runs the bigger variant; the
 * figures go to docs/concurrency.md.
 */
import { readdir, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSandbox, readTree, succeeded, type CliRun, type Sandbox } from "./cli-harness.js";
import { lost, misreported } from "./concurrency-check.js";
import { pushFromOtherClone, syncLoop, syncOnce } from "./concurrency-remote.js";
import { runWorker, seededRandom, type OpRecord } from "./concurrency-workload.js";

const FULL = process.env["CONCURRENCY_FULL"] === "1";
const WORKERS = FULL ? 6 : 4;
const OPS = FULL ? 25 : 8;
const SEED = Number(process.env["CONCURRENCY_SEED"] ?? 13);

let sandbox: Sandbox;
let remote: string;
let root: string;
let other: string;
let llmCmd: string;

beforeAll(async () => {
  sandbox = await createSandbox();
  remote = join(sandbox.dir, "remote.git");
  root = join(sandbox.dir, "memory");
  other = join(sandbox.dir, "other");
  // A model that plans nothing: the sync's own steps run, the notes stay the workers'.
  const llm = join(sandbox.dir, "llm.mjs");
  await writeFile(
    llm,
    `let s = "";\nprocess.stdin.on("data", (d) => (s += d)).on("end", () => process.stdout.write(` +
      `s.includes("You reorganise a knowledge base") ? '{"hotTier":[],"warmTier":[],"actions":[]}\\n' : '{"notes":[],"inbox":[]}\\n'));\n`,
  );
  llmCmd = `${JSON.stringify(process.execPath)} ${JSON.stringify(llm)}`;
  await sandbox.git(sandbox.dir, ["init", "-q", "--bare", "--initial-branch=main", remote]);
  await sandbox.git(sandbox.dir, ["clone", "-q", remote, root]);
  succeeded(await sandbox.cli(["init", "--root", root]));
  succeeded((await syncOnce(sandbox, root, llmCmd)).run);
  await sandbox.git(sandbox.dir, ["clone", "-q", remote, other]);
});
afterAll(() => sandbox.cleanup());

describe("concurrent CLI processes and a sync loop against a moving remote", () => {
  it(
    "every reported outcome matches the repository and nothing is lost",
    async () => {
      const started = Date.now();
      let working = true;
      const done = () => !working;
      const syncs = syncLoop(sandbox, root, llmCmd, done);
      const pushes = pushFromOtherClone(sandbox, other, done, 1000);
      const random = seededRandom(SEED);
      const workers = await Promise.all(
        Array.from({ length: WORKERS }, (_, worker) =>
          runWorker(sandbox, root, worker, OPS, seededRandom(Math.floor(random() * 2 ** 32))),
        ),
      );
      working = false;
      const [syncRecords, other_] = await Promise.all([syncs, pushes]);
      // The remote stops moving; one last sync brings everything together.
      const final = await syncOnce(sandbox, root, llmCmd);
      expect(final.run.stderr).toBe("");

      const records: OpRecord[] = workers.flatMap((worker) => worker.records);
      const notes = workers.flatMap((worker) => [...worker.notes.values()]);
      const tree = await readTree(root);
      const wrong = await misreported(sandbox, root, records, tree);
      const missing = lost(notes, other_.pushed, tree);
      const head = (await sandbox.git(root, ["rev-parse", "HEAD"])).trim();
      const remoteHead = (await sandbox.git(remote, ["rev-parse", "main"])).trim();
      const fsck = [
        await sandbox.git(root, ["fsck", "--no-progress", "--no-dangling"]),
        await sandbox.git(remote, ["fsck", "--no-progress", "--no-dangling"]),
      ];
      const figures = {
        seed: SEED,
        processes: WORKERS + 2,
        operations: records.length,
        outcomes: count(records.map((record) => record.outcome)),
        byKind: count(records.map((record) => record.kind)),
        syncs: syncRecords.length + 1,
        syncOutcomes: count(syncRecords.map((sync) => sync.step ?? `ok:${sync.pulled ?? ""}`)),
        otherClonePushes: other_.pushed.length,
        misreported: wrong.length,
        lost: missing.length,
        seconds: Math.round((Date.now() - started) / 100) / 10,
      };
      console.log(`concurrency figures: ${JSON.stringify(figures)}`);
      // Why commands did not commit and syncs stopped: the figures' explanation.
      for (const record of records.filter((r) => r.outcome !== "committed"))
        console.log(`${record.outcome} ${record.kind}: ${reason(record.run)}`);
      for (const sync of syncRecords.filter((r) => r.run.code !== 0))
        console.log(`sync stopped: ${reason(sync.run).slice(0, 240)}`);

      expect(wrong).toEqual([]);
      expect(missing).toEqual([]);
      expect(remoteHead).toBe(head);
      expect(fsck).toEqual(["", ""]);
      expect(await sandbox.git(root, ["status", "--porcelain"])).toBe("");
      expect(await leftovers(root)).toEqual([]);
      // Every failed sync named its step; a failed command exited 1 with one line, no stack.
      const unnamed = syncRecords.filter((sync) => sync.run.code !== 0 && sync.step === undefined);
      expect(unnamed.map((sync) => sync.run.stderr)).toEqual([]);
      const failed = records.filter((record) => record.run.code !== 0);
      expect(
        failed.map((record) => [record.run.code, /^memory: [^\n]*\n$/.test(record.run.stderr)]),
      ).toEqual(failed.map(() => [1, true]));
    },
    FULL ? 900_000 : 240_000,
  );
});

function reason(run: CliRun): string {
  const json = JSON.parse(run.stdout || "{}") as { notCommitted?: string };
  return (json.notCommitted ?? run.stderr).trim() || "nothing to change";
}

function count(values: readonly string[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const value of values) counts[value] = (counts[value] ?? 0) + 1;
  return counts;
}

/** Lock files under .agent-memory/, git's index.lock, and a merge in progress. */
async function leftovers(memoryRoot: string): Promise<string[]> {
  const found: string[] = [];
  const walk = async (folder: string): Promise<void> => {
    for (const entry of await readdir(folder, { withFileTypes: true }).catch(() => [])) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) await walk(path);
      else if (/lock/.test(entry.name)) found.push(path);
    }
  };
  await walk(join(memoryRoot, ".agent-memory"));
  for (const name of ["index.lock", "MERGE_HEAD"]) {
    const exists = await stat(join(memoryRoot, ".git", name)).then(
      () => true,
      () => false,
    );
    if (exists) found.push(`.git/${name}`);
  }
  return found;
}
