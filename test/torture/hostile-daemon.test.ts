/**
 * Hostile daemons and hostile requests (issue 28, findings 3 and 5), with real processes: the
 * built `memory` CLI, its real daemon, and stand-in daemons run as their own node processes.
 * A listener that cannot prove it is the memory's daemon is never believed; a daemon serves
 * its own root only; a daemon that misses its deadline costs one short wait, is remembered,
 * and is replaced; a huge request line is refused while the daemon goes on serving.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { rm } from "node:fs/promises";
import { connect } from "node:net";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { scaledMs } from "../helpers/time-scale.js";
import { cardPathOf, proofOf, readCard } from "../../src/cli/daemon/daemon-token.js";
import { exchange, QUICK, type ExchangeTimeouts } from "../../src/cli/daemon/socket-exchange.js";
import { createSandbox, jsonOf, succeeded, type CliRun, type Sandbox } from "../cli/cli-harness.js";

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
let other: string;
const standIns: ChildProcess[] = [];
const IN_PROCESS = { AGENT_MEMORY_NO_DAEMON: "1" };

const socket = (): string => join(root, ".agent-memory", "daemon.sock");
const memory = (args: readonly string[], env: Record<string, string> = {}): Promise<CliRun> =>
  sandbox.cli([...args, "--root", root], { env });

async function start(): Promise<number> {
  const started = succeeded(await memory(["daemon", "start", "--idle-minutes", "5", "--json"]));
  return jsonOf<{ pid: number }>(started).pid;
}

/**
 * A stand-in daemon in its own process, listening on the memory's socket. `forged` answers
 * every request with a made-up proof and a made-up answer; `hung` publishes a card of its own
 * (as a daemon does), acknowledges with a true proof and never answers. Resolves once it
 * listens.
 */
