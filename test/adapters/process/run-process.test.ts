/**
 * The adapters' one process runner (git, model commands, session commands): real child
 * processes, no shell, a deadline and an abort that stop the whole process group, an output
 * cap, and a scrubbed environment.
 */
import { mkdtemp, readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runProcess, scrubbedEnv } from "../../../src/adapters/process/run-process.js";
import { scaledMs } from "../../helpers/time-scale.js";

const node = process.execPath;
const whole = { keep: "whole", maxBytes: 1 << 20 } as const;

/** Whether a process with this pid is alive. */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Waits (on the process table, not a fixed sleep) until `pid` is gone or `ms` pass. */
async function gone(pid: number, ms: number): Promise<boolean> {
  const until = Date.now() + scaledMs(ms);
  while (alive(pid) && Date.now() < until) await new Promise((done) => setTimeout(done, 50));
  return !alive(pid);
}

/** A parent that starts a grandchild, writes its pid to `pidFile`, and then hangs. */
function parentWithGrandchild(pidFile: string): string {
  return [
    'const { spawn } = require("node:child_process");',
    'const child = spawn(process.execPath, ["-e", "setInterval(() => {}, 1000)"], { stdio: "ignore" });',
    `require("node:fs").writeFileSync(${JSON.stringify(pidFile)}, String(child.pid));`,
    "setInterval(() => {}, 1000);",
  ].join("\n");
}

/** The pid the parent wrote, once it is there. */
async function grandchildOf(pidFile: string): Promise<number> {
  for (const until = Date.now() + scaledMs(30_000); Date.now() < until;) {
    const text = await readFile(pidFile, "utf8").catch(() => "");
    if (text !== "") return Number(text);
    await new Promise((done) => setTimeout(done, 50));
  }
  throw new Error("the parent never started its grandchild");
}

describe("runProcess", () => {
  it("writes the input to stdin and returns stdout, stderr and the exit code", async () => {
    const end = await runProcess({
      command: node,
      args: [
        "-e",
        'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>{process.stdout.write(s.toUpperCase());process.stderr.write("note");process.exit(3)})',
      ],
      input: "héllo",
      stdout: whole,
    });
    expect(end).toMatchObject({ kind: "exited", exitCode: 3, stderr: "note", stdoutBytes: 6 });
    expect(end.kind === "exited" && Buffer.from(end.stdout).toString("utf8")).toBe("HÉLLO");
  });

  it.skipIf(process.platform === "win32")(
    "stops the whole process group at the deadline, grandchildren included",
    async () => {
      const pidFile = join(await mkdtemp(join(tmpdir(), "run-process-")), "pid");
      const run = runProcess({
        command: node,
        args: ["-e", parentWithGrandchild(pidFile)],
        // Long enough for a loaded machine to start both processes first.
        timeoutMs: 5_000,
        stdout: whole,
      });
      const pid = await grandchildOf(pidFile);
      expect((await run).kind).toBe("timed-out");
      expect(await gone(pid, 10_000)).toBe(true);
    },
  );

  it.skipIf(process.platform === "win32")(
    "on abort resolves at once and kills what the program started",
    async () => {
      const pidFile = join(await mkdtemp(join(tmpdir(), "run-process-")), "pid");
      const controller = new AbortController();
      const run = runProcess({
        command: node,
        args: ["-e", parentWithGrandchild(pidFile)],
        signal: controller.signal,
        stdout: whole,
      });
      const pid = await grandchildOf(pidFile);
      controller.abort(new Error("enough"));
      expect(await run).toMatchObject({ kind: "aborted" });
      expect(await gone(pid, 10_000)).toBe(true);
    },
  );

  it("does not start a program whose signal is already aborted", async () => {
    const end = await runProcess({
      command: "agent-memory-no-such-program",
      args: [],
      signal: AbortSignal.abort("no"),
      stdout: whole,
    });
    expect(end).toEqual({ kind: "aborted", reason: "no" });
  });

  it("stops a program that prints more than the cap, and keeps only a tail when asked", async () => {
    const print = 'process.stdout.write("x".repeat(100000) + "END")';
    const capped = await runProcess({
      command: node,
      args: ["-e", print],
      stdout: { keep: "whole", maxBytes: 1000 },
    });
    expect(capped.kind).toBe("too-large");
    const tail = await runProcess({
      command: node,
      args: ["-e", print],
      stdout: { keep: "tail", bytes: 5 },
    });
    expect(tail).toMatchObject({ kind: "exited", exitCode: 0, stdoutBytes: 100003 });
    expect(tail.kind === "exited" && Buffer.from(tail.stdout).toString()).toMatch(/xEND$/);
  });

  it("says why a program could not start", async () => {
    const end = await runProcess({
      command: "agent-memory-no-such-program",
      args: [],
      stdout: whole,
    });
    expect(end.kind === "spawn-failed" && (end.error as NodeJS.ErrnoException).code).toBe("ENOENT");
  });

  it("runs in the environment given, scrubbed of the variables named", async () => {
    const env = scrubbedEnv(["GIT_DIR"], { ...process.env, GIT_DIR: "/elsewhere", KEPT: "yes" });
    const end = await runProcess({
      command: node,
      args: ["-e", "process.stdout.write(`${process.env.GIT_DIR}|${process.env.KEPT}`)"],
      env,
      stdout: whole,
    });
    expect(end.kind === "exited" && Buffer.from(end.stdout).toString()).toBe("undefined|yes");
  });
});
