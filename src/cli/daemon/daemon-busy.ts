/**
 * The daemon's busy marker, `.agent-memory/daemon.busy`: present while the daemon loads the
 * memory (its warm-up after it starts listening) or answers a call, naming the daemon by a
 * digest of its card's secret. A daemon that loads 100,000 notes, or builds their search index,
 * keeps its event loop busy for seconds to minutes: a client whose deadline passes meanwhile
 * finds the marker and waits on, instead of taking the daemon for wedged and replacing it
 * with another that would load the same notes again (each replacement starting from zero).
 *
 * A stopped daemon (Ctrl-Z, SIGSTOP) is not busy, whatever its marker says, nor is one whose
 * marker is older than {@link BUSY_CEILING_MS}: those are replaced as before.
 *
 * @module
 */

import * as fs from "node:fs";
import { dirname, join } from "node:path";
import { proofOf, type DaemonCard } from "./daemon-token.js";
import { readQuietly, statQuietly, unlinkQuietly } from "./quiet-files.js";

/**
 * How long one load or call may keep the daemon busy before clients take it for wedged: the
 * first search of 100,000 notes on a loaded 2-core machine built its index in 13 minutes.
 */
export const BUSY_CEILING_MS = 30 * 60_000;

/** The marker beside the socket. */
export function busyPathOf(socketPath: string): string {
  return join(dirname(socketPath), "daemon.busy");
}

function markOf(token: string): string {
  return proofOf(token, "busy");
}

/**
 * For how long the daemon `card` describes has been busy loading or answering without a
 * break, in ms, or undefined when it is not busy: its marker is missing, names another
 * daemon, or is older than {@link BUSY_CEILING_MS}, or its process is gone or stopped.
 */
export function busyForMs(
  socketPath: string,
  card: DaemonCard,
  now = Date.now(),
): number | undefined {
  const path = busyPathOf(socketPath);
  const stats = statQuietly(path);
  if (stats === undefined) return undefined;
  const age = Math.max(0, now - stats.mtimeMs);
  if (age > BUSY_CEILING_MS || readQuietly(path).trim() !== markOf(card.token)) return undefined;
  return runs(card.pid) ? age : undefined;
}

/** Whether `pid` is alive and not stopped (where /proc says; elsewhere alive is enough). */
function runs(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  const stat = readQuietly(`/proc/${pid}/stat`);
  // Field 3, after the command name in parentheses: T stopped, t traced (stopped too).
  const state = stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3);
  return state !== "T" && state !== "t";
}

/** The daemon's side: the marker is there while at least one load or call is under way. */
export interface BusyMarker {
  /** Runs `work` with the marker in place (removed when the last of several ends). */
  during<T>(work: () => Promise<T>): Promise<T>;
  /** Removes the marker (the daemon stops). */
  clear(): void;
}

/**
 * The busy marker of the daemon holding `token`. Best effort: a marker that cannot be written
 * means a client may replace a busy daemon, as before it existed; never a wrong answer.
 */
export function busyMarker(socketPath: string, token: string): BusyMarker {
  const path = busyPathOf(socketPath);
  const mark = markOf(token);
  let under = 0;
  const clear = (): void => {
    if (readQuietly(path).trim() === mark) unlinkQuietly(path);
  };
  return {
    async during(work) {
      // Written when the first of overlapping loads and calls starts: its age is how long
      // the daemon has been busy without a break.
      if (under++ === 0) {
        try {
          fs.writeFileSync(path, `${mark}\n`, { mode: 0o600 });
        } catch {
          // See above: slower at worst.
        }
      }
      try {
        return await work();
      } finally {
        if (--under === 0) clear();
      }
    },
    clear,
  };
}
