/**
 * 100,000 notes (issue 36): the same figures at 10,000 and 100,000 notes of LoCoMo prose in
 * one run, each beside its baseline from the same run, so how each grows is measured:
 * cold CLI calls with and without the daemon against `node -e 0`, in-process open + list +
 * links against a bare read, warm search p50/p95 in a long-lived host, the host's and the
 * daemon's RSS, a rename of a note with 100 inbound links, the `memory view` site build and
 * the size of `.agent-memory/`.
 *
 * Opt-in (about half an hour on a shared 2-core machine): `npm run bench -- scale`, or
 * `npx tsx bench/scale-100k.bench.ts [sizes]` (default `10000,100000`; `BENCH_SCALE=0.01`
 * for a quick try). Each memory is generated once and kept under `.bench-tmp/cache/` (see
 * `scale-memory.ts`); later runs reset it with git and start from no `.agent-memory/`.
 */
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { performance } from "node:perf_hooks";
import { fsPersistence } from "../src/adapters/fs/fs-persistence.js";
import { gitCli } from "../src/adapters/git-cli/git-cli.js";
import { createMemory } from "../src/memory.js";
import type { Git } from "../src/ports/git.js";
import type { Persistence } from "../src/ports/persistence.js";
import { naiveRename } from "./graph.bench.js";

import { hasLocomo } from "./prose-notes.js";
import { readAllWithRegex } from "./read-all-baseline.js";
import { loadLocomo } from "./retrieval/locomo.js";
import { scaleMemory, type ScaleMemory } from "./scale-memory.js";
import { scaleTable, type ScaleFigures, type ScaleTarget } from "./scale-table.js";

const repo = resolve(import.meta.dirname, "..");
// BENCH_CLI: a copy of the build to measure, so a rebuild of dist/ during a run (which ends
// a daemon of the old build) does not disturb it.
const cli = process.env.BENCH_CLI ?? resolve(repo, "dist/cli.js");
/**
 * BENCH_SCALE_PARTS: which parts to run, comma-separated, default all: first (the first
 * `list` and `search`, which build the caches), cold, daemon, open, host, rename, view, sizes.
 */
const PARTS = new Set(
  (process.env.BENCH_SCALE_PARTS ?? "first,cold,daemon,open,host,rename,view,sizes").split(","),
);
const coldFloor = resolve(import.meta.dirname, "cold-floor.mjs");
const hostScript = resolve(import.meta.dirname, "scale-host.mjs");
const FACTS = ".agent-memory/cache/notes.json";
const SEARCH = ".agent-memory/cache/search.json";
const RENAMED = "scale bench target renamed";
// LoCoMo questions the host asks (the 10,000-note benchmark asks 300; fewer here, as the
// substring scan of 100,000 notes beside each takes a second on a loaded machine).
const QUESTIONS = 150;
const NODE = "`node -e 0`";
const BARE = "readFileSync + regex";
const SCAN = "substring scan p50";
const SCAN_CPU = "substring scan CPU p50";
const HOLD = "node holding every note's text";

/**
 * An isolated environment: no user git config, no global identity, and no daemon started on
 * demand (the "no daemon" rows would otherwise measure one; `memory daemon start` still works).
 */
function env(home: string): NodeJS.ProcessEnv {
  return {
    ...process.env,
    HOME: home,
    GIT_CONFIG_NOSYSTEM: "1",
    AGENT_MEMORY_ROOT: "",
    AGENT_MEMORY_DAEMON: "0",
  };
}

function bare(): void {
  execFileSync(process.execPath, ["-e", "0"]);
}

function once(fn: () => unknown): number {
  const start = performance.now();
  fn();
  return performance.now() - start;
}

/** Bytes under `path` (`du -sb`), or 0 when it is absent. */
function bytesUnder(path: string): number {
  if (!fs.existsSync(path)) return 0;
  return Number(execFileSync("du", ["-sb", path], { encoding: "utf8" }).split("\t")[0]);
}

/** VmHWM and VmRSS of a process, in bytes. */
function rssOf(pid: number): { peak: number; now: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const field = (name: string) =>
    Number(new RegExp(`^${name}:\\s+(\\d+) kB`, "m").exec(status)?.[1]) * 1024;
  return { peak: field("VmHWM"), now: field("VmRSS") };
}

