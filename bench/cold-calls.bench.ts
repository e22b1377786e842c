/**
 * What an agent pays per call on a 10,000-note memory of real prose (LoCoMo utterances,
 * up to 5 links and 2 tags a note) in a git repository of 20 commits:
 * - cold CLI calls (`memory show`, `links`, `list`, `search`), each a fresh node process with
 *   the cache warm from a previous call, against `node -e 0` and `grep -rl` on the same files;
 * - the same calls with the memory's daemon running (`memory daemon start`);
 * - in a long-lived memory in watch mode, each query waiting for the watcher's cookie (as
 *   `memory mcp` and the daemon run), search latency p50/p95 over LoCoMo questions, against
 *   a substring scan of the same notes;
 * - the first search after opening, and open + list + links, against a bare
 *   readFileSync-and-regex pass.
 *
 * Run alone: `npx tsx bench/cold-calls.bench.ts [count]` (builds dist/ first if missing).
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
import { alternatingMediansMs, medianMs, percentile, report } from "./measure.js";
import { hasLocomo, proseNotes } from "./prose-notes.js";
import { loadLocomo } from "./retrieval/locomo.js";
import { writeNotes, type SyntheticNote } from "./synthetic-memory.js";
import { readAllWithRegex } from "./read-all-baseline.js";

const repo = resolve(import.meta.dirname, "..");
const cli = resolve(repo, "dist/cli.js");
const coldFloor = resolve(import.meta.dirname, "cold-floor.mjs");
const FACTS = ".agent-memory/cache/notes.json";
const SEARCH = ".agent-memory/cache/search.json";
const RUNS = 7;

/**
 * An isolated environment: no user git config, no global identity, and no daemon started on
 * demand (these are the cold calls; bench/on-demand-daemon.bench.ts measures the default).
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

/** The notes in a git repository: one commit adding them all, then 19 that edit five each. */
export function writeMemory(root: string, notes: readonly SyntheticNote[], home: string): void {
  writeNotes(root, notes);
  for (const folder of ["inbox", "archive"]) mkdirSync(join(root, folder), { recursive: true });
  writeFileSync(join(root, "index.md"), `# Index\n\n## Hot\n\n- [[${notes[0]?.id}|first]]\n`);
  writeFileSync(join(root, ".gitignore"), ".agent-memory/\n");
  const git = (...args: string[]) =>
    execFileSync("git", ["-C", root, "-c", "user.name=bench", "-c", "user.email=b@x", ...args], {
      env: env(home),
      stdio: "ignore",
    });
  execFileSync("git", ["init", "-q", "-b", "main", root], { env: env(home) });
  git("add", "-A");
  git("commit", "-qm", "memory: seed");
  for (let commit = 1; commit < 20; commit++) {
    for (let k = 0; k < 5; k++) {
      const note = notes[(commit * 37 + k * 101) % notes.length];
      if (note !== undefined) fs.appendFileSync(join(root, note.path), `\nedit ${commit}\n`);
    }
    git("commit", "-qam", `memory: edit ${commit}`);
  }
}

/** A node process that does nothing: the floor of every CLI call. */
function bare(): void {
  execFileSync(process.execPath, ["-e", "0"]);
}

