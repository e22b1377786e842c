import { existsSync } from "node:fs";
import { COMMON_OPTIONS, defineCommand } from "../framework/command.js";
import { EXIT } from "../framework/exit-codes.js";
import { resolveRoot } from "../framework/root-variable.js";
import { daemonSocketPath } from "../daemon/daemon-protocol.js";
import { exchange, QUICK } from "../daemon/socket-exchange.js";

/** `memory daemon stop`: asks the root's daemon to stop, and waits until it has. */
export const daemonStopCommand = defineCommand({
  name: "daemon stop",
  summary: "Stop the daemon (nothing to do when none runs).",
  usage: "[options]",
  description: "Asks the memory's daemon to stop and waits until its socket is gone.",
  options: COMMON_OPTIONS,
  optionHelp: [],
  positionals: { min: 0, max: 0 },
  examples: ["memory daemon stop", "memory daemon stop --root ~/notes --json"],
  async run({ values, out, io }) {
    const root = resolveRoot(values.root, io);
    const socketPath = daemonSocketPath(root);
    const reply =
      socketPath === undefined ? undefined : await exchange(socketPath, { kind: "stop" }, QUICK);
    if (reply?.kind !== "stopping" || socketPath === undefined) {
      out.print({ root, stopped: false }, () => `No daemon serves ${root}.`);
      return EXIT.ok;
    }
    const until = Date.now() + 5_000;
    while (existsSync(socketPath) && Date.now() < until) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    out.print(
      { root, stopped: true, pid: reply.pid },
      () => `Stopped the daemon (pid ${reply.pid}) for ${root}.`,
    );
    return EXIT.ok;
  },
});
