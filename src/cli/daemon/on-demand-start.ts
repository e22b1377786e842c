/**
 * Starting the memory's daemon on demand: a read call that no daemon answered has run
 * in-process, and before its process exits it starts `memory daemon run --on-demand` detached
 * (its own session, no terminal, output to `.agent-memory/daemon.log`), so the next calls are
 * answered by it. The call pays for the spawn only: the daemon opens the memory after the call
 * has answered, in its own process, and exits after its idle time.
 *
 * A launch marker, `.agent-memory/daemon.starting`, holds the starting daemon's pid from the
 * spawn until it listens: calls made meanwhile (two first calls at once, or a second call
 * while the daemon still opens a large memory) run in-process and start none.
 *
 * @module
 */

import { spawn, type ChildProcess } from "node:child_process";
import * as fs from "node:fs";
import { dirname, join } from "node:path";
import { INDEX_NOTE_PATH, STATUS_FOLDERS } from "../../model/layout.js";
import { resolveRoot } from "../framework/root-variable.js";
import { servedCall } from "./daemon-client.js";
import { knownLate } from "./daemon-late.js";
import { daemonSocketPath } from "./daemon-protocol.js";
import { cardPathOf, readCard } from "./daemon-token.js";
import { onDemandIdleMinutes, onDemandPolicy } from "./on-demand-policy.js";
import { codeOf, readQuietly, statQuietly, unlinkQuietly } from "./quiet-files.js";
import { isAlive, setAside } from "./start-lock.js";

/**
 * How long a launch marker keeps other calls from starting a daemon while its process lives:
 * opening a 100,000-note memory takes seconds; a marker older than this is a daemon that
 * never got to listen (or a reused pid), and a new launch takes it over.
 */
const LAUNCH_STALE_MS = 120_000;

/** What a call that ran in-process did about a daemon. */
export type OnDemandOutcome =
  | { readonly kind: "started"; readonly pid: number }
  | { readonly kind: "skipped"; readonly why: string };

/** The launch marker beside the daemon's socket. */
export function launchMarkerPath(socketPath: string): string {
  return join(dirname(socketPath), "daemon.starting");
}

/**
 * Removes the launch marker when it still names `pid`: the daemon calls this once it listens
 * or has given up, so the next call finds its socket, or starts another.
 */
export function releaseLaunch(socketPath: string, pid: number): void {
  const path = launchMarkerPath(socketPath);
  if (readQuietly(path).trim() === String(pid)) unlinkQuietly(path);
}

/**
 * Leaves the launch marker in place with `why` instead of a pid, when a daemon started on
 * demand declined to serve (a root it cannot watch reliably): a marker without a pid counts
 * as held until it is {@link LAUNCH_STALE_MS} old, so read calls do not spawn a daemon each
 * only for it to decline again.
 */
export function declineLaunch(socketPath: string, pid: number, why: string): void {
  const path = launchMarkerPath(socketPath);
  if (readQuietly(path).trim() !== String(pid)) return;
  try {
    fs.writeFileSync(path, `declined: ${why}\n`);
  } catch {
    unlinkQuietly(path);
  }
}

/**
 * After a call of `argv` ran in-process with `exitCode`, starts the daemon for its root in
 * the background when the environment allows it (see on-demand-policy.ts) and none is
 * running or starting. Never throws and never waits for the daemon.
 *
 * @example
 * ```ts
 * process.exitCode = await runCli(argv, io);
 * startOnDemand(argv, process.env, process.cwd(), process.exitCode);
 * ```
 */
