/**
 * Issue 35: the fault sweep over `memory sync` with the merge driver, on real git (a bare
 * remote, two clones, the built CLI as a real process). Clone B changed the same files as
 * clone A and pushed: concurrent appends to one note, one sentence changed differently on
 * both, both index tiers, one session log (A's part a change by hand, uncommitted). Clone A
 * syncs and is stopped at the k-th write that the sync, its git and its merge driver make
 * (sync-sweep-points.ts: every ref update, the commit and merge hooks, the driver's
 * temporary file and rename of %A), for every k, in three modes: the whole run killed there
 * (dead), git alone killed there (git-killed), the driver's write torn halfway then all
 * killed (torn). Then, as a person would: `memory sync` again in A.
 *
 * Checked after the crash: no conflict marker and no half-written file committed (every
 * committed memory file holds whole sentences of one side or of the merge). Checked after
 * the re-run: it succeeded on its own; no MERGE_HEAD, no git lock file; the work tree clean;
 * `git fsck` clean; A at the remote's commit; every sentence of both sides present
 * exactly once (nothing lost, nothing done twice); no duplicate id; no broken link.
 *
 * `npm test` runs a few points; `TORTURE_FULL=1` runs every k of every mode. Needs the built
 * CLI (`npx tsup`). Figures: docs/torture.md.
 */
import { spawn } from "node:child_process";
import { cp, mkdir, readFile, readdir, rm, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  CLI,
  createSandbox,
  jsonOf,
  succeeded,
  type CliRun,
  type Sandbox,
} from "../cli/cli-harness.js";
import { scaledMs } from "../helpers/time-scale.js";
import { writeSyncPoints, type SyncFaultMode } from "./sync-sweep-points.js";

const FULL = process.env["TORTURE_FULL"] === "1";
const MEASURE = process.env["TORTURE_MEASURE"] === "1";
/**
 * The points `npm test` runs, in "dead" mode: each left git wedged before the dead-step fix
 * (stale lock files; a merge in progress). The first match of each, in the clean run's order.
 */
const DEFAULT_POINTS = [
  /^ref update prepared: HEAD /, // the local commit, holding index.lock and the ref locks
  /^driver .*: write the temporary file$/, // the merge, holding index.lock
  /^prepare-commit-msg$/, // after the merge, MERGE_HEAD written, before its commit
];

const session = (n: number, time: string, what: string) =>
  `## session ${n} (${time} UTC)\n\n### what\n${what}\n\n### why\nit was due\n\n### how\nby hand\n`;
const LOG = "sessions/2026/11/27/agent0.md";

/** Every text that must be in the converged memory exactly once, filled in by the setup. */
const once: string[] = [
  "We deploy on Mondays.",
  "The VPN is needed.",
  "Igor reviews the release.",
  "Standup is at 10.",
  "Standup is at 11.",
  "### what\nstarted",
  "### what\nclone a",
  "### what\nclone b",
];

let sandbox: Sandbox;
let template: string;
/** A's HEAD before its sync: never lost. */
let headOfA: string;

/**
 * `memory <args> --root <clone>` run in this process: the setup and each re-run after a crash
 * (the same dispatcher and code as the executable; the run that is stopped at a fault point is
 * always a real process, `syncProcess`).
 */
const cliIn = (clone: string, args: readonly string[]) =>
  sandbox.cliInProcess([...args, "--root", clone]);
const fixture = resolve(import.meta.dirname, "../fixtures/cli-llm/sync-llm.mjs");
// Nothing is pending, so the model is never asked; sync wants one named all the same.
const syncArgs = [
  "sync",
  "--llm-cmd",
  `${JSON.stringify(process.execPath)} ${JSON.stringify(fixture)}`,
  "--defrag-every",
  "999999",
  "--json",
];

