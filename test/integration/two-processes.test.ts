/**
 * Two real node processes mutate one memory on disk at once (fsPersistence over node:fs,
 * gitCli on a real repository, committing some of the time): each captures notes linking to
 * the other's notes and renames and moves notes of both. The cross-process lock
 * (src/notes/memory-lock.ts) must keep them from interleaving, so that afterwards nothing is
 * lost, no link is broken, every id is carried by exactly one file, git holds everything but
 * what the workers chose not to commit, and no lock is left behind.
 */
import { execFile, execFileSync } from "node:child_process";
import * as fs from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fsPersistence } from "../../src/adapters/fs/fs-persistence.js";
import { createMemory } from "../../src/memory.js";
import { LOCK_PATH } from "../../src/notes/memory-lock.js";
import { isolatedGitEnv } from "../helpers/git-env.js";
import type { WorkerReport } from "../fixtures/mutate-worker.js";
import { okOf } from "../helpers/result-helpers.js";
import { scaledMs } from "../helpers/time-scale.js";
import { bundledScript, type BundledScript } from "../helpers/bundled-script.js";

const repoRoot = resolve(import.meta.dirname, "../..");
const worker = join(repoRoot, "test/fixtures/mutate-worker.ts");
const OPS_PER_WORKER = 20;

/** The worker bundled once (test/helpers/bundled-script.ts): tsx would compile it in each process. */
let bundle: BundledScript | undefined;

function runWorker(root: string, name: string, env: Record<string, string>): Promise<WorkerReport> {
  return new Promise((done, fail) => {
    execFile(
      process.execPath,
      [bundle?.file ?? worker, root, name, String(OPS_PER_WORKER)],
      {
        cwd: repoRoot,
        env: { ...process.env, ...env },
        maxBuffer: 16 << 20,
        timeout: scaledMs(120_000),
      },
      (error, stdout, stderr) => {
        if (error !== null) {
          fail(new Error(`worker ${name} failed: ${error.message}\n${stderr}`));
          return;
        }
        const last = stdout.trim().split("\n").at(-1) ?? "";
        done(JSON.parse(last) as WorkerReport);
      },
    );
  });
}

describe("two processes mutating one memory at once", () => {
  let base = "";
  let root = "";
  let env: Record<string, string> = {};
  let reports: WorkerReport[] = [];

  beforeAll(async () => {
    base = await mkdtemp(join(tmpdir(), "agent-memory-two-processes-"));
    root = join(base, "repo");
    env = await isolatedGitEnv(base);
    execFileSync("git", ["init", "-q", "-b", "main", root], { env: { ...process.env, ...env } });
    bundle = await bundledScript(worker);
    reports = await Promise.all([runWorker(root, "alpha", env), runWorker(root, "beta", env)]);
  }, scaledMs(180_000));

  afterAll(async () => {
    if (base !== "") await rm(base, { recursive: true, force: true });
    await bundle?.cleanup();
  });

  it("both workers ran every operation without an error", () => {
    for (const report of reports) {
      expect({ worker: report.name, errors: report.errors }).toEqual({
        worker: report.name,
        errors: [],
      });
      expect(report.notes).toHaveLength(OPS_PER_WORKER);
      // The workers really did cross-process work: renames and moves of each other's notes.
      expect(report.counts["rename"] ?? 0).toBeGreaterThan(0);
      expect(report.counts["move"] ?? 0).toBeGreaterThan(0);
    }
    const links = reports.flatMap((report) => report.notes.flatMap((note) => note.linkIds));
    const ids = new Set(reports.flatMap((report) => report.notes.map((note) => note.id)));
    expect(links.filter((id) => ids.has(id)).length).toBeGreaterThan(OPS_PER_WORKER / 2);
  });

  it("loses no note and no body, and every id is carried by exactly one file", async () => {
    const memory = createMemory({ persistence: fsPersistence({ fs, root }) });
    const listed = okOf(await memory.list());
    const expected = reports.flatMap((report) => report.notes);
    expect(listed.map((meta) => meta.id).toSorted()).toEqual(
      expected.map((note) => note.id).toSorted(),
    );
    for (const note of expected) {
      const read = okOf(await memory.read(note.id));
      expect(read.body).toContain(note.marker);
      const linkIds = [...new Set(read.links.map((link) => link.id))].toSorted();
      expect({ id: note.id, linkIds }).toEqual({ id: note.id, linkIds: note.linkIds.toSorted() });
    }
  });

  it("breaks no link but the deliberate breadcrumbs", async () => {
    const memory = createMemory({ persistence: fsPersistence({ fs, root }) });
    const crumbs = new Set(reports.flatMap((report) => report.breadcrumbs));
    const broken = okOf(await memory.brokenLinks());
    expect(broken.filter((link) => !crumbs.has(link.targetId))).toEqual([]);
    expect(new Set(broken.map((link) => link.targetId))).toEqual(crumbs);
  });

  it("leaves git clean but for what the workers chose not to commit, and no lock", () => {
    const status = execFileSync(
      "git",
      ["status", "--porcelain=v1", "-z", "--untracked-files=all", "--no-renames"],
      { cwd: root, env: { ...process.env, ...env }, encoding: "utf8" },
    );
    const dirty = status
      .split("\0")
      .filter((entry) => entry !== "")
      .map((entry) => entry.slice(3));
    const allowed = new Set(reports.flatMap((report) => report.uncommitted));
    expect(dirty.filter((path) => !allowed.has(path))).toEqual([]);
    const log = execFileSync("git", ["log", "--oneline"], {
      cwd: root,
      env: { ...process.env, ...env },
      encoding: "utf8",
    });
    expect(log.trim().split("\n").length).toBeGreaterThan(2);
    expect(fs.existsSync(join(root, LOCK_PATH))).toBe(false);
    expect(fs.readdirSync(join(root, ".agent-memory"))).toEqual([]);
  });
});
