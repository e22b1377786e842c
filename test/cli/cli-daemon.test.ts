/**
 * `memory daemon`: real processes end to end. A daemon started by `memory daemon start`
 * answers the read-only commands of later `memory` calls exactly as an in-process call does,
 * sees every edit made before a call (its watcher's cookie), and steps aside when it is
 * dead, stale or asked to stop: a call it does not answer runs in-process.
 */
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync, utimesSync, writeFileSync } from "node:fs";
import { rename, rm, unlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createServer } from "node:net";
import { decodeRequest, encodeMessage } from "../../src/cli/daemon/daemon-protocol.js";
import { writeCard } from "../../src/cli/daemon/daemon-card-write.js";
import { newToken, proofOf } from "../../src/cli/daemon/daemon-token.js";
import { exchange, QUICK, type ExchangeTimeouts } from "../../src/cli/daemon/socket-exchange.js";
import { createSandbox, jsonOf, succeeded, type CliRun, type Sandbox } from "./cli-harness.js";
import { scaledMs } from "../helpers/time-scale.js";

/**
 * The client's quick deadlines (status, stop) scaled for the machine's load: these tests are
 * about what the daemon answers, not how fast; on a busy machine an answer takes longer.
 */
const PATIENT: ExchangeTimeouts = {
  ackMs: scaledMs(QUICK.ackMs),
  answerMs: scaledMs(QUICK.answerMs),
};
let sandbox: Sandbox;
let root: string;
const ids: string[] = [];
const IN_PROCESS = { AGENT_MEMORY_NO_DAEMON: "1" };
/** A pid no process has: the largest Linux allows, plus one. */
const NO_SUCH_PID = 4_194_305;

const socket = (): string => join(root, ".agent-memory", "daemon.sock");
const memory = (args: readonly string[], env: Record<string, string> = {}): Promise<CliRun> =>
  sandbox.cli([...args, "--root", root], { env });

/**
 * How many calls the daemon answered, asked over its socket as `daemon status` asks (a status
 * request is not counted): -1 when none answers. `memory daemon status` itself runs below.
 */
async function answered(): Promise<number> {
  const status = await exchange(socket(), { kind: "status" }, PATIENT);
  return status?.kind === "status" ? status.requests : -1;
}

async function start(idleMinutes = "5"): Promise<number> {
  const started = succeeded(
    await memory(["daemon", "start", "--idle-minutes", idleMinutes, "--json"]),
  );
  return jsonOf<{ pid: number }>(started).pid;
}

/**
 * A call through the daemon (a real `memory` process asking it) and the same call run without
 * a daemon (in this process, through the same dispatcher) print and return the same.
 */
async function expectSameAnswer(args: readonly string[]): Promise<CliRun> {
  const before = await answered();
  const viaDaemon = await memory(args);
  expect(await answered()).toBe(before + 1);
  const inProcess = await sandbox.cliInProcess([...args, "--root", root], { env: IN_PROCESS });
  expect(viaDaemon).toEqual(inProcess);
  return viaDaemon;
}

beforeAll(async () => {
  sandbox = await createSandbox();
  root = join(sandbox.dir, "memory");
  // The memory is made in this process: setup, not what is tested.
  const setup = (args: readonly string[]) => sandbox.cliInProcess([...args, "--root", root]);
  succeeded(await setup(["init"]));
  for (const [title, body] of [
    ["Igor is a designer", "Works on the console app. #people"],
    ["Console app", "Built by [[id__Zz9Zz9|a missing note]] and Igor."],
    ["Adoption agencies", "Researching adoption agencies for a family."],
  ] as const) {
    const run = succeeded(
      await setup(["capture", title, "--body", body, "--status", "active", "--json"]),
    );
    ids.push(jsonOf<{ note: { id: string } }>(run).note.id);
  }
  const [igor = "", consoleApp = ""] = ids;
  succeeded(await setup(["edit", consoleApp, "--append", `See [[${igor}|Igor]].`]));
});

afterEach(async () => {
  if (daemonProcesses().length > 0) await memory(["daemon", "stop"]);
});

afterAll(async () => {
  await memory(["daemon", "stop"]);
  await sandbox.cleanup();
});