beforeAll(async () => {
  sandbox = await createSandbox();
  template = join(sandbox.dir, "template");
  const a = join(template, "a");
  const b = join(template, "b");
  const remote = join(template, "remote.git");
  await mkdir(template);
  await sandbox.git(template, ["init", "-q", "--bare", "--initial-branch=main", remote]);
  await sandbox.git(template, ["clone", "-q", remote, a]);
  succeeded(await cliIn(a, ["init"]));
  const capture = async (title: string, body: string) =>
    jsonOf<{ note: { id: string } }>(
      await cliIn(a, ["capture", title, "--body", body, "--status", "active", "--json"]),
    ).note.id;
  const deploys = await capture("Deploys", "We deploy on Mondays.");
  const standup = await capture("Standup", "Standup is at 9.");
  const one = await capture("Tier one", "One.");
  const two = await capture("Tier two", "Two.");
  once.push(`[[${one}|Tier one]]`, `[[${two}|Tier two]]`);
  await mkdir(join(a, "sessions/2026/11/27"), { recursive: true });
  await writeFile(join(a, LOG), session(1, "08:00", "started"));
  succeeded(await cliIn(a, syncArgs));
  await sandbox.git(template, ["clone", "-q", remote, b]);
  succeeded(await cliIn(b, syncArgs));
  // Both clones change the same files; B pushes first.
  for (const [clone, line, time, hour, id] of [
    [a, "The VPN is needed.", "10:00", "10", one],
    [b, "Igor reviews the release.", "09:00", "11", two],
  ] as const) {
    succeeded(await cliIn(clone, ["edit", deploys, "--append", line]));
    succeeded(await cliIn(clone, ["edit", standup, "--replace", "at 9", "--with", `at ${hour}`]));
    succeeded(await cliIn(clone, ["tier", id, clone === a ? "hot" : "warm"]));
    const what = clone === a ? "clone a" : "clone b";
    await writeFile(
      join(clone, LOG),
      `${session(1, "08:00", "started")}\n${session(2, time, what)}`,
    );
  }
  succeeded(await cliIn(b, syncArgs));
  headOfA = (await sandbox.git(a, ["rev-parse", "HEAD"])).trim();
  const scripts = await writeSyncPoints(join(sandbox.dir, "points"), CLI);
  await sandbox.git(a, ["config", "core.hooksPath", scripts.hooksPath]);
  await sandbox.git(a, ["config", "merge.agent-memory.driver", scripts.driver]);
}, scaledMs(300_000));
afterAll(() => sandbox.cleanup());

/** A fresh copy of the template world, its clones pointed at its own remote. */
async function freshWorld(name: string): Promise<{ dir: string; a: string; b: string }> {
  const dir = join(sandbox.dir, name);
  await rm(dir, { recursive: true, force: true });
  await cp(template, dir, { recursive: true });
  const remote = join(dir, "remote.git");
  for (const clone of ["a", "b"])
    await sandbox.git(join(dir, clone), ["remote", "set-url", "origin", remote]);
  await mkdir(join(dir, "state"));
  return { dir, a: join(dir, "a"), b: join(dir, "b") };
}

/** `memory sync` in `clone` as its own process; its pid goes to `state/cli.pid` at once. */
function syncProcess(clone: string, state: string): Promise<CliRun> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [CLI, ...syncArgs, "--root", clone], {
      cwd: sandbox.dir,
      env: sandbox.env,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    void writeFile(join(state, "cli.pid"), String(child.pid ?? 0)).catch(fail);
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
    child.on("error", fail);
    child.on("close", (code, signal) =>
      done({ code: code ?? (signal === null ? null : -1), stdout, stderr }),
    );
  });
}

/** What one fault point found. */
interface Found {
  readonly fired: string;
  readonly rerunFailed: string[];
  readonly committedBroken: string[];
  readonly lost: string[];
  readonly twice: string[];
  readonly duplicateIds: string[];
  readonly brokenLinks: string[];
  readonly leftMidMerge: string[];
  readonly notConverged: string[];
  /** Informational: what the crash itself left (the re-run must cope with it). */
  readonly crashLeft: string[];
  readonly tempFiles: string[];
}

