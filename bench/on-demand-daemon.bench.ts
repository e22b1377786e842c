/**
 * A CLI user with no setup, on a 10,000-note memory of real prose (LoCoMo utterances, links
 * and tags, 20 commits; the memory of bench/cold-calls.bench.ts): what `memory show`, `links`,
 * `list` and `search` cost with the default, where a read call no daemon answers runs
 * in-process and starts the daemon in the background.
 * - the first call (no daemon running), turn about with `node -e 0` and with the same call
 *   with the on-demand start off (`AGENT_MEMORY_DAEMON=0`): what the spawn adds;
 * - how long after the first call began the daemon answers;
 * - the second and later calls (the daemon started on demand answers them), turn about with
 *   `node -e 0`: the target is at most 2x;
 * - the resident memory of that daemon.
 *
 * Run alone: `npx tsx bench/on-demand-daemon.bench.ts [count] [rounds]` (builds dist/ first if
 * missing).
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { performance } from "node:perf_hooks";
import { onDemandPolicy } from "../src/cli/daemon/on-demand-policy.js";
import { writeMemory } from "./cold-calls.bench.js";
import { alternatingMediansMs, percentile, report } from "./measure.js";
import { hasLocomo, proseNotes } from "./prose-notes.js";

const repo = resolve(import.meta.dirname, "..");
const cli = resolve(repo, "dist/cli.js");

/** Runs the benchmark in `workDir` with `count` notes, `rounds` timed rounds per figure. */
export async function benchOnDemandDaemon(
  workDir: string,
  count: number,
  rounds: number,
): Promise<void> {
  if (!hasLocomo()) {
    console.log("\n## CLI reads with the daemon on demand: skipped, no LoCoMo data");
    return;
  }
  if (!existsSync(cli)) execFileSync("npx", ["tsup"], { cwd: repo, stdio: "ignore" });
  console.log(
    `\n## CLI reads with the daemon on demand (the default), ${count} notes of LoCoMo prose`,
  );
  const root = join(workDir, `on-demand-${count}`);
  const home = join(workDir, "home");
  mkdirSync(home, { recursive: true });
  const notes = proseNotes(count, 0);
  writeMemory(root, notes, home);
  const id = notes[Math.floor(count / 3)]?.id ?? "";
  const base: NodeJS.ProcessEnv = {
    ...process.env,
    HOME: home,
    GIT_CONFIG_NOSYSTEM: "1",
    AGENT_MEMORY_ROOT: "",
    AGENT_MEMORY_NO_DAEMON: "",
  };
  // The default is what a user gets; where this runs in CI the default is off, so ask for it.
  const byDefault: NodeJS.ProcessEnv = { ...base, AGENT_MEMORY_DAEMON: "" };
  if (!onDemandPolicy(byDefault).start) {
    console.log(`(${onDemandPolicy(byDefault).because}: measured with AGENT_MEMORY_DAEMON=1)`);
    byDefault["AGENT_MEMORY_DAEMON"] = "1";
  }
  const off = { ...base, AGENT_MEMORY_DAEMON: "0" };
  // The same call in-process, past any daemon.
  const inProcess = { ...off, AGENT_MEMORY_NO_DAEMON: "1" };
  const run = (args: readonly string[], env: NodeJS.ProcessEnv) =>
    execFileSync(process.execPath, [cli, ...args], { cwd: root, env, stdio: "ignore" });
  const socket = join(root, ".agent-memory", "daemon.sock");
  const stop = async (): Promise<void> => {
    run(["daemon", "stop"], off);
    await until(() => !existsSync(socket) && daemonPids(root).length === 0);
  };
  // The socket is moved into place once the daemon listens, its card written.
  const served = (): boolean => existsSync(socket);

  const calls: [string, string[]][] = [
    ["show ID", ["show", id]],
    ["links ID", ["links", id]],
    ["list", ["list"]],
    ["search adoption agency", ["search", "adoption", "agency"]],
  ];
  // The caches are warm from an earlier call, as after any first use.
  run(["list"], inProcess);
  try {
    for (const [label, args] of calls) {
      // The first call: no daemon; this one runs in-process and starts it. Turn about with
      // `node -e 0` and the same call with the start off, each round in another order.
      const first: number[] = [];
      const cold: number[] = [];
      const floor: number[] = [];
      const ready: number[] = [];
      for (let round = 0; round < rounds; round++) {
        await stop();
        const steps = [
          () => time(cold, () => run(args, inProcess)),
          () => time(floor, bare),
          async () => {
            const start = performance.now();
            time(first, () => run(args, byDefault));
            await until(served);
            ready.push(performance.now() - start);
          },
        ];
        for (let step = 0; step < steps.length; step++) {
          await steps[(step + round) % steps.length]?.();
        }
      }
      const bareMs = percentile(floor, 50);
      report(
        `first CLI memory ${label}, starting the daemon`,
        percentile(first, 50),
        "node -e 0",
        bareMs,
      );
      report(
        `first CLI memory ${label}, starting the daemon`,
        percentile(first, 50),
        "same call, AGENT_MEMORY_DAEMON=0",
        percentile(cold, 50),
        "<= 1.1x",
      );
      report(
        `  daemon answering, from the first call's start`,
        percentile(ready, 50),
        "node -e 0",
        bareMs,
      );
      // The second and later calls, answered by the daemon the first one started.
      const [ms = 0, laterBareMs = 0] = await alternatingMediansMs(
        [() => run(args, byDefault), bare],
        rounds,
      );
      report(`later CLI memory ${label}, daemon on demand`, ms, "node -e 0", laterBareMs, "<= 2x");
    }
    const pid = daemonPids(root)[0];
    const rss =
      pid === undefined
        ? ""
        : /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
    if (rss !== undefined && rss !== "") {
      console.log(
        `daemon started on demand: resident memory ${(Number(rss) / 1024).toFixed(0)} MB`,
      );
    }
  } finally {
    await stop();
  }
}

/** A node process that does nothing: the floor of every CLI call. */
function bare(): void {
  execFileSync(process.execPath, ["-e", "0"]);
}

function time(into: number[], fn: () => unknown): void {
  const start = performance.now();
  fn();
  into.push(performance.now() - start);
}

async function until(check: () => boolean, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error("timed out waiting for the daemon");
    await new Promise((done) => setTimeout(done, 25));
  }
}

/** The pids of this CLI's daemons serving `root`. */
function daemonPids(root: string): number[] {
  try {
    return execFileSync("pgrep", ["-f", `${cli} daemon run --root ${root} `], { encoding: "utf8" })
      .trim()
      .split("\n")
      .filter(Boolean)
      .map(Number);
  } catch {
    return [];
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const workDir = mkdtempSync(join(tmpdir(), "agent-memory-bench-"));
  benchOnDemandDaemon(workDir, Number(process.argv[2] ?? "10000"), Number(process.argv[3] ?? "7"))
    .catch((error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    })
    .finally(() => rmSync(workDir, { recursive: true, force: true }));
}