/** Every figure of one size, recorded into `figures`. */
async function measureSize(
  memory: ScaleMemory,
  work: string,
  questionsPath: string,
  figures: ScaleFigures,
): Promise<void> {
  const { root, count } = memory;
  const home = join(work, "home");
  mkdirSync(home, { recursive: true });
  const id = memory.someId;
  // Fewer rounds at 100,000 notes, where one cold call takes seconds on a loaded machine.
  const RUNS = count >= 50_000 ? 3 : 5;
  const run = (args: readonly string[]) =>
    execFileSync(process.execPath, [cli, ...args], {
      cwd: root,
      env: env(home),
      stdio: "ignore",
      maxBuffer: 1 << 30,
    });
  const put = (
    label: string,
    value: number,
    baseline: number,
    baselineName: string,
    targets: readonly ScaleTarget[],
    unit: "ms" | "MB" = "ms",
  ) => {
    figures.record(label, count, value, baseline, { baseline: baselineName, unit, targets });
    console.log(
      `  ${label}: ${value.toFixed(1)} ${unit} | ${baselineName} ${baseline.toFixed(1)} ${unit} | ${(value / baseline).toFixed(2)}x`,
    );
  };
  console.log(`\n## ${count} notes (${root})`);

  // The very first calls: no cache at all (the notes read and parsed, git's history walked
  // for the timestamps, then the search index built), one run each.
  if (PARTS.has("first")) await firstCalls();
  async function firstCalls(): Promise<void> {
    put(
      "first CLI `list`, nothing cached (one run)",
      once(() => run(["list"])),
      once(bare),
      NODE,
      ["linear"],
    );
    put(
      "first CLI `search`, after that `list` (one run)",
      once(() => run(["search", "adoption", "agency"])),
      once(bare),
      NODE,
      ["linear"],
    );
  }

  const floorOf =
    (...caches: string[]) =>
    () =>
      execFileSync(process.execPath, [coldFloor, root, ...caches], { stdio: "ignore" });
  const calls: [string, string[], string[]][] = [
    ["show", ["show", id], []],
    ["links", ["links", id], [FACTS]],
    ["list", ["list"], [FACTS]],
    ["search", ["search", "adoption", "agency"], [FACTS, SEARCH]],
  ];
  for (const [name, args, caches] of PARTS.has("cold") ? calls : []) {
    const floor = caches.length === 0 ? [] : [floorOf(...caches)];
    const [ms = 0, bareMs = 0, floorMs] = await turnAbout([() => run(args), bare, ...floor], RUNS);
    put(`cold CLI \`${name}\`, no daemon`, ms, bareMs, NODE, ["linear"]);
    if (floorMs !== undefined)
      put(`floor of \`${name}\`: stat every note + caches`, floorMs, bareMs, NODE, []);
  }

  await section("daemon", async () => {
    if (!PARTS.has("daemon")) return;
    run(["daemon", "start", "--idle-minutes", "60"]);
    try {
      // The daemon loads the notes after it answers `start`; calls made meanwhile wait for it
      // (or, for show, run in-process): the timed calls are those of a loaded daemon.
      const busy = join(root, ".agent-memory", "daemon.busy");
      const loading = performance.now();
      while (fs.existsSync(busy)) await new Promise((done) => setTimeout(done, 100));
      console.log(
        `  daemon loaded the notes ${(performance.now() - loading).toFixed(0)} ms after start`,
      );
      for (const [name, args] of calls) {
        run(args); // the daemon's first answer of this kind, untimed
        const [ms = 0, bareMs = 0] = await turnAbout([() => run(args), bare], RUNS);
        put(`CLI \`${name}\`, daemon running`, ms, bareMs, NODE, ["node2x"]);
      }
      const status = JSON.parse(
        execFileSync(process.execPath, [cli, "daemon", "status", "--json"], {
          cwd: root,
          env: env(home),
          encoding: "utf8",
        }),
      ) as { pid?: number };
      if (typeof status.pid !== "number") throw new Error("daemon status gave no pid");
      const daemon = rssOf(status.pid);
      const bareRss = bareRssOf(root);
      put(
        "daemon RSS, peak, after the calls",
        daemon.peak / 2 ** 20,
        bareRss / 2 ** 20,
        HOLD,
        ["linear"],
        "MB",
      );
    } finally {
      run(["daemon", "stop"]);
      // What the daemon did: its load, and any replacement of a daemon found late.
      const log = join(root, ".agent-memory", "daemon.log");
      for (const line of fs.existsSync(log) ? fs.readFileSync(log, "utf8").split("\n") : [])
        if (/loaded|replaced|stopped|serving/.test(line)) console.log(`  daemon log: ${line}`);
    }
  });

  const persistence = fsPersistence({ fs, root });
  const git = gitCli({ dir: root, env: { HOME: home, GIT_CONFIG_NOSYSTEM: "1" } });
  for (const [label, persist] of PARTS.has("open")
    ? ([
        ["open + list + links in-process, no persisted cache", false],
        ["open + list + links in-process, persisted cache", true],
      ] as const)
    : []) {
    const openList = async (): Promise<void> => {
      const opened = createMemory({ persistence, git, ...(persist ? { cache: { persist } } : {}) });
      const listed = await opened.list();
      const linked = await opened.links(id);
      opened.close();
      if (listed.isErr() || linked.isErr()) throw new Error("open + list failed");
    };
    const [ms = 0, bareMs = 0] = await turnAbout([openList, () => readAllWithRegex(root)], RUNS);
    put(label, ms, bareMs, BARE, ["linear"]);
  }

  // A long-lived host of the built library in its own process, so its RSS is its own.
  await section("host", async () => {
    if (!PARTS.has("host")) return;
    const host = JSON.parse(
      execFileSync(process.execPath, [hostScript, "host", root, questionsPath, id], {
        cwd: root,
        env: env(home),
        encoding: "utf8",
        maxBuffer: 1 << 26,
      }),
    ) as {
      freshness: string;
      peak: number;
      searchP50: number;
      searchP95: number;
      scanP50: number;
      searchCpuP50: number;
      scanCpuP50: number;
      firstSearchMs: number;
      heapUsed: number;
      external: number;
    };
    if (host.freshness !== "watch") throw new Error(`the host's freshness is ${host.freshness}`);
    put("warm search p50, host with default options", host.searchP50, host.scanP50, SCAN, ["ms5"]);
    put("warm search p95, same", host.searchP95, host.scanP50, SCAN, ["linear"]);
    // What a search costs the host's CPU, load aside (the wall time waits for the cores too).
    put("warm search CPU p50, same", host.searchCpuP50, host.scanCpuP50, SCAN_CPU, ["ms5"]);
    const bareRss = bareRssOf(root);
    put(
      `host RSS, peak, after list + links + ${QUESTIONS * 2 + 1} searches`,
      host.peak / 2 ** 20,
      bareRss / 2 ** 20,
      HOLD,
      ["gb1", "linear"],
      "MB",
    );
    console.log(
      `  host: first search ${host.firstSearchMs.toFixed(0)} ms; heap used ${(host.heapUsed / 2 ** 20).toFixed(0)} MB, external + array buffers ${(host.external / 2 ** 20).toFixed(0)} MB`,
    );
  });
  if (PARTS.has("rename"))
    await section("rename", () => measureRename(memory, persistence, git, RUNS, put));
  if (PARTS.has("view")) await section("view", () => measureView(memory, work, run, put));
  if (PARTS.has("sizes")) await section("sizes", () => measureSizes(root, put));
}

