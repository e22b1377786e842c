/**
 * What a client does about a daemon that missed its deadline (stopped with Ctrl-Z, wedged,
 * swamped): it writes down which daemon it was, so later calls run in-process at once instead
 * of waiting on it again, and starts a replacement in the background, which takes the socket
 * over and ends the late one (see daemon-socket.ts).
 *
 * @module
 */

import { spawn } from "node:child_process";
import * as fs from "node:fs";
import { dirname, join } from "node:path";
import { proofOf, type DaemonCard } from "./daemon-token.js";
import { readQuietly, unlinkQuietly } from "./quiet-files.js";

/** The marker beside the socket: which daemon was late (a digest of its secret, not the secret). */
function markerPath(socketPath: string): string {
  return join(dirname(socketPath), "daemon.late");
}

function markOf(card: DaemonCard): string {
  return proofOf(card.token, "late");
}

/** Whether the daemon `card` describes already missed a deadline. */
export function knownLate(socketPath: string, card: DaemonCard): boolean {
  return readQuietly(markerPath(socketPath)) === markOf(card);
}

/** Notes that the daemon `card` describes missed a deadline (best effort: a read-only folder keeps none). */
export function rememberLate(socketPath: string, card: DaemonCard): void {
  try {
    fs.writeFileSync(markerPath(socketPath), markOf(card), { mode: 0o600 });
  } catch {
    // Then the next call waits once more: slower, never wrong.
  }
}

/**
 * Forgets a late daemon: a start found it answering after all (it was starved, not stuck),
 * so calls go to it again.
 */
export function forgetLate(socketPath: string): void {
  unlinkQuietly(markerPath(socketPath));
}

/**
 * Starts `memory daemon start` for `root` detached, with the command line that runs this CLI,
 * and does not wait for it.
 */
export function replaceDaemon(
  root: string,
  env: Readonly<Record<string, string | undefined>>,
): void {
  const script = process.argv[1];
  if (script === undefined) return;
  try {
    const child = spawn(
      process.execPath,
      [...process.execArgv, script, "daemon", "start", "--root", root],
      { cwd: root, env: { ...env }, detached: true, stdio: "ignore" },
    );
    child.on("error", () => undefined);
    child.unref();
  } catch {
    // Not started: the next session-start hook or `memory daemon start` starts one.
  }
}
