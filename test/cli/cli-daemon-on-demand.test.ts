/**
 * The daemon on demand, end to end with real `memory` processes, files and git: a read call
 * that no daemon answers runs in-process and starts one in the background; later calls are
 * answered by it (its status counts them), see writes made meanwhile, and it exits after its
 * idle time. The opt-out and CI start none; two first calls at once start one; a daemon of
 * an older build is replaced.
 *
 * The sandbox turns the on-demand start off for every other test (AGENT_MEMORY_DAEMON=0);
 * these turn it back on with `AUTO` and stop every daemon they start.
 */
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync, utimesSync } from "node:fs";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { exchange, QUICK, type ExchangeTimeouts } from "../../src/cli/daemon/socket-exchange.js";
import { scaledMs } from "../helpers/time-scale.js";
import { createSandbox, jsonOf, succeeded, type CliRun, type Sandbox } from "./cli-harness.js";

/**
 * The client's quick deadlines (status, stop) scaled for the machine's load: these tests are
 * about what the daemon answers, not how fast; on a busy machine an answer takes longer.
 */
const PATIENT: ExchangeTimeouts = {
  ackMs: scaledMs(QUICK.ackMs),
  answerMs: scaledMs(QUICK.answerMs),
};
let sandbox: Sandbox;
let count = 0;
const roots: string[] = [];
/** The default: no CI variable, no opt-out. */
const AUTO = { AGENT_MEMORY_DAEMON: "" };
const IN_PROCESS = { AGENT_MEMORY_NO_DAEMON: "1" };

interface Status {
  readonly running: boolean;
  readonly pid: number;
  readonly requests: number;
  readonly onDemand?: boolean;
  readonly idleMinutes?: number;
  readonly onDemandStart: { readonly on: boolean; readonly because: string };
}

/**
 * A fresh memory with two notes, the second linking the first (`linked`): made in this
 * process (setup, not what is tested; no daemon starts in-process).
 */
let linked = "";
async function newMemory(): Promise<string> {
  const root = join(sandbox.dir, `memory-${++count}`);
  roots.push(root);
  succeeded(await sandbox.cliInProcess(["init", "--root", root]));
  const first = succeeded(
    await sandbox.cliInProcess([
      "capture",
      "Release branch",
      "--body",
      "Deploys go through it.",
      "--json",
      "--root",
      root,
    ]),
  );
  const id = jsonOf<{ note: { id: string } }>(first).note.id;
  linked = id;
  succeeded(
    await sandbox.cliInProcess([
      "capture",
      "Deploys",
      "--body",
      `See [[${id}|the branch]].`,
      "--root",
      root,
    ]),
  );
  return root;
}

const memory = (
  root: string,
  args: readonly string[],
  env: Record<string, string> = AUTO,
): Promise<CliRun> => sandbox.cli([...args, "--root", root], { env });

/** What an in-process call (no daemon asked, none started) prints: run in this process. */
const inProcess = (root: string, args: readonly string[]): Promise<CliRun> =>
  sandbox.cliInProcess([...args, "--root", root], { env: IN_PROCESS });

async function status(root: string, env: Record<string, string> = AUTO): Promise<Status> {
  return jsonOf<Status>(await memory(root, ["daemon", "status", "--json"], env));
}

/**
 * Waits until a daemon answers for `root` (asking its socket, as `daemon status` does, without
 * a process a poll), and returns `memory daemon status`. A status request is not counted in
 * the daemon's requests and does not restart its idle time.
 */
async function serving(root: string): Promise<Status> {
  const socket = join(root, ".agent-memory", "daemon.sock");
  await waitUntil(
    async () => (await exchange(socket, { kind: "status" }, PATIENT))?.kind === "status",
  );
  const found = await status(root);
  expect(found.running).toBe(true);
  return found;
}

/**
 * The daemon's pid and request count, asked over its socket with the patient deadlines:
 * `memory daemon status` waits the client's quick deadlines, which a busy machine misses
 * (the status then says no daemon runs: CI saw `requests` undefined).
 */
async function answered(root: string): Promise<{ pid: number; requests: number }> {
  const socket = join(root, ".agent-memory", "daemon.sock");
  let found: { pid: number; requests: number } | undefined;
  await waitUntil(async () => {
    const reply = await exchange(socket, { kind: "status" }, PATIENT);
    if (reply?.kind === "status") found = { pid: reply.pid, requests: reply.requests };
    return found !== undefined;
  });
  return found ?? { pid: 0, requests: Number.NaN };
}

