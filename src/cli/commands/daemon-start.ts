import { readFileSync } from "node:fs";
import { COMMON_OPTIONS, defineCommand } from "../framework/command.js";
import { EXIT } from "../framework/exit-codes.js";
import { existingMemoryRoot } from "../framework/open-memory.js";
import { launchDaemon } from "../daemon/daemon-launch.js";
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
    "answers. The Claude Code session-start hook `memory install` writes starts it too.",
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
    const launched = await launchDaemon(root, io, idleMs.value);
    if (launched.isErr()) return out.fail({ ...launched.error, exitCode: EXIT.failed });
    const launch = launched.value;
    if (launch.kind === "running") {
      out.print(
        { pid: launch.pid, root, socket: launch.socketPath, started: false },
        () => `A daemon (pid ${launch.pid}) already serves ${root}.`,
      );
      return EXIT.ok;
    }
    const { child, socketPath, logPath, logFrom } = launch;
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
      .subarray(logFrom)
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