/** Runs one part of the benchmark; a failure is printed and the next part runs. */
async function section(name: string, part: () => Promise<void>): Promise<void> {
  try {
    await part();
  } catch (error) {
    console.log(`  ${name}: FAILED ${error instanceof Error ? error.stack : String(error)}`);
  }
}

type Put = (
  label: string,
  value: number,
  baseline: number,
  baselineName: string,
  targets: readonly ScaleTarget[],
  unit?: "ms" | "MB",
) => void;

async function measureRename(
  { root, targetId, targetTitle, inbound }: ScaleMemory,
  persistence: Persistence,
  git: Git,
  runs: number,
  put: Put,
): Promise<void> {
  // A rename of the note 100 others link to by its title, in a long-lived host with default
  // options, turn about with the read-every-file rename that puts the title back.
  const renamer = createMemory({ persistence, git });
  try {
    const links = await renamer.links(targetId);
    if (links.isErr() || links.value.inbound.length < inbound)
      throw new Error(`the rename target has fewer than ${inbound} inbound links`);
    const renameTimes: number[] = [];
    const naiveTimes: number[] = [];
    for (let round = 0; round <= runs; round++) {
      await renamer.list();
      let start = performance.now();
      const renamed = await renamer.rename(targetId, RENAMED);
      const renameMs = performance.now() - start;
      if (renamed.isErr() || renamed.value.updatedLinks !== inbound)
        throw new Error(
          `the rename failed or retitled the wrong links: ${JSON.stringify(renamed)}`,
        );
      start = performance.now();
      const written = naiveRename(root, targetId, RENAMED, targetTitle);
      const naiveMs = performance.now() - start;
      if (written !== inbound + 1) throw new Error(`the bare rename wrote ${written} files`);
      if (round === 0) continue;
      renameTimes.push(renameMs);
      naiveTimes.push(naiveMs);
    }
    put(
      `rename, ${inbound} inbound links, host (warm)`,
      median(renameTimes),
      median(naiveTimes),
      "read-every-file rename",
      ["linear"],
    );
  } finally {
    renamer.close();
  }
}

