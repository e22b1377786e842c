import { spawn } from "node:child_process";
import { closeSync, existsSync, fstatSync, mkdirSync, openSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { err, ok, type Result } from "neverthrow";
import { COMMON_OPTIONS, defineCommand } from "../framework/command.js";
import { EXIT } from "../framework/exit-codes.js";
import { existingMemoryRoot } from "../framework/open-memory.js";
import { buildStamp, daemonSocketPath } from "../daemon/daemon-protocol.js";
import { exchange, QUICK } from "../daemon/socket-exchange.js";
import { idleMsOf, IDLE_OPTION, IDLE_OPTION_HELP } from "./daemon-idle.js";

const START_TIMEOUT_MS = 15_000;

/** `memory daemon start`: the daemon in the background, once it answers. */
export const daemonStartCommand = defineCommand({
  name: "daemon start",
  summary: "Start the daemon in the background (nothing to do when one already runs).",
  usage: "[--idle-minutes N] [options]",
  description:
    "Starts `memory daemon run` detached, logging to .agent-memory/daemon.log, and returns once it\n" +
    "answers. A harness's session-start hook is a good place for it.",
  options: { ...COMMON_OPTIONS, ...IDLE_OPTION },
  optionHelp: [IDLE_OPTION_HELP],
  positionals: { min: 0, max: 0 },
  examples: ["memory daemon start", "memory daemon start --root ~/notes --idle-minutes 120"],
  async run({ values, out, io }) {
    const idleMs = idleMsOf(values["idle-minutes"], "daemon start");
    if (idleMs.isErr()) return out.fail(idleMs.error);
    const found = await existingMemoryRoot(values.root, io);
    if (found.isErr()) return out.fail(found.error);
    const root = found.value;
    const socketPath = daemonSocketPath(root);
    const [command, ...args] = io.executable ?? [];
    if (socketPath === undefined) {
      const { noSocketFailure } = await import("../daemon/daemon-server.js");
      return out.fail({ ...noSocketFailure(root), exitCode: EXIT.failed });
    }
    if (command === undefined) {
      return out.fail({
        code: "DAEMON",
        message:
          'This process does not know the command line that runs the CLI; run "memory daemon run" under a service manager instead.',
        exitCode: EXIT.failed,
      });
    }
    const running = await exchange(socketPath, { kind: "status" }, QUICK);
    if (running?.kind === "status" && running.stamp !== buildStamp()) {
      // A daemon of another build (the CLI was upgraded or rebuilt) would turn every call
      // away: replace it.
      await exchange(socketPath, { kind: "stop" }, QUICK);
      const until = Date.now() + 5_000;
      while (existsSync(socketPath) && Date.now() < until) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    } else if (running?.kind === "status") {
      out.print(
        { pid: running.pid, root, socket: socketPath, started: false },
        () => `A daemon (pid ${running.pid}) already serves ${root}.`,
      );
      return EXIT.ok;
    }
    const logPath = join(root, ".agent-memory", "daemon.log");
    const log = openLog(logPath);
    if (log.isErr()) return out.fail({ ...log.error, exitCode: EXIT.failed });
    const { fd, from } = log.value;
    const minutes = String(idleMs.value / 60_000);
    const child = spawn(
      command,
      [...args, "daemon", "run", "--root", root, "--idle-minutes", minutes],
      { cwd: root, env: { ...io.env }, detached: true, stdio: ["ignore", fd, fd] },
    );
    closeSync(fd);
    const spawned: { exited?: boolean } = {};
    child.on("exit", () => (spawned.exited = true));
    child.on("error", () => (spawned.exited = true));
    child.unref();
    const until = Date.now() + START_TIMEOUT_MS;
    for (;;) {
      // Looked at before the status, so a daemon that answered just before it exited counts.
      const exited = spawned.exited === true;
      const reply = await exchange(socketPath, { kind: "status" }, QUICK);
      if (reply?.kind === "status") {
        // Another start may have won the race for the socket: that daemon serves, this one
        // stepped aside.
        const started = reply.pid === child.pid;
        out.print({ pid: reply.pid, root, socket: socketPath, started }, () =>
          started
            ? `Started the daemon (pid ${reply.pid}) for ${root}; stop it with "memory daemon stop".`
            : `A daemon (pid ${reply.pid}) already serves ${root}.`,
        );
        return EXIT.ok;
      }
      if (exited || Date.now() >= until) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const said = readFileSync(logPath)
      .subarray(from)
      .toString("utf8")
      .trim()
      .split("\n")
      .slice(-3)
      .join(" ");
    return out.fail({
      code: "DAEMON",
      message:
        spawned.exited !== true
          ? `The daemon did not answer within ${START_TIMEOUT_MS / 1000} s; see ${logPath}.`
          : `The daemon stopped before it answered${said === "" ? "" : `: ${said}`} (log: ${logPath}).`,
      exitCode: EXIT.failed,
    });
  },
});

/**
 * Opens the daemon's log for appending (earlier runs stay readable), creating the private
 * folder when needed, and says where this run's lines begin.
 */
function openLog(
  logPath: string,
): Result<{ fd: number; from: number }, { code: "DAEMON"; message: string }> {
  try {
    mkdirSync(dirname(logPath), { recursive: true });
    const fd = openSync(logPath, "a");
    return ok({ fd, from: fstatSync(fd).size });
  } catch (cause) {
    const why = cause instanceof Error ? cause.message : String(cause);
    return err({
      code: "DAEMON",
      message: `Could not open ${logPath} (${why}); the daemon needs to write in the memory's .agent-memory folder.`,
    });
  }
}