/**
 * That the daemon `before` describes answered `count` more requests. On a busy machine a call
 * may find it late (no acknowledgement within the client's 0.4 s) and start its replacement,
 * which is the product working as documented: then the replacement's log line must say so,
 * and the calls' output was already checked against in-process runs.
 */
async function expectServedSince(
  root: string,
  before: { pid: number; requests: number },
  added: number,
): Promise<void> {
  const now = await answered(root);
  const log = readFileSync(join(root, ".agent-memory", "daemon.log"), "utf8");
  const outcome =
    now.pid === before.pid
      ? `${now.requests - before.requests} more requests`
      : log.includes(`replaced daemon pid ${before.pid}, which missed its deadline`)
        ? "replaced when late"
        : `pid ${now.pid} serves, with no replacement of ${before.pid} in the log`;
  expect(outcome).toMatch(new RegExp(`^(${added} more requests|replaced when late)$`));
}

beforeAll(async () => {
  sandbox = await createSandbox();
});

afterEach(async () => {
  // Every daemon a test started is stopped; a root without one needs no `daemon stop`.
  for (const root of roots) {
    if (daemonProcesses(root).length === 0) continue;
    await memory(root, ["daemon", "stop"]);
    await waitUntil(async () => daemonProcesses(root).length === 0);
  }
});

afterAll(async () => {
  await sandbox.cleanup();
});