export function startOnDemand(
  argv: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
  cwd: string,
  exitCode: number,
  executable: readonly string[] = [
    process.execPath,
    ...process.execArgv,
    ...process.argv.slice(1, 2),
  ],
): OnDemandOutcome {
  const served = servedCall(argv);
  if (served === undefined) return skipped("not a call the daemon answers");
  // A usage error says nothing of the memory; a call that failed for want of a memory leaves
  // nothing to serve (looked at below).
  if (exitCode === 2) return skipped("a usage error");
  const policy = onDemandPolicy(env);
  if (!policy.start) return skipped(policy.because);
  const root = resolveRoot(served.rootOption, { env, cwd });
  const socketPath = daemonSocketPath(root);
  if (socketPath === undefined) return skipped("no socket path for this root");
  if (!looksLikeMemory(root)) return skipped(`${root} is not a memory`);
  const card = readCard(cardPathOf(socketPath));
  // A late daemon's replacement was started when it was found late (daemon-late.ts).
  if (card !== undefined && knownLate(socketPath, card)) return skipped("a replacement starts");
  const [command, ...args] = executable;
  // Opened first: it makes the private folder the marker goes in.
  const log = openLog(join(dirname(socketPath), "daemon.log"));
  if (command === undefined || log === undefined) return skipped("cannot start one here");
  const marker = launchMarkerPath(socketPath);
  if (!claimLaunch(marker)) {
    fs.closeSync(log);
    return skipped("a daemon is starting");
  }
  if (cameUpMeanwhile(cardPathOf(socketPath))) {
    // Its marker was released once it listened, so the claim above succeeded; a second
    // daemon would only find it serving and exit.
    unlinkQuietly(marker);
    fs.closeSync(log);
    return skipped("a daemon started while this call ran");
  }
  const minutes = String(onDemandIdleMinutes(env));
  let child: ChildProcess;
  try {
    child = spawn(
      command,
      [...args, "daemon", "run", "--root", root, "--idle-minutes", minutes, "--on-demand"],
      { cwd: root, env: { ...env }, detached: true, stdio: ["ignore", log, log] },
    );
  } catch {
    unlinkQuietly(marker);
    return skipped("the spawn failed");
  } finally {
    fs.closeSync(log);
  }
  child.on("error", () => unlinkQuietly(marker));
  // The parent exits at once and does not wait for it: it is reaped by whoever adopts it.
  child.unref();
  if (child.pid === undefined) return skipped("the spawn failed");
  try {
    // From now on the marker lives as long as the daemon that holds it.
    fs.writeFileSync(marker, String(child.pid));
  } catch {
    // The marker then names this process, which exits: the next call takes it over.
  }
  return { kind: "started", pid: child.pid };
}

/**
 * Whether a daemon came to listen while this process ran its call in-process: its card was
 * written after this process started, and its process lives (two first calls at once on a
 * busy machine: the first call's daemon listens before the second call ends). A card older
 * than this process is not enough: the daemon that left it declined this call (another
 * build's, say), and the new daemon is what replaces it.
 */
function cameUpMeanwhile(cardPath: string): boolean {
  const written = statQuietly(cardPath);
  if (written === undefined) return false;
  const startedAt = Date.now() - process.uptime() * 1000;
  if (written.mtimeMs <= startedAt) return false;
  const card = readCard(cardPath);
  return card !== undefined && isAlive(card.pid);
}

function skipped(why: string): OnDemandOutcome {
  return { kind: "skipped", why };
}

/**
 * Takes the launch marker: created only when absent (one of several calls at once wins), or
 * taken over when the process it names is gone or it is older than {@link LAUNCH_STALE_MS}.
 */
function claimLaunch(path: string): boolean {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(path, String(process.pid), { flag: "wx", mode: 0o600 });
      return true;
    } catch (cause) {
      if (codeOf(cause) !== "EEXIST") return false;
    }
    const held = statQuietly(path);
    if (held === undefined) continue;
    const holder = Number.parseInt(readQuietly(path), 10);
    // A marker being written has no pid yet: it is someone's, and young.
    const alive = !Number.isInteger(holder) || isAlive(holder);
    if (alive && Date.now() - held.mtimeMs < LAUNCH_STALE_MS) return false;
    setAside(path, held.ino);
  }
  return false;
}

/** The daemon's log opened for appending (the private folder made if needed), or undefined. */
function openLog(path: string): number | undefined {
  try {
    fs.mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
    return fs.openSync(path, "a", 0o600);
  } catch {
    return undefined;
  }
}

/** Whether `root` holds a memory (as `existingMemoryRoot` decides, without its error). */
function looksLikeMemory(root: string): boolean {
  return [INDEX_NOTE_PATH, ...Object.values(STATUS_FOLDERS)].some((name) =>
    fs.existsSync(join(root, name)),
  );
}
