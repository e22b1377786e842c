import { COMMON_OPTIONS, defineCommand } from "../framework/command.js";
import { EXIT } from "../framework/exit-codes.js";
import { resolveRoot } from "../framework/root-variable.js";
import { daemonSocketPath } from "../daemon/daemon-protocol.js";
import { exchange, QUICK } from "../daemon/socket-exchange.js";

/** `memory daemon status`: whether a daemon serves the root; exit 1 when none does. */
export const daemonStatusCommand = defineCommand({
  name: "daemon status",
  summary: "Say whether a daemon serves the memory (exit 1 when none does).",
  usage: "[options]",
  description: "Prints the daemon's pid, when it started and how many calls it answered.",
  options: COMMON_OPTIONS,
  optionHelp: [],
  positionals: { min: 0, max: 0 },
  examples: ["memory daemon status", "memory daemon status --json"],
  async run({ values, out, io }) {
    const root = resolveRoot(values.root, io);
    const socketPath = daemonSocketPath(root);
    const reply =
      socketPath === undefined ? undefined : await exchange(socketPath, { kind: "status" }, QUICK);
    if (reply?.kind !== "status") {
      out.print({ root, running: false }, () => `No daemon serves ${root}.`);
      return EXIT.failed;
    }
    const { pid, startedAt, requests } = reply;
    out.print(
      { root, running: true, pid, startedAt: new Date(startedAt).toISOString(), requests },
      () =>
        `A daemon (pid ${pid}) serves ${root}, since ${new Date(startedAt).toISOString()}; ${requests} calls answered.`,
    );
    return EXIT.ok;
  },
});
