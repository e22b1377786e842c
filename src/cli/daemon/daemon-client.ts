/**
 * The `memory` executable's first step: hand a read-only command to the memory's daemon when
 * one is running, before loading anything of the library. Without a daemon this costs one
 * `existsSync`; with one, a call costs node's start-up and a round trip on a local socket.
 *
 * @module
 */

import { existsSync } from "node:fs";
import { resolveRoot } from "../framework/root-variable.js";
import { buildStamp, daemonSocketPath, SERVED_COMMANDS } from "./daemon-protocol.js";
import { exchange } from "./socket-exchange.js";

/** The environment variable that, set to anything but "" or "0", keeps calls in-process. */
export const NO_DAEMON_VARIABLE = "AGENT_MEMORY_NO_DAEMON";

/** What the daemon printed and returned for a command. */
export interface DaemonAnswer {
  readonly stdout: string;
  readonly stderr: string;
  readonly exitCode: number;
}

// A running daemon acknowledges at once; one that does not within the first figure is stopped
// or gone. One that looks at 10,000 changed notes answers in a second or two; one that takes
// far longer than the second is stuck. Either way the call runs in-process instead.
const TIMEOUTS = { ackMs: 1_000, answerMs: 30_000 };

/**
 * The daemon's answer to `argv`, or undefined when the call must run in-process: not a
 * command the daemon serves, asking for help, no daemon for the root, a daemon of another
 * build, or no answer.
 *
 * @example
 * ```ts
 * const answer = await askDaemon(["show", "Kf9mNp"], process.env, process.cwd());
 * if (answer !== undefined) process.stdout.write(answer.stdout);
 * ```
 */
export async function askDaemon(
  argv: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
  cwd: string,
): Promise<DaemonAnswer | undefined> {
  const off = env[NO_DAEMON_VARIABLE];
  if (off !== undefined && off !== "" && off !== "0") return undefined;
  const [name, ...rest] = argv;
  if (name === undefined || !SERVED_COMMANDS.has(name)) return undefined;
  if (rest.some((arg) => arg === "--help" || arg === "-h" || arg === "--")) return undefined;
  const rootOption = rootOptionOf(rest);
  if (rootOption === null) return undefined;
  const socketPath = daemonSocketPath(resolveRoot(rootOption, { env, cwd }));
  if (socketPath === undefined || !existsSync(socketPath)) return undefined;
  const reply = await exchange(
    socketPath,
    { kind: "run", stamp: buildStamp(), argv, cwd },
    TIMEOUTS,
  );
  return reply?.kind === "ran" ? reply : undefined;
}

/** The `--root` value on the line, undefined without one, null when it has none. */
function rootOptionOf(args: readonly string[]): string | undefined | null {
  let root: string | undefined;
  for (let at = 0; at < args.length; at++) {
    const arg = args[at] ?? "";
    if (arg.startsWith("--root=")) root = arg.slice("--root=".length);
    else if (arg === "--root") {
      const value = args[at + 1];
      if (value === undefined) return null;
      root = value;
      at++;
    }
  }
  return root;
}