async function standIn(
  kind: "forged" | "hung",
): Promise<{ child: ChildProcess; connections: () => number }> {
  // Named like a daemon, so the replacement's check of what the pid runs lets it end it.
  const script = join(sandbox.dir, `stand-in-${kind}-daemon.mjs`);
  writeFileSync(
    script,
    `import { createHmac, randomBytes } from "node:crypto";
import { renameSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
const [socketPath, cardPath, kind] = process.argv.slice(2);
const token = randomBytes(32).toString("hex");
if (kind === "hung") {
  writeFileSync(cardPath + ".tmp", JSON.stringify({ token, pid: process.pid, openMs: 1 }), { mode: 0o600 });
  renameSync(cardPath + ".tmp", cardPath);
}
rmSync(socketPath, { force: true });
createServer((socket) => {
  process.stdout.write("connection\\n");
  socket.on("error", () => socket.destroy());
  socket.setEncoding("utf8");
  socket.on("data", (line) => {
    // A client of any version gets the forged answer, challenged or not.
    const challenge = String(JSON.parse(line).challenge ?? "");
    const proof = createHmac("sha256", token).update(challenge).digest("hex");
    socket.write(JSON.stringify({ kind: "accepted", proof }) + "\\n");
    if (kind === "forged") {
      socket.end(JSON.stringify({ kind: "ran", stdout: "FORGED ANSWER\\n", stderr: "", exitCode: 0 }) + "\\n");
    }
  });
}).listen(socketPath, () => process.stdout.write("listening\\n"));
`,
  );
  const child = spawn(process.execPath, [script, socket(), cardPathOf(socket()), kind], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  standIns.push(child);
  let said = "";
  await new Promise<void>((done, fail) => {
    child.stdout?.setEncoding("utf8").on("data", (chunk: string) => {
      said += chunk;
      if (said.startsWith("listening\n")) done();
    });
    child.once("exit", () => fail(new Error("the stand-in daemon exited before listening")));
  });
  return { child, connections: () => said.split("connection\n").length - 1 };
}

function exited(child: ChildProcess): Promise<void> {
  return child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise((done) => child.once("exit", () => done()));
}

beforeAll(async () => {
  sandbox = await createSandbox();
  root = join(sandbox.dir, "memory");
  other = join(sandbox.dir, "other");
  for (const [folder, title] of [
    [root, "Igor is a designer"],
    [other, "Only in the other memory"],
  ] as const) {
    succeeded(await sandbox.cliInProcess(["init", "--root", folder]));
    succeeded(await sandbox.cli(["capture", title, "--body", "A body.", "--root", folder]));
  }
});

afterEach(async () => {
  for (const child of standIns.splice(0)) {
    child.kill("SIGKILL");
    await exited(child);
  }
  await memory(["daemon", "stop"]);
  await rm(socket(), { force: true });
});

afterAll(async () => {
  await memory(["daemon", "stop"]);
  await sandbox.cleanup();
});

describe("a daemon socket that is not the memory's daemon", () => {
  it("is never believed: a forged answer is not printed and the call runs in-process", async () => {
    // A real daemon ran and was killed: its card is left behind, and the forger listens.
    const pid = await start();
    process.kill(pid, "SIGKILL");
    await waitUntil(() => !alive(pid));
    await standIn("forged");
    const list = await memory(["list"]);
    expect(list.stdout).not.toContain("FORGED");
    expect(list).toEqual(await memory(["list"], IN_PROCESS));
    expect(list.stdout).toContain("Igor is a designer");
    // Nor does `daemon status` take it for a daemon, and `daemon start` replaces it.
    expect((await memory(["daemon", "status"])).code).toBe(1);
    const fresh = await start();
    expect((await memory(["list"])).stdout).not.toContain("FORGED");
    expect(readCard(cardPathOf(socket()))?.pid).toBe(fresh);
  });
});

describe("a daemon asked about another memory", () => {
  it("refuses, and the call for that memory runs in-process against it", async () => {
    await start();
    const status = await exchange(socket(), { kind: "status" }, PATIENT);
    const stamp = status?.kind === "status" ? status.stamp : "";
    for (const request of [
      { argv: ["list", "--root", other], root },
      { argv: [`list`, `--root=${other}`], root },
      { argv: ["list", "--root", "../other"], root },
      { argv: ["list"], root: other },
    ]) {
      const reply = await exchange(
        socket(),
        { kind: "run", stamp, cwd: root, ...request },
        PATIENT,
      );
      expect(reply?.kind).toBe("refused");
    }
    // Its own root, named any way, is served.
    const own = await exchange(
      socket(),
      { kind: "run", stamp, argv: ["list", "--root", "."], cwd: root, root },
      PATIENT,
    );
    expect(own?.kind === "ran" && own.stdout).toContain("Igor is a designer");
    const elsewhere = await sandbox.cli(["list", "--root", other], { cwd: root });
    expect(elsewhere.stdout).toContain("Only in the other memory");
    expect(elsewhere.stdout).not.toContain("Igor");
  });
});

describe("a daemon that misses its deadline", () => {
  it("stopped (Ctrl-Z): one short wait, remembered, replaced by a new daemon that ends it", async () => {
    const pid = await start();
    process.kill(pid, "SIGSTOP");
    try {
      const started = performance.now();
      const list = await memory(["list"]);
      const waited = performance.now() - started;
      expect(list).toEqual(await memory(["list"], IN_PROCESS));
      // Was 1 s of waiting per call; the acknowledgement deadline is 0.4 s.
      expect(waited).toBeLessThan(20_000);
      // The replacement the call started takes the socket over and ends the stopped one.
      await waitUntil(() => !alive(pid), 20_000);
      await waitUntil(() => (readCard(cardPathOf(socket()))?.pid ?? pid) !== pid, 20_000);
      const status = await exchange(socket(), { kind: "status" }, PATIENT);
      expect(status?.kind).toBe("status");
      expect(readFileSync(join(root, ".agent-memory", "daemon.log"), "utf8")).toContain(
        `replaced daemon pid ${pid}, which missed its deadline`,
      );
      expect((await memory(["list"])).stdout).toContain("Igor is a designer");
    } finally {
      if (alive(pid)) process.kill(pid, "SIGKILL");
    }
  });

  it("hung after acknowledging: the call runs in-process, the next does not wait on it", async () => {
    const { child: hung, connections } = await standIn("hung");
    const list = await memory(["list"]);
    expect(list).toEqual(await memory(["list"], IN_PROCESS));
    // Before the fix, the call waited 30 s for the answer (the test's own time limit).
    expect(existsSync(join(root, ".agent-memory", "daemon.late"))).toBe(true);
    // The replacement ends the stand-in (it published its pid, as a daemon does).
    await exited(hung);
    expect(connections()).toBeGreaterThanOrEqual(1);
    await waitUntil(() => (readCard(cardPathOf(socket()))?.pid ?? hung.pid) !== hung.pid, 20_000);
  });

  it("remembered: while it holds the socket, later calls do not connect to it", async () => {
    const { connections: connected } = await standIn("hung");
    // A replacement would end the stand-in: this test asks the library directly instead.
    const { askDaemon } = await import("../../src/cli/daemon/daemon-client.js");
    const late: string[] = [];
    const ask = (): ReturnType<typeof askDaemon> =>
      askDaemon(["list"], { AGENT_MEMORY_ROOT: root }, root, (lateRoot) => late.push(lateRoot));
    expect(await ask()).toBeUndefined();
    const after = connected();
    for (let call = 0; call < 3; call++) expect(await ask()).toBeUndefined();
    expect(connected()).toBe(after);
    expect(late).toEqual([root]);
  });
});

describe("a daemon wrongly taken for late (starved, not stuck)", () => {
  it("is skipped while marked, and used again once a start finds it answering", async () => {
    await start();
    const card = readCard(cardPathOf(socket()));
    const marker = join(root, ".agent-memory", "daemon.late");
    writeFileSync(marker, proofOf(card?.token ?? "", "late"), { mode: 0o600 });
    const requests = async (): Promise<number> => {
      const status = await exchange(socket(), { kind: "status" }, PATIENT);
      return status?.kind === "status" ? status.requests : -1;
    };
    const before = await requests();
    succeeded(await memory(["list"]));
    expect(await requests()).toBe(before);
    // `memory daemon start` (what a late call launches) finds it answering in time.
    await start();
    expect(existsSync(marker)).toBe(false);
    succeeded(await memory(["list"]));
    expect(await requests()).toBe(before + 1);
  });
});

describe("request lines", () => {
  it("a huge line is refused and its connection closed; the daemon goes on serving", async () => {
    await start();
    for (const line of [
      "x".repeat(2 * 1024 * 1024),
      `{"kind":"status","pad":"${"y".repeat(70_000)}"}\n`,
    ]) {
      const said = await new Promise<string>((done) => {
        let text = "";
        const client = connect(socket());
        client.setEncoding("utf8");
        client.on("data", (chunk: string) => (text += chunk));
        client.on("close", () => done(text));
        client.on("error", () => done(text));
        client.write(line);
      });
      expect(said).not.toContain('"accepted"');
      expect((await exchange(socket(), { kind: "status" }, PATIENT))?.kind).toBe("status");
    }
  });
});

/** Whether `pid` runs (a zombie no parent reaped yet has ended: its /proc state is Z). */
function alive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3) !== "Z";
  } catch {
    return false;
  }
}

async function waitUntil(check: () => boolean, timeoutMs = 10_000): Promise<void> {
  const until = Date.now() + scaledMs(timeoutMs);
  while (!check()) {
    if (Date.now() > until) throw new Error("timed out");
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
