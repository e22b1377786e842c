import { COMMON_OPTIONS, defineCommand } from "../framework/command.js";
import { EXIT } from "../framework/exit-codes.js";
import { resolveRoot } from "../framework/root-variable.js";
import { daemonSocketPath } from "../daemon/daemon-protocol.js";
import { onDemandIdleMinutes, onDemandPolicy } from "../daemon/on-demand-policy.js";
import { exchange, QUICK } from "../daemon/socket-exchange.js";

/** `memory daemon status`: whether a daemon serves the root; exit 1 when none does. */
export const daemonStatusCommand = defineCommand({
  name: "daemon status",
  summary: "Say whether a daemon serves the memory (exit 1 when none does).",
  usage: "[options]",
  description:
    "Prints the daemon's pid, when it started, how many calls it answered, whether a read call\n" +
    "started it (on demand) and its idle time; and whether a read call would start one here.",
  options: COMMON_OPTIONS,
  optionHelp: [],
  positionals: { min: 0, max: 0 },
  examples: ["memory daemon status", "memory daemon status --json"],
  async run({ values, out, io }) {
    const root = resolveRoot(values.root, io);
    const policy = onDemandPolicy(io.env);
    const onDemandStart = {
      on: policy.start,
      because: policy.because,
      idleMinutes: onDemandIdleMinutes(io.env),
    };
    const startLine = policy.start
      ? `A read call with no daemon starts one (${policy.because}), which stops after ${onDemandStart.idleMinutes} min idle.`
      : `A read call with no daemon starts none: ${policy.because}.`;
    const socketPath = daemonSocketPath(root);
    const reply =
      socketPath === undefined ? undefined : await exchange(socketPath, { kind: "status" }, QUICK);
    if (reply?.kind !== "status") {
      out.print(
        { root, running: false, onDemandStart },
        () => `No daemon serves ${root}.\n${startLine}`,
      );
      return EXIT.failed;
    }
    const { pid, startedAt, requests, onDemand, idleMs } = reply;
    const since = new Date(startedAt).toISOString();
    const how = onDemand === true ? "started on demand by a read call" : "started by a command";
    const idle =
      idleMs === undefined ? "" : `; stops after ${Number((idleMs / 60_000).toFixed(2))} min idle`;
    out.print(
      {
        root,
        running: true,
        pid,
        startedAt: since,
        requests,
        ...(onDemand === undefined ? {} : { onDemand }),
        ...(idleMs === undefined ? {} : { idleMinutes: idleMs / 60_000 }),
        onDemandStart,
      },
      () =>
        `A daemon (pid ${pid}) serves ${root}, since ${since} (${how}${idle}); ${requests} calls answered.\n${startLine}`,
    );
    return EXIT.ok;
  },
});