/** Runs the benchmark in `workDir` with `count` notes. */
export async function benchColdCalls(workDir: string, count: number): Promise<void> {
  if (!hasLocomo()) {
    console.log("\n## Cold calls: skipped, no LoCoMo data");
    return;
  }
  if (!fs.existsSync(cli)) execFileSync("npx", ["tsup"], { cwd: repo, stdio: "ignore" });
  console.log(`\n## Calls on ${count} notes of LoCoMo prose, 20 commits`);
  const root = join(workDir, `cold-${count}`);
  const home = join(workDir, "home");
  mkdirSync(home, { recursive: true });
  const notes = proseNotes(count, 0);
  writeMemory(root, notes, home);
  const id = notes[Math.floor(count / 3)]?.id ?? "";
  const run = (args: readonly string[]) =>
    execFileSync(process.execPath, [cli, ...args], { cwd: root, env: env(home), stdio: "ignore" });

  const grep = () =>
    execFileSync("grep", ["-rl", "adoption", "topics"], { cwd: root, stdio: "ignore" });
  // What any never-stale answer from a cache must do, without the library (cold-floor.mjs).
  const floorOf =
    (...caches: string[]) =>
    () =>
      execFileSync(process.execPath, [coldFloor, root, ...caches], { stdio: "ignore" });
  const calls: [string, string[], string, string[]][] = [
    ["show ID", ["show", id], "<= 3x", []],
    ["links ID", ["links", id], "<= 3x", [FACTS]],
    ["list", ["list"], "<= 5x", [FACTS]],
    ["search adoption agency", ["search", "adoption", "agency"], "<= 4x", [FACTS, SEARCH]],
  ];
  for (const [label, args, target, caches] of calls) {
    // Each call beside its baselines, turn about (see alternatingMediansMs). The untimed
    // first round fills the cache; the figures are later calls', as an agent makes them.
    // show reads one file, so it has no floor of this kind.
    const floor = caches.length === 0 ? [] : [floorOf(...caches)];
    const [ms = 0, bareMs = 0, grepMs = 0, floorMs] = await alternatingMediansMs(
      [() => run(args), bare, grep, ...floor],
      RUNS,
    );
    report(`cold CLI memory ${label}`, ms, "node -e 0", bareMs, target);
    report(`cold CLI memory ${label}`, ms, "grep -rl", grepMs);
    if (floorMs === undefined) continue;
    report(`floor: stat every note, parse ${caches.join(" + ")}`, floorMs, "node -e 0", bareMs);
    report(`cold CLI memory ${label}`, ms, "that floor", floorMs);
  }

  // The same calls with the memory's daemon running (`memory daemon start`): the client hands
  // each to it over the socket; the daemon waits for its watcher's cookie before answering.
  run(["daemon", "start", "--idle-minutes", "30"]);
  try {
    for (const [label, args, target] of calls) {
      const [ms = 0, bareMs = 0] = await alternatingMediansMs([() => run(args), bare], RUNS);
      report(`CLI memory ${label}, daemon running`, ms, "node -e 0", bareMs, target);
    }
  } finally {
    run(["daemon", "stop"]);
  }

  const persistence = fsPersistence({ fs, root });
  const git = gitCli({ dir: root, env: { HOME: home, GIT_CONFIG_NOSYSTEM: "1" } });
  const readAll = () => readAllWithRegex(root);
  // Each turn about with the bare pass, as the cold calls with theirs: the load of a shared
  // machine then weighs on both alike.
  for (const [label, persist] of [
    ["open + list + links, in-process, no persisted cache", false],
    ["open + list + links, in-process, persisted cache", true],
  ] as const) {
    const openList = async (): Promise<void> => {
      const memory = createMemory({ persistence, git, ...(persist ? { cache: { persist } } : {}) });
      const listed = await memory.list();
      const linked = await memory.links(id);
      if (listed.isErr() || linked.isErr()) throw new Error("open + list failed");
    };
    const [ms = 0, bareMs = 0] = await alternatingMediansMs([openList, readAll], RUNS);
    report(label, ms, "readFileSync + regex", bareMs, "<= 1.5x");
  }
  const floor = await medianMs(readAll, RUNS);

  const conversations = loadLocomo() ?? [];
  const questions = conversations.flatMap((c) => c.questions.map((q) => q.question)).slice(0, 300);
  const firstSearch = await medianMs(
    async () => {
      const memory = createMemory({ persistence, git });
      const found = await memory.search(questions[0] ?? "adoption agency", { limit: 10 });
      memory.close();
      if (found.isErr()) throw found.error;
    },
    3,
    0,
  );
  report("first search after open (in-process)", firstSearch, "readFileSync + regex", floor);

  // A long-lived host with default options: on node's fs on a local disk the memory watches
  // its files itself, each query waiting for the watcher's cookie (a file written and seen
  // coming back) before it answers, as `memory mcp` and the daemon do.
  const memory = createMemory({ persistence, git });
  const mode = memory.cacheStats().freshness;
  if (mode !== "watch") throw new Error(`default freshness here is ${mode}, expected watch`);
  await memory.search("warm up", { limit: 10 });
  const haystacks = notes.map((note) => note.markdown.toLowerCase());
  const scanTimes: number[] = [];
  const searchTimes: number[] = [];
  for (const question of questions) {
    const words = question
      .toLowerCase()
      .split(/\W+/)
      .filter((word) => word.length > 3);
    let start = performance.now();
    let hits = 0;
    for (const text of haystacks) if (words.some((word) => text.includes(word))) hits++;
    scanTimes.push(performance.now() - start);
    if (hits < 0) throw new Error("unreachable");
    start = performance.now();
    const found = await memory.search(question, { limit: 10 });
    searchTimes.push(performance.now() - start);
    if (found.isErr()) throw found.error;
  }
  const scanP50 = percentile(scanTimes, 50);
  report(
    `warm search p50 (${questions.length} LoCoMo questions, default options: watch + cookie)`,
    percentile(searchTimes, 50),
    "substring scan p50",
    scanP50,
    "<= 5 ms",
  );
  report(
    `warm search p95 (${questions.length} LoCoMo questions, default options: watch + cookie)`,
    percentile(searchTimes, 95),
    "substring scan p50",
    scanP50,
    "<= 20 ms",
  );
  memory.close();
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const workDir = mkdtempSync(join(tmpdir(), "agent-memory-bench-"));
  benchColdCalls(workDir, Number(process.argv[2] ?? "10000"))
    .catch((error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    })
    .finally(() => rmSync(workDir, { recursive: true, force: true }));
}