describe("memory daemon", () => {
  it("answers show, list, recent, search, links, orphans and broken as an in-process call does", async () => {
    await start();
    const [igor = "", consoleApp = ""] = ids;
    for (const args of [
      ["show", igor],
      ["show", consoleApp, "--json"],
      ["list"],
      ["list", "--status", "active", "--json"],
      ["recent"],
      ["search", "adoption", "agency"],
      ["search", "igor", "--json"],
      ["links", igor],
      ["links", consoleApp, "--json"],
      ["orphans"],
      ["broken", "--json"],
      ["show", "Nope99"],
      ["list", "--status", "nonsense"],
    ]) {
      await expectSameAnswer(args);
    }
    // Help, and every command that writes, run in-process.
    const before = await answered();
    succeeded(await memory(["show", "--help"]));
    succeeded(await memory(["capture", "Written in-process", "--body", "x"]));
    expect(await answered()).toBe(before);
    // `memory daemon status` says what the socket says.
    const status = jsonOf<{ running: boolean; requests: number }>(
      succeeded(await memory(["daemon", "status", "--json"])),
    );
    expect(status).toMatchObject({ running: true, requests: before });
  });

  it("sees every edit made before a call: by hand, by rename, by a deletion, by another memory command", async () => {
    await start();
    const [, , adoption = ""] = ids;
    const path = jsonOf<{ path: string }>(
      succeeded(await memory(["show", adoption, "--json"])),
    ).path;
    for (let round = 0; round < 5; round++) {
      await writeFile(join(root, path), `# Adoption, take ${round}\n\nEdited by hand.\n`);
      expect((await expectSameAnswer(["show", adoption])).stdout).toContain(`take ${round}`);
    }
    await writeFile(join(root, "topics/.saving"), "# Saved by an editor\n\nReplaced by rename.\n");
    await rename(join(root, "topics/.saving"), join(root, path));
    expect((await expectSameAnswer(["search", "editor"])).stdout).toContain("Saved by an editor");
    succeeded(await memory(["edit", adoption, "--append", "Appended by the CLI."]));
    expect((await expectSameAnswer(["show", adoption])).stdout).toContain("Appended by the CLI.");
    const captured = succeeded(
      await memory(["capture", "Captured meanwhile", "--body", "y", "--json"]),
    );
    const newId = jsonOf<{ note: { id: string } }>(captured).note.id;
    expect((await expectSameAnswer(["list"])).stdout).toContain(newId);
    await unlink(join(root, path));
    const gone = await expectSameAnswer(["show", adoption]);
    expect(gone.code).toBe(1);
  });

  it("answers a call sent the moment after an edit with the edit (the watcher's cookie)", async () => {
    await start();
    const [igor = ""] = ids;
    const path = jsonOf<{ path: string }>(succeeded(await memory(["show", igor, "--json"]))).path;
    const status = await exchange(socket(), { kind: "status" }, PATIENT);
    const stamp = status?.kind === "status" ? status.stamp : "";
    // No process start between the edit and the call: only the cookie orders them.
    for (let round = 0; round < 30; round++) {
      writeFileSync(join(root, path), `# Igor, round ${round}\n\nEdited by hand.\n`);
      const reply = await exchange(
        socket(),
        { kind: "run", stamp, argv: ["show", igor, "--root", root], cwd: root, root },
        PATIENT,
      );
      expect(reply?.kind === "ran" && reply.stdout.split("\n")[0]).toBe(`# Igor, round ${round}`);
    }
  });

  it("steps aside when dead: a call runs in-process, and start replaces the socket it left", async () => {
    const pid = await start();
    process.kill(pid, "SIGKILL");
    await waitUntil(() => !daemonProcesses().includes(pid));
    expect(existsSync(socket())).toBe(true);
    const list = await memory(["list"]);
    expect(list).toEqual(await sandbox.cliInProcess(["list", "--root", root], { env: IN_PROCESS }));
    expect((await memory(["daemon", "status"])).code).toBe(1);
    const next = await start();
    expect(next).not.toBe(pid);
    expect(await answered()).toBe(0);
  });

  it("two starts at once over a socket a dead daemon left leave one daemon, and stop ends it", async () => {
    const pid = await start();
    process.kill(pid, "SIGKILL");
    await waitUntil(() => !daemonProcesses().includes(pid));
    const [one, two] = await Promise.all([
      memory(["daemon", "start", "--json"]),
      memory(["daemon", "start", "--json"]),
    ]);
    const said = [one, two].map((run) => jsonOf<{ pid: number; started: boolean }>(succeeded(run)));
    expect(said[0]?.pid).toBe(said[1]?.pid);
    // One started it; the other says so without claiming it did.
    expect(said.filter((answer) => answer.started)).toHaveLength(1);
    succeeded(await memory(["daemon", "stop"]));
    await waitUntil(() => daemonProcesses().length === 0);
  });

  it("start replaces a daemon of another build", async () => {
    const old = await start();
    // A rebuilt CLI: the file the build stamp names has another modification time.
    const status = await exchange(socket(), { kind: "status" }, PATIENT);
    const stamp = status?.kind === "status" ? status.stamp : "";
    const stamped = stamp.slice(0, stamp.lastIndexOf(" "));
    const later = new Date(Date.now() + 5_000);
    utimesSync(stamped, later, later);
    const fresh = await start();
    expect(fresh).not.toBe(old);
    await waitUntil(() => !daemonProcesses().includes(old));
  });

  it("stops for a client of another build, when idle, and on stop; refuses a second one", async () => {
    await start();
    expect(
      (
        await exchange(
          socket(),
          { kind: "run", stamp: "another build", argv: ["list"], cwd: root, root },
          PATIENT,
        )
      )?.kind,
    ).toBe("mismatch");
    await waitUntil(() => !existsSync(socket()));
    expect((await memory(["daemon", "status"])).code).toBe(1);

    await start("0.05");
    await waitUntil(() => !existsSync(socket()));

    await start();
    const again = jsonOf<{ started: boolean }>(
      succeeded(await memory(["daemon", "start", "--json"])),
    );
    expect(again.started).toBe(false);
    const second = await memory(["daemon", "run"]);
    expect(second.code).toBe(1);
    expect(second.stderr).toMatch(/already serves/);
    const stopped = jsonOf<{ stopped: boolean }>(
      succeeded(await memory(["daemon", "stop", "--json"])),
    );
    expect(stopped.stopped).toBe(true);
    expect(existsSync(socket())).toBe(false);
    expect(
      jsonOf<{ stopped: boolean }>(succeeded(await memory(["daemon", "stop", "--json"]))).stopped,
    ).toBe(false);
  });

  it("is started by the session-start hook with --start-daemon, once, without holding the hook", async () => {
    const payload = sessionStartPayload();
    // The hook's default limit (8 s), scaled: on a loaded machine the context takes longer.
    const limit = String(scaledMs(8_000));
    const hook = ["hook", "claude-code", "session-start", "--start-daemon", "--timeout-ms", limit];
    const first = await sandbox.cli([...hook, "--root", root], { input: payload });
    expect(first.code).toBe(0);
    // The hook still prints the context Claude Code injects.
    expect(JSON.parse(first.stdout)).toMatchObject({
      hookSpecificOutput: { hookEventName: "SessionStart" },
    });
    const until = Date.now() + scaledMs(10_000);
    let status = await exchange(socket(), { kind: "status" }, PATIENT);
    while (status?.kind !== "status" && Date.now() < until) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      status = await exchange(socket(), { kind: "status" }, PATIENT);
    }
    const pid = status?.kind === "status" ? status.pid : -1;
    expect(daemonProcesses()).toEqual([pid]);
    succeeded(await sandbox.cli([...hook, "--root", root], { input: payload }));
    expect(daemonProcesses()).toEqual([pid]);
    const log = readFileSync(join(root, ".agent-memory", "hooks.log"), "utf8")
      .trim()
      .split("\n");
    expect(log.at(-2)).toContain("daemon starting (pid");
    expect(log.at(-1)).toContain(`daemon running (pid ${String(pid)})`);
  });

  it("a session-start hook prints its context in time even when the daemon does not answer", async ({
    skip,
  }) => {
    // A daemon of another build that acknowledges the request to stop and never answers it
    // (stopped with Ctrl-Z, say): the launch waits on it, the context must not. The launch
    // waits at least QUICK.answerMs for the answer and then 5 s for the socket to go, so it
    // is still under way at any hook limit below that, however loaded the machine.
    const limitMs = await hookLimitMs();
    // Beyond that the launch could end before the limit: the case cannot be built right now.
    if (limitMs > MAX_HOOK_LIMIT_MS)
      skip(`the hook alone takes ${limitMs / 2} ms on this machine now`);
    const token = newToken();
    writeCard(join(root, ".agent-memory", "daemon.token"), { token, pid: NO_SUCH_PID, openMs: 1 });
    const hung = createServer((connection) => {
      connection.setEncoding("utf8");
      connection.on("data", (line: string) => {
        const request = decodeRequest(line.trimEnd());
        const proof = proofOf(token, request?.challenge ?? "");
        connection.write(encodeMessage({ kind: "accepted", proof }));
        if (request?.kind === "status") {
          const status = { pid: NO_SUCH_PID, root, startedAt: 0, requests: 0 };
          connection.write(encodeMessage({ kind: "status", ...status, stamp: "another build" }));
        }
      });
    });
    await new Promise<void>((done) => hung.listen(socket(), done));
    try {
      const run = await sandbox.cli(
        [
          "hook",
          "claude-code",
          "session-start",
          "--start-daemon",
          "--timeout-ms",
          String(limitMs),
          "--root",
          root,
        ],
        { input: sessionStartPayload() },
      );
      expect(run.code).toBe(0);
      expect(JSON.parse(run.stdout)).toMatchObject({
        hookSpecificOutput: { hookEventName: "SessionStart" },
      });
      const log = readFileSync(join(root, ".agent-memory", "hooks.log"), "utf8").trim();
      expect(log.split("\n").at(-1)).toContain("daemon launch still under way at the time limit");
    } finally {
      hung.close();
      await rm(socket(), { force: true });
    }
  });

  it("stops when another daemon's socket replaced its own", async () => {
    const pid = await start();
    const other = createServer(() => undefined);
    const aside = join(root, ".agent-memory", "other.sock");
    await new Promise<void>((done) => other.listen(aside, done));
    try {
      await rename(aside, socket());
      await waitUntil(() => !daemonProcesses().includes(pid), 20_000);
      expect(readFileSync(join(root, ".agent-memory", "daemon.log"), "utf8")).toContain(
        "another daemon took over its socket",
      );
      // It left the other's socket alone.
      expect(existsSync(socket())).toBe(true);
    } finally {
      other.close();
      await rm(socket(), { force: true });
    }
  });

  it("refuses bad options and roots that are not a memory, starting nothing", async () => {
    const bad = await memory(["daemon", "start", "--idle-minutes", "soon"]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--idle-minutes takes a number of minutes/);
    const elsewhere = join(sandbox.dir, "not-a-memory");
    await rm(elsewhere, { recursive: true, force: true });
    const missing = await sandbox.cli(["daemon", "start", "--root", elsewhere]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/memory init/);
    expect(existsSync(socket())).toBe(false);
  });

  it("says what is wrong, without a stack, when it cannot write in the private folder", async () => {
    const blocked = join(sandbox.dir, "blocked");
    succeeded(await sandbox.cliInProcess(["init", "--root", blocked]));
    await rm(join(blocked, ".agent-memory"), { recursive: true, force: true });
    // A file where the folder should be: as unwritable as a read-only root, even for root.
    writeFileSync(join(blocked, ".agent-memory"), "");
    for (const command of ["start", "run"]) {
      const run = await sandbox.cli(["daemon", command, "--root", blocked]);
      expect(run.code).toBe(1);
      expect(run.stderr).toContain(join(blocked, ".agent-memory"));
      expect(run.stderr).not.toMatch(/\n\s+at /);
    }
  });
});

