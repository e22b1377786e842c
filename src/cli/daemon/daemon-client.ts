/**
 * The `memory` executable's first step: hand a read-only command to the memory's daemon when
 * one is running, before loading anything of the library. Without a daemon this costs one
 * `existsSync`; with one, a call costs node's start-up and a round trip on a local socket.
 *
 * @module
 */

import { existsSync } from "node:fs";
import { resolveRoot } from "../framework/root-variable.js";
import { busyForMs } from "./daemon-busy.js";
import { knownLate, rememberLate, replaceDaemon } from "./daemon-late.js";
import { buildStamp, daemonSocketPath, SERVED_COMMANDS } from "./daemon-protocol.js";
import { cardPathOf, readCard, type DaemonCard } from "./daemon-token.js";
import { exchangeWith, type ExchangeTimeouts } from "./socket-exchange.js";

/** The environment variable that, set to anything but "" or "0", keeps calls in-process. */
export const NO_DAEMON_VARIABLE = "AGENT_MEMORY_NO_DAEMON";

/** What the daemon printed and returned for a command. */
export interface DaemonAnswer {
  readonly stdout: string;
  readonly stderr: string;
  readonly exitCode: number;
}

// A running daemon acknowledges at once (its first act on a request line), so one that has
// not within this is stopped, wedged or swamped: the call runs in-process instead. These
// deadlines are written into docs/cli.md and docs/architecture.md by `npm run docs:lists`.
export const ACK_MS = 400;
// The answer may take what the daemon's own cold open took (its card says), a few times over,
// before running the call in-process is the faster way; never more than half a minute.
export const ANSWER_FLOOR_MS = 1_000;
export const ANSWER_PER_OPEN = 4;
export const ANSWER_CEILING_MS = 30_000;

// Answered in-process while the daemon has been busy for longer than a call takes (it loads
// the notes): they read one note by its file name, which costs less than waiting behind a
// load of every note.
const CHEAP_COLD = new Set(["show"]);

/**
 * How long a call waits for the daemon `card` describes; past a deadline it waits on while
 * the daemon's busy marker says it loads or answers (`busy`).
 */
export function timeoutsFor(card: DaemonCard, busy?: () => boolean): ExchangeTimeouts {
  const answerMs = Math.min(ANSWER_CEILING_MS, ANSWER_FLOOR_MS + ANSWER_PER_OPEN * card.openMs);
  return { ackMs: ACK_MS, answerMs, ...(busy === undefined ? {} : { busy }) };
}

/**
 * The daemon's answer to `argv`, or undefined when the call must run in-process: not a
 * command the daemon serves, asking for help, no daemon for the root, a listener that cannot
 * prove it is the memory's daemon, a daemon of another build or of another root, a daemon
 * already known to miss its deadlines, a `show` while the daemon is busy, or no answer in
 * time (a deadline passed while the daemon was not busy). A daemon that misses one is
 * remembered (later calls do not wait on it) and `onLate` starts a replacement in the
 * background (by default with the command line that runs this CLI).
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
  onLate: (root: string, env: Readonly<Record<string, string | undefined>>) => void = replaceDaemon,
): Promise<DaemonAnswer | undefined> {
  const off = env[NO_DAEMON_VARIABLE];
  if (off !== undefined && off !== "" && off !== "0") return undefined;
  const served = servedCall(argv);
  if (served === undefined) return undefined;
  const root = resolveRoot(served.rootOption, { env, cwd });
  const socketPath = daemonSocketPath(root);
  if (socketPath === undefined || !existsSync(socketPath)) return undefined;
  const card = readCard(cardPathOf(socketPath));
  if (card === undefined || knownLate(socketPath, card)) return undefined;
  // A busy daemon (loading the notes, say) is waited on rather than replaced: a call run
  // in-process meanwhile would do the same load from nothing on the same cores, while the
  // daemon has a head start. Only a call that costs less cold than the wait goes in-process.
  const busy = (): boolean => busyForMs(socketPath, card) !== undefined;
  if (CHEAP_COLD.has(argv[0] ?? "") && (busyForMs(socketPath, card) ?? 0) > ACK_MS)
    return undefined;
  const outcome = await exchangeWith(
    socketPath,
    card,
    { kind: "run", stamp: buildStamp(), argv, cwd, root },
    timeoutsFor(card, busy),
  );
  if (outcome.kind === "late") {
    rememberLate(socketPath, card);
    onLate(root, env);
  }
  return outcome.kind === "reply" && outcome.reply.kind === "ran" ? outcome.reply : undefined;
}

/**
 * The `--root` option of a call the daemon would answer (a served command, not asking for
 * help), or undefined for a call it would not.
 *
 * @example
 * ```ts
 * servedCall(["list", "--root", "notes"]); // { rootOption: "notes" }
 * servedCall(["capture", "A title"]); // undefined
 * ```
 */
export function servedCall(
  argv: readonly string[],
): { readonly rootOption: string | undefined } | undefined {
  const [name, ...rest] = argv;
  if (name === undefined || !SERVED_COMMANDS.has(name)) return undefined;
  if (rest.some((arg) => arg === "--help" || arg === "-h" || arg === "--")) return undefined;
  const rootOption = rootOptionOf(rest);
  return rootOption === null ? undefined : { rootOption };
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
