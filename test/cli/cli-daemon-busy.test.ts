/**
 * A daemon that is loading the memory is waited on, never replaced (issue 36: at 100,000 notes
 * clients replaced three daemons in 40 s, each loading the notes again). Real processes: a
 * `memory daemon run` whose load blocks its event loop for seconds (the test-only variable
 * AGENT_MEMORY_TEST_DAEMON_LOAD_MS, as 100,000 notes would), and `memory` clients calling it
 * meanwhile.
 */
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLI, createSandbox, jsonOf, succeeded, type CliRun, type Sandbox } from "./cli-harness.js";
import { scaledMs } from "../helpers/time-scale.js";

let sandbox: Sandbox;
let root: string;
let noteId = "";
const IN_PROCESS = { AGENT_MEMORY_NO_DAEMON: "1" };
const privateFile = (name: string): string => join(root, ".agent-memory", name);
const memory = (args: readonly string[], env: Record<string, string> = {}): Promise<CliRun> =>
  sandbox.cli([...args, "--root", root], { env });

beforeAll(async () => {
  sandbox = await createSandbox();
  root = join(sandbox.dir, "memory");
  succeeded(await sandbox.cliInProcess(["init", "--root", root]));
  const run = succeeded(
    await memory([
      "capture",
      "Igor is a designer",
      "--body",
      "Works on the console app.",
      "--json",
    ]),
  );
  noteId = jsonOf<{ note: { id: string } }>(run).note.id;
});

afterAll(async () => {
  await sandbox.cleanup();
});

function daemonProcesses(): number[] {
  try {
    return execFileSync("pgrep", ["-f", `daemon (run|start) --root ${root}`], { encoding: "utf8" })
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
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe("memory daemon, busy loading", () => {
  it("is waited on while it loads: a list gets its answer, a show runs in-process, no second daemon starts", async () => {
    // Longer than a client's deadlines (400 ms for the acknowledgement, then about 1 s), with
    // room for the clients' own start-up on a loaded machine.
    const loadMs = scaledMs(4_000);
    let daemon: ChildProcess | undefined;
    try {
      daemon = spawn(
        process.execPath,
        [CLI, "daemon", "run", "--root", root, "--idle-minutes", "5"],
        {
          env: { ...sandbox.env, AGENT_MEMORY_TEST_DAEMON_LOAD_MS: String(loadMs) },
          stdio: "ignore",
        },
      );
      // Listening and loading: the busy marker is written just before the load blocks.
      await waitUntil(() => existsSync(privateFile("daemon.busy")), 20_000);
      const startedAt = Date.now();
      const listing = memory(["list"]);
      // Once the daemon has been busy longer than a call takes, a show goes in-process.
      await new Promise((resolve) => setTimeout(resolve, 600));
      const [listed, shown] = await Promise.all([listing, memory(["show", noteId])]);
      const tookMs = Date.now() - startedAt;
      expect(listed).toEqual(await memory(["list"], IN_PROCESS));
      expect(shown).toEqual(await memory(["show", noteId], IN_PROCESS));
      // The list was sent while the daemon was loading, and past the client's deadlines.
      expect(tookMs).toBeGreaterThan(1_500);
      // Not taken for late, so nothing started a replacement.
      expect(existsSync(privateFile("daemon.late"))).toBe(false);
      const status = jsonOf<{ pid: number; requests: number }>(
        succeeded(await memory(["daemon", "status", "--json"])),
      );
      expect(status.pid).toBe(daemon.pid);
      // The list went to the daemon; the show did not wait behind the load.
      expect(status.requests).toBe(1);
      expect(daemonProcesses()).toEqual([daemon.pid]);
      const log = privateFile("daemon.log");
      expect(existsSync(log) ? readFileSync(log, "utf8") : "").not.toContain("replaced daemon");
      // Loaded and idle: the marker is gone.
      expect(existsSync(privateFile("daemon.busy"))).toBe(false);
    } finally {
      daemon?.kill();
      await waitUntil(() => daemonProcesses().length === 0).catch(() => undefined);
    }
  });
});
