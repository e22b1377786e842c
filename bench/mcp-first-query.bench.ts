/**
 * What an agent waits for the first answer of `memory mcp` on a 10,000-note memory of real
 * prose (LoCoMo utterances, links and tags, 20 commits; the memory of cold-calls.bench.ts):
 * the real server (dist/cli.js) started by the MCP SDK's own stdio client, as a harness does.
 * - from spawn to the answered `initialize` (what the harness waits before listing tools);
 * - from spawn to the first `search` answered, called at once after `initialize`, and called
 *   after a pause the length of a harness's start-up (the server loads the memory meanwhile);
 * - the same with the caches of an earlier process in `.agent-memory/` and without them;
 * each turn about with `node -e 0` and with a bare readFileSync-and-regex pass over the notes
 * in a fresh process (the least any cold answer over every file costs).
 *
 * Run alone: `npx tsx bench/mcp-first-query.bench.ts [count] [rounds]` (builds dist/ first if
 * missing).
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { performance } from "node:perf_hooks";
import { setTimeout as sleep } from "node:timers/promises";
import { writeMemory } from "./cold-calls.bench.js";
import { percentile, report } from "./measure.js";
import { hasLocomo, proseNotes } from "./prose-notes.js";

const repo = resolve(import.meta.dirname, "..");
const cli = resolve(repo, "dist/cli.js");
const bareRead = resolve(import.meta.dirname, "bare-read.mjs");
const coldFloor = resolve(import.meta.dirname, "cold-floor.mjs");
const CACHES = [".agent-memory/cache/notes.json", ".agent-memory/cache/search.json"];

interface FirstAnswer {
  readonly initializeMs: number;
  readonly searchMs: number;
}

/** A node process that does nothing: the floor of every process start. */
function nodeBare(): void {
  execFileSync(process.execPath, ["-e", "0"], { stdio: "ignore" });
}

/** Starts the server, asks one search (after `pauseMs`), and times both from the spawn. */
async function firstAnswer(
  root: string,
  env: Record<string, string>,
  pauseMs: number,
): Promise<FirstAnswer> {
  const start = performance.now();
  const client = new Client({ name: "mcp-first-query-bench", version: "1.0.0" });
  await client.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: [cli, "mcp", "--root", root],
      env,
      stderr: "ignore",
    }),
  );
  const initializeMs = performance.now() - start;
  if (pauseMs > 0) await sleep(pauseMs);
  const answer = (await client.callTool({
    name: "search",
    arguments: { query: "adoption agency", limit: 10 },
  })) as { isError?: boolean };
  const searchMs = performance.now() - start - pauseMs;
  await client.close();
  if (answer.isError === true) throw new Error("the search failed");
  return { initializeMs, searchMs };
}

/** Runs the benchmark in `workDir` with `count` notes, `rounds` timed rounds per figure. */
export async function benchMcpFirstQuery(
  workDir: string,
  count: number,
  rounds: number,
): Promise<void> {
  if (!hasLocomo()) {
    console.log("\n## First MCP answer: skipped, no LoCoMo data");
    return;
  }
  if (!existsSync(cli)) execFileSync("npx", ["tsup"], { cwd: repo, stdio: "ignore" });
  console.log(`\n## The first answer of memory mcp, ${count} notes of LoCoMo prose`);
  const root = join(workDir, `mcp-${count}`);
  const home = join(workDir, "home");
  mkdirSync(home, { recursive: true });
  writeMemory(root, proseNotes(count, 0), home);
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    HOME: home,
    GIT_CONFIG_NOSYSTEM: "1",
    AGENT_MEMORY_ROOT: "",
    AGENT_MEMORY_DAEMON: "0",
  };
  const readBare = () => execFileSync(process.execPath, [bareRead, root], { stdio: "ignore" });
  // What any never-stale answer from the caches must do: stat every note, parse both caches.
  const floor = () =>
    execFileSync(process.execPath, [coldFloor, root, ...CACHES], { stdio: "ignore" });
  const dropCaches = () => rmSync(join(root, ".agent-memory"), { recursive: true, force: true });

  const cases: [string, boolean, number][] = [
    ["caches of an earlier process, search at once", true, 0],
    ["caches of an earlier process, search 1 s after initialize", true, 1_000],
    ["no caches (a fresh clone), search at once", false, 0],
  ];
  for (const [label, cached, pauseMs] of cases) {
    const init: number[] = [];
    const first: number[] = [];
    const nodes: number[] = [];
    const reads: number[] = [];
    const floors: number[] = [];
    // One untimed round fills the caches a cached case starts from.
    await firstAnswer(root, env, 0);
    for (let round = 0; round < rounds; round++) {
      if (!cached) dropCaches();
      const answer = await firstAnswer(root, env, pauseMs);
      init.push(answer.initializeMs);
      first.push(answer.searchMs);
      let at = performance.now();
      nodeBare();
      nodes.push(performance.now() - at);
      at = performance.now();
      readBare();
      reads.push(performance.now() - at);
      if (cached) {
        at = performance.now();
        floor();
        floors.push(performance.now() - at);
      }
    }
    const node = percentile(nodes, 50);
    const read = percentile(reads, 50);
    report(`memory mcp initialize answered, ${label}`, percentile(init, 50), "node -e 0", node);
    report(`memory mcp first search answered, ${label}`, percentile(first, 50), "node -e 0", node);
    report(
      `memory mcp first search answered, ${label}`,
      percentile(first, 50),
      "node: readFileSync + regex of every note",
      read,
    );
    if (cached)
      report(
        `memory mcp first search answered, ${label}`,
        percentile(first, 50),
        "node: stat every note, parse both caches",
        percentile(floors, 50),
      );
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const workDir = mkdtempSync(join(tmpdir(), "agent-memory-bench-"));
  benchMcpFirstQuery(workDir, Number(process.argv[2] ?? "10000"), Number(process.argv[3] ?? "5"))
    .catch((error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    })
    .finally(() => rmSync(workDir, { recursive: true, force: true }));
}