// Each test makes a memory and runs a dozen CLI processes: slow on a loaded machine.
describe("the daemon on demand", { timeout: scaledMs(120_000) }, () => {
  it("starts once on the first read call, which answers in-process; later calls are served by it", async () => {
    const root = await newMemory();
    expect(existsSync(join(root, ".agent-memory", "daemon.sock"))).toBe(false);
    const first = await memory(root, ["list"]);
    // The first call printed what an in-process call prints, nothing of the daemon's, and
    // returned while the daemon lives (the harness waits for its pipes to close).
    expect(first).toEqual(await inProcess(root, ["list"]));
    const started = await serving(root);
    expect(started).toMatchObject({ running: true, onDemand: true, idleMinutes: 15 });
    expect(started.onDemandStart.on).toBe(true);
    expect(daemonProcesses(root)).toEqual([started.pid]);
    const before = started.requests;
    for (const args of [["list"], ["search", "deploys"], ["links", linked]]) {
      const served = await memory(root, args);
      expect(served).toEqual(await inProcess(root, args));
    }
    const after = await answered(root);
    expect(after.pid).toBe(started.pid);
    expect(after.requests).toBe(before + 3);
    const log = readFileSync(join(root, ".agent-memory", "daemon.log"), "utf8");
    expect(log.match(/serving .* started on demand/g)).toHaveLength(1);
    // The marker that kept other calls from starting a second daemon is gone.
    expect(existsSync(join(root, ".agent-memory", "daemon.starting"))).toBe(false);
  });

  it("serves a read after a write with the write in it", async () => {
    const root = await newMemory();
    succeeded(await memory(root, ["list"]));
    const before = await serving(root);
    const captured = succeeded(
      await memory(root, ["capture", "Written meanwhile", "--body", "Seen at once.", "--json"]),
    );
    const id = jsonOf<{ note: { id: string } }>(captured).note.id;
    expect((await memory(root, ["list"])).stdout).toContain(id);
    expect((await memory(root, ["show", id])).stdout).toContain("Seen at once.");
    succeeded(await memory(root, ["edit", id, "--append", "Appended later."]));
    expect((await memory(root, ["show", id])).stdout).toContain("Appended later.");
    // Three reads answered by the daemon; the writes ran in-process.
    await expectServedSince(root, before, 3);
  });

  it("exits after its idle time (AGENT_MEMORY_DAEMON_IDLE_MINUTES)", async () => {
    const root = await newMemory();
    succeeded(await memory(root, ["list"], { ...AUTO, AGENT_MEMORY_DAEMON_IDLE_MINUTES: "0.1" }));
    const { pid, idleMinutes } = await serving(root);
    expect(idleMinutes).toBe(0.1);
    await waitUntil(async () => !daemonProcesses(root).includes(pid), 20_000);
    expect(existsSync(join(root, ".agent-memory", "daemon.sock"))).toBe(false);
    expect(readFileSync(join(root, ".agent-memory", "daemon.log"), "utf8")).toContain(
      "stopped: idle for 6 s",
    );
  });

  it("starts none with the opt-out, in CI, for a usage error or outside a memory; CI starts one when asked", async () => {
    const root = await newMemory();
    const outside = join(sandbox.dir, "not-a-memory");
    for (const [args, env] of [
      [["list"], { AGENT_MEMORY_DAEMON: "0" }],
      [["list"], { AGENT_MEMORY_DAEMON: "off" }],
      [["list"], { ...AUTO, AGENT_MEMORY_NO_DAEMON: "1" }],
      [["list"], { ...AUTO, CI: "true" }],
      [["list"], { ...AUTO, TF_BUILD: "True" }],
      [["list"], { AGENT_MEMORY_DAEMON: "sometimes" }],
      [["list", "--status", "nonsense"], AUTO],
    ] as const) {
      await memory(root, args, env);
    }
    await sandbox.cli(["list", "--root", outside], { env: AUTO });
    // Time for a daemon to start, had any call spawned one.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(daemonProcesses(root)).toEqual([]);
    expect(existsSync(join(root, ".agent-memory", "daemon.log"))).toBe(false);
    expect(existsSync(join(outside, ".agent-memory"))).toBe(false);
    expect((await status(root, { ...AUTO, CI: "true" })).onDemandStart).toMatchObject({
      on: false,
      because: expect.stringContaining("CI is set"),
    });
    expect(
      (await status(root, { AGENT_MEMORY_DAEMON: "sometimes" })).onDemandStart.because,
    ).toMatch(/not one of 0, off, 1, on or auto/);
    succeeded(await memory(root, ["list"], { CI: "true", AGENT_MEMORY_DAEMON: "1" }));
    expect((await serving(root)).onDemand).toBe(true);
  });

  it("two first calls at once start one daemon", async () => {
    const root = await newMemory();
    const runs = await Promise.all([1, 2, 3, 4].map(() => memory(root, ["list"])));
    for (const run of runs) expect(run.code).toBe(0);
    const { pid } = await serving(root);
    // Give a second daemon, had one been spawned, time to open and try the socket.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(daemonProcesses(root)).toEqual([pid]);
    const log = readFileSync(join(root, ".agent-memory", "daemon.log"), "utf8");
    expect(log.match(/serving /g)).toHaveLength(1);
    expect(log).not.toMatch(/already serves/);
  });

  it("replaces a daemon of an older build", async () => {
    const root = await newMemory();
    succeeded(await memory(root, ["list"]));
    const old = await serving(root);
    // A rebuilt CLI: the file the build stamp names has another modification time.
    const reply = await exchange(
      join(root, ".agent-memory", "daemon.sock"),
      { kind: "status" },
      PATIENT,
    );
    const stamp = reply?.kind === "status" ? reply.stamp : "";
    const stamped = stamp.slice(0, stamp.lastIndexOf(" "));
    const later = new Date(Date.now() + 5_000);
    utimesSync(stamped, later, later);
    // The old daemon turns this call away (and stops); it runs in-process and starts a new one.
    expect(await memory(root, ["list"])).toEqual(await inProcess(root, ["list"]));
    await waitUntil(async () => {
      const now = await status(root);
      return now.running && now.pid !== old.pid;
    });
    await waitUntil(async () => !daemonProcesses(root).includes(old.pid));
    const fresh = await answered(root);
    succeeded(await memory(root, ["list"]));
    expect((await answered(root)).requests).toBe(fresh.requests + 1);
  });
});

/** The pids of daemon processes serving `root`. */
function daemonProcesses(root: string): number[] {
  try {
    return execFileSync("pgrep", ["-f", `daemon run --root ${root} `], { encoding: "utf8" })
      .trim()
      .split("\n")
      .map(Number);
  } catch {
    return [];
  }
}

/** Polls `check` until it holds, for up to `timeoutMs` (an idle machine's), scaled for load. */
async function waitUntil(
  check: () => boolean | Promise<boolean>,
  timeoutMs = 15_000,
): Promise<void> {
  const until = Date.now() + scaledMs(timeoutMs);
  while (!(await check())) {
    if (Date.now() > until) throw new Error("timed out");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

// A daemon a failed test left running would outlive the run: end the ones this file started.
process.on("exit", () => {
  for (const root of roots) {
    for (const pid of daemonProcesses(root)) {
      try {
        process.kill(pid);
      } catch {
        // Gone meanwhile.
      }
    }
  }
});