async function measureView(
  { root, count }: ScaleMemory,
  work: string,
  run: (args: readonly string[]) => unknown,
  put: Put,
): Promise<void> {
  // `memory view`: the built CLI writing the site elsewhere, turn about with the bare read.
  const site = join(work, "site");
  const viewRuns = count >= 50_000 ? 1 : 3;
  const viewTimes: number[] = [];
  const readTimes: number[] = [];
  for (let round = 0; round < viewRuns; round++) {
    viewTimes.push(once(() => run(["view", "--out", site])));
    readTimes.push(once(() => readAllWithRegex(root)));
  }
  put("`memory view` site build, CLI", median(viewTimes), median(readTimes), BARE, ["linear"]);
  console.log(`  site: ${(bytesUnder(site) / 2 ** 20).toFixed(0)} MB`);
  rmSync(site, { recursive: true, force: true });
}

async function measureSizes(root: string, put: Put): Promise<void> {
  const notesBytes = bytesUnder(join(root, "topics"));
  put(
    "size of `.agent-memory/`",
    bytesUnder(join(root, ".agent-memory")) / 2 ** 20,
    notesBytes / 2 ** 20,
    "the notes' files",
    ["linear"],
    "MB",
  );
  for (const name of fs.readdirSync(join(root, ".agent-memory", "cache"))) {
    const bytes = fs.statSync(join(root, ".agent-memory", "cache", name)).size;
    console.log(`  .agent-memory/cache/${name}: ${(bytes / 2 ** 20).toFixed(1)} MB`);
  }
  console.log(`  .git: ${(bytesUnder(join(root, ".git")) / 2 ** 20).toFixed(0)} MB`);
}

/** The RSS of a node process that holds every note's text (the baseline of a host's). */
function bareRssOf(root: string): number {
  const out = execFileSync(process.execPath, [hostScript, "bare", root], { encoding: "utf8" });
  return (JSON.parse(out) as { peak: number }).peak;
}

function load(): string {
  return fs.readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");
}

/**
 * Each of `fns` once per round, in turn, for `runs` rounds; each one's median. No untimed
 * round (unlike `alternatingMediansMs`): the first calls before it filled the caches, and at
 * 100,000 notes on a loaded machine one round costs minutes.
 */
async function turnAbout(fns: readonly (() => unknown)[], runs: number): Promise<number[]> {
  const times: number[][] = fns.map(() => []);
  for (let round = 0; round < runs; round++) {
    for (const [at, fn] of fns.entries()) {
      const start = performance.now();
      await fn();
      times[at]?.push(performance.now() - start);
    }
  }
  return times.map(median);
}

function median(values: readonly number[]): number {
  const sorted = values.toSorted((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? Number.NaN;
}

/** Runs the benchmark at each of `sizes`; prints the table of every figure. */
export async function benchScale(sizes: readonly number[]): Promise<void> {
  if (!hasLocomo()) {
    console.log("\n## 100,000 notes: skipped, no LoCoMo data");
    return;
  }
  if (!fs.existsSync(cli)) execFileSync("npx", ["tsup"], { cwd: repo, stdio: "ignore" });
  const work = mkdtempSync(join(tmpdir(), "agent-memory-scale-"));
  const figures: ScaleFigures = scaleTable(sizes);
  try {
    const questions = (loadLocomo() ?? [])
      .flatMap((conversation) => conversation.questions.map((q) => q.question))
      .slice(0, QUESTIONS);
    const questionsPath = join(work, "questions.json");
    writeFileSync(questionsPath, JSON.stringify(questions));
    console.log(`# Scale: ${sizes.join(", ")} notes (node ${process.version}, load ${load()})`);
    for (const count of sizes) {
      const start = performance.now();
      const memory = scaleMemory(count);
      console.log(
        `\nmemory of ${count} notes ready in ${((performance.now() - start) / 1000).toFixed(1)} s (${memory.generated ? "generated" : "from the cache"})`,
      );
      await measureSize(memory, work, questionsPath, figures);
      console.log(`  load average now ${load()}\n\n${figures.markdown()}`);
    }
    console.log(`\n${figures.markdown()}`);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const scale = Number(process.env.BENCH_SCALE ?? "1");
  const sizes = (process.argv[2] ?? "10000,100000")
    .split(",")
    .map((size) => Math.max(10, Math.round(Number(size) * scale)));
  await benchScale(sizes).catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
