import { COMMON_OPTIONS, defineCommand } from "../framework/command.js";
import { EXIT } from "../framework/exit-codes.js";
import { existingMemoryRoot } from "../framework/open-memory.js";
import { idleMsOf, IDLE_OPTION, IDLE_OPTION_HELP } from "./daemon-idle.js";

/** Whether the memory's files can be watched reliably here (node's fs on a local disk). */
async function watchable(root: string): Promise<boolean> {
  const fs = await import("node:fs");
  const { isWatchable } = await import("../../adapters/index.js");
  return isWatchable(fs, root);
}

/** `memory daemon run`: the daemon in the foreground (what `memory daemon start` spawns). */
export const daemonRunCommand = defineCommand({
  name: "daemon run",
  summary: "Run the daemon in the foreground until it stops (start spawns this).",
  usage: "[--idle-minutes N] [--on-demand] [options]",
  description:
    "Serves the memory in this process, logging to stderr, until idle, stopped or signalled.\n" +
    "For a service manager or a terminal; `memory daemon start` runs it in the background.",
  options: { ...COMMON_OPTIONS, ...IDLE_OPTION, "on-demand": { type: "boolean" } },
  optionHelp: [
    IDLE_OPTION_HELP,
    [
      "--on-demand",
      "As a read call starts it: replaces a daemon of another build, declines a network mount.",
    ],
  ],
  positionals: { min: 0, max: 0 },
  examples: ["memory daemon run --root ~/notes --idle-minutes 600"],
  async run({ values, out, io }) {
    const idleMs = idleMsOf(values["idle-minutes"], "daemon run");
    if (idleMs.isErr()) return out.fail(idleMs.error);
    const root = await existingMemoryRoot(values.root, io);
    if (root.isErr()) return out.fail(root.error);
    const onDemand = values["on-demand"] === true;
    const { startDaemon } = await import("../daemon/daemon-server.js");
    const { daemonSocketPath } = await import("../daemon/daemon-protocol.js");
    const { replaceOtherBuild } = await import("../daemon/daemon-launch.js");
    const { declineLaunch, releaseLaunch } = await import("../daemon/on-demand-start.js");
    const socketPath = daemonSocketPath(root.value);
    if (onDemand && socketPath !== undefined && !(await watchable(root.value))) {
      // Its watcher would miss edits made from another machine: calls stay in-process.
      const why = `${root.value} is on a network or FUSE mount, where a watcher misses edits made elsewhere; "memory daemon start" starts one anyway`;
      declineLaunch(socketPath, process.pid, why);
      io.stderr(`${new Date().toISOString()} memory daemon not started on demand: ${why}\n`);
      return EXIT.ok;
    }
    // A read call of a rebuilt CLI started this one: the old build's daemon makes way.
    if (onDemand && socketPath !== undefined) await replaceOtherBuild(socketPath);
    const daemon = await startDaemon({
      root: root.value,
      idleMs: idleMs.value,
      onDemand,
      log: (line) => io.stderr(`${new Date().toISOString()} ${line}\n`),
    });
    // Listening or given up: either way later calls need not wait for this one.
    if (socketPath !== undefined) releaseLaunch(socketPath, process.pid);
    if (daemon.isErr()) return out.fail({ ...daemon.error, exitCode: EXIT.failed });
    await daemon.value.stopped;
    return EXIT.ok;
  },
});