async function gitOk(cwd: string, args: readonly string[]): Promise<string | undefined> {
  return sandbox.git(cwd, args).catch(() => undefined);
}

/** Lock files and merge state under a clone's .git. */
async function gitLeftovers(clone: string): Promise<string[]> {
  const found: string[] = [];
  const walk = async (dir: string, rel: string): Promise<void> => {
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      if (entry.name === "objects" || entry.name === "hooks") continue;
      const path = rel === "" ? entry.name : `${rel}/${entry.name}`;
      if (entry.isDirectory()) await walk(join(dir, entry.name), path);
      else if (entry.name.endsWith(".lock") || entry.name === "MERGE_HEAD") found.push(path);
    }
  };
  await walk(join(clone, ".git"), "");
  return found;
}

/** The memory's files in a commit (not .agent-memory), with their text. */
async function filesAt(clone: string, rev: string): Promise<Map<string, string>> {
  const names = (await sandbox.git(clone, ["ls-tree", "-r", "--name-only", "-z", rev]))
    .split("\0")
    .filter((name) => name !== "");
  const files = new Map<string, string>();
  for (const name of names) files.set(name, await sandbox.git(clone, ["show", `${rev}:${name}`]));
  return files;
}

/** Sentences of A's side (or of B's, or the merge) that a committed file must hold whole. */
function brokenCommitted(files: Map<string, string>): string[] {
  const found: string[] = [];
  for (const [name, text] of files) {
    if (/^(<<<<<<<|>>>>>>>|=======$)/m.test(text)) found.push(`${name}: conflict markers`);
    if (name.endsWith(".md") && !text.endsWith("\n")) found.push(`${name}: cut short`);
  }
  const all = [...files.values()].join("\n");
  for (const text of ["We deploy on Mondays.", "The VPN is needed.", "Standup is at 10."])
    if (!all.includes(text)) found.push(`HEAD lost A's "${text}"`);
  return found;
}