/** What Claude Code sends a SessionStart hook (see test/fixtures/hooks/SOURCES.md). */
function sessionStartPayload(): string {
  return readFileSync(
    join(import.meta.dirname, "../fixtures/hooks/claude-code/stdin.session-start.startup.json"),
    "utf8",
  );
}

/** The launch waits 7 s at least (2 s for the answer to stop, 5 s for the socket to go). */
const MAX_HOOK_LIMIT_MS = 6_500;

/**
 * The hook's time limit for the test above: 1.2 s, a limit a host may well set, unless the
 * same hook without a daemon to launch takes more than half of that on this machine now (a
 * loaded machine); then twice that run's time.
 */
async function hookLimitMs(): Promise<number> {
  const started = performance.now();
  const alone = await sandbox.cli(["hook", "claude-code", "session-start", "--root", root], {
    input: sessionStartPayload(),
    env: IN_PROCESS,
  });
  expect(alone.code).toBe(0);
  const took = performance.now() - started;
  return Math.round(Math.max(1_200, 2 * took));
}

/** The pids of daemon processes serving this test's memory. */
function daemonProcesses(): number[] {
  try {
    return execFileSync("pgrep", ["-f", `daemon run --root ${root}`], { encoding: "utf8" })
      .trim()
      .split("\n")
      .map(Number);
  } catch {
    return [];
  }
}

async function waitUntil(check: () => boolean, timeoutMs = 10_000): Promise<void> {
  const until = Date.now() + scaledMs(timeoutMs);
  while (!check()) {
    if (Date.now() > until) throw new Error("timed out");
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

// A daemon a failed test left running would outlive the run: kill any still listed.
process.on("exit", () => {
  try {
    execFileSync("pkill", ["-f", `daemon run --root ${root}`]);
  } catch {
    // None left.
  }
});