async function torture(
  k: number | undefined,
  mode: SyncFaultMode,
): Promise<Found & { log: string[] }> {
  const world = await freshWorld(`point-${mode}-${String(k ?? 0)}`);
  const state = join(world.dir, "state");
  if (k !== undefined) {
    await writeFile(join(state, "k"), String(k));
    await writeFile(join(state, "mode"), mode);
  }
  const first = await syncProcess(world.a, state);
  const log = (await readFile(join(state, "log"), "utf8").catch(() => ""))
    .split("\n")
    .filter((line) => line !== "");
  const fired = await readFile(join(state, "fired"), "utf8").catch(() => "");
  if (MEASURE) process.stdout.write(`first run: exit ${String(first.code)} ${first.stderr}\n`);
  if (k === undefined && first.code !== 0)
    throw new Error(`the clean sync failed: ${first.stderr}`);
  // What the crash left, before anything else runs.
  const crashLeft = await gitLeftovers(world.a);
  const head = (await sandbox.git(world.a, ["rev-parse", "HEAD"])).trim();
  const committedBroken = brokenCommitted(await filesAt(world.a, head));
  if ((await gitOk(world.a, ["merge-base", "--is-ancestor", headOfA, head])) === undefined)
    committedBroken.push("A's commits are no longer in its history");

  // The re-run, as a person would: sync again (no fault), then the other clone.
  await rm(state, { recursive: true, force: true });
  const rerunFailed: string[] = [];
  const again = await cliIn(world.a, syncArgs);
  if (again.code !== 0)
    rerunFailed.push(`A's re-run exited ${String(again.code)}: ${again.stderr}`);
  const leftMidMerge = await gitLeftovers(world.a);
  const status = (await sandbox.git(world.a, ["status", "--porcelain", "--untracked-files=all"]))
    .split("\n")
    .filter((line) => line !== "");
  const tempFiles = status.filter((line) => /^\?\? .*\.[0-9a-f]{8}\.tmp$/.test(line));
  leftMidMerge.push(
    ...status.filter((line) => !tempFiles.includes(line)).map((l) => `status: ${l}`),
  );
  if ((await gitOk(world.a, ["fsck", "--no-progress"])) === undefined)
    leftMidMerge.push("fsck failed");

  const heads = await Promise.all(
    [world.a, join(world.dir, "remote.git")].map(async (dir) =>
      (await sandbox.git(dir, ["rev-parse", "HEAD"])).trim(),
    ),
  );
  const notConverged = new Set(heads).size === 1 ? [] : [`heads ${heads.join(" ")}`];

  const files = await filesAt(world.a, "HEAD");
  const all = [...files.values()].join("\n");
  const count = (text: string) => all.split(text).length - 1;
  const lost = once.filter((text) => count(text) === 0);
  const twice = once.filter((text) => count(text) > 1).map((text) => `${text} x${count(text)}`);
  const idsAt = new Map<string, string[]>();
  for (const name of files.keys()) {
    const id = /(id__[0-9A-Za-z]+)\.md$/.exec(name)?.[1];
    if (id !== undefined) idsAt.set(id, [...(idsAt.get(id) ?? []), name]);
  }
  const duplicateIds = [...idsAt].filter(([, names]) => names.length > 1).map(([id]) => id);
  const brokenLinks = [...all.matchAll(/\[\[(id__[0-9A-Za-z]+)/g)]
    .map((match) => match[1] ?? "")
    .filter((id) => !idsAt.has(id));
  await rm(world.dir, { recursive: true, force: true });
  return {
    log,
    fired,
    rerunFailed,
    committedBroken,
    lost,
    twice,
    duplicateIds,
    brokenLinks: [...new Set(brokenLinks)],
    leftMidMerge,
    notConverged,
    crashLeft,
    tempFiles,
  };
}

/** Every k from 1 to n, or the default points (see DEFAULT_POINTS; the last merge's prepare-commit-msg). */
function points(names: readonly string[], all: boolean): number[] {
  if (all) return names.map((_, i) => i + 1);
  const driver = names.findIndex((name) => DEFAULT_POINTS[1]?.test(name) === true);
  return DEFAULT_POINTS.map((pattern) => {
    // The merge's prepare-commit-msg comes after the driver ran; the others, the first match.
    const from = pattern === DEFAULT_POINTS[2] ? driver : 0;
    return names.findIndex((name, i) => i >= from && pattern.test(name.trim())) + 1;
  }).filter((k) => k > 0);
}

const COLUMNS = [
  "rerunFailed",
  "committedBroken",
  "lost",
  "twice",
  "duplicateIds",
  "brokenLinks",
  "leftMidMerge",
  "notConverged",
] as const;
type Totals = Record<
  (typeof COLUMNS)[number] | "faultPoints" | "crashLeftMergeHead" | "crashLeftLocks" | "tempFiles",
  number
>;
const figures: { mode: SyncFaultMode; totals: Totals }[] = [];
let pointNames: string[] = [];

describe(
  "torture: sync with the merge driver (real git, two clones)",
  { timeout: scaledMs(FULL ? 3_600_000 : 600_000) },
  () => {
    it("a clean sync merges everything by meaning and names its write points", async () => {
      const clean = await torture(undefined, "dead");
      pointNames = clean.log;
      process.stdout.write(
        `sync sweep: ${pointNames.length} write points:\n${pointNames.join("\n")}\n`,
      );
      expect(clean.log.some((name) => name.startsWith("driver "))).toBe(true);
      expect({ ...clean, log: undefined, crashLeft: undefined }).toMatchObject({
        rerunFailed: [],
        committedBroken: [],
        lost: [],
        twice: [],
        duplicateIds: [],
        brokenLinks: [],
        leftMidMerge: [],
        notConverged: [],
        tempFiles: [],
      });
    });

    for (const mode of ["dead", "git-killed", "torn"] as const) {
      it.runIf(FULL || mode !== "torn")(
        `${mode}: nothing lost, nothing twice, no repository left mid-merge`,
        async () => {
          expect(pointNames.length).toBeGreaterThan(0);
          const chosen = process.env["SYNC_SWEEP_POINTS"];
          const all =
            chosen !== undefined
              ? chosen.split(",").map(Number)
              : mode === "git-killed" && !FULL
                ? // Git alone killed after the driver wrote its last merged file: the merged
                  // files written, no MERGE_HEAD; the sync once went on and committed them as
                  // changes by hand (a sentence twice).
                  [
                    pointNames.findLastIndex((name) =>
                      /^driver .*: renamed, before exit$/.test(name.trim()),
                    ) + 1,
                  ].filter((k) => k > 0)
                : points(pointNames, FULL);
          const ks =
            mode === "torn"
              ? all.filter((k) => pointNames[k - 1]?.endsWith("write the temporary file"))
              : all;
          const totals: Totals = {
            faultPoints: 0,
            rerunFailed: 0,
            committedBroken: 0,
            lost: 0,
            twice: 0,
            duplicateIds: 0,
            brokenLinks: 0,
            leftMidMerge: 0,
            notConverged: 0,
            crashLeftMergeHead: 0,
            crashLeftLocks: 0,
            tempFiles: 0,
          };
          for (const k of ks) {
            const found = await torture(k, mode);
            totals.faultPoints++;
            for (const column of COLUMNS) totals[column] += found[column].length;
            if (found.crashLeft.includes("MERGE_HEAD")) totals.crashLeftMergeHead++;
            totals.crashLeftLocks += found.crashLeft.filter((path) =>
              path.endsWith(".lock"),
            ).length;
            totals.tempFiles += found.tempFiles.length;
            if (MEASURE) {
              const { log: _, ...shown } = found;
              process.stdout.write(
                `${mode} k=${k} (${pointNames[k - 1] ?? ""}): ${JSON.stringify(shown)}\n`,
              );
              continue;
            }
            expect({
              k,
              point: pointNames[k - 1],
              fired: found.fired.trim() === pointNames[k - 1]?.trim(),
            }).toEqual({
              k,
              point: pointNames[k - 1],
              fired: true,
            });
            const findings = Object.fromEntries(COLUMNS.map((column) => [column, found[column]]));
            expect({
              k,
              mode,
              point: pointNames[k - 1],
              crashLeft: found.crashLeft,
              ...findings,
            }).toEqual({
              k,
              mode,
              point: pointNames[k - 1],
              crashLeft: found.crashLeft,
              ...Object.fromEntries(COLUMNS.map((column) => [column, []])),
            });
          }
          figures.push({ mode, totals });
        },
      );
    }
  },
);

afterAll(() => {
  if (figures.length === 0) return;
  const lines = [
    `sync sweep (${FULL ? "full sweep" : "sampled"}), ${pointNames.length} write points: ${pointNames.join(" | ")}`,
    "mode | fault points | re-run failed | broken file committed | text lost | text twice | duplicate ids | broken links | left mid-merge after the re-run | not converged | crash left MERGE_HEAD | crash left lock files | temp files left",
    ...figures.map(
      ({ mode, totals: t }) =>
        `${mode} | ${t.faultPoints} | ${t.rerunFailed} | ${t.committedBroken} | ${t.lost} | ${t.twice} | ${t.duplicateIds} | ${t.brokenLinks} | ${t.leftMidMerge} | ${t.notConverged} | ${t.crashLeftMergeHead} | ${t.crashLeftLocks} | ${t.tempFiles}`,
    ),
  ];
  process.stdout.write(`${lines.join("\n")}\n`);
});
