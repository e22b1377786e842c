/**
 * The daemon's start lock: held while a starting daemon checks for a running one and claims
 * the socket, so that two starts at once (two session hooks after a reboot) never both
 * listen. It must never block starts for ever: a lock whose process is gone, or that is held
 * too long, is abandoned and taken over.
 *
 * @module
 */

import * as fs from "node:fs";
import { err, ok, type Result } from "neverthrow";
import { messageOf } from "../../shared/message-of.js";
import type { DaemonFailure } from "./daemon-socket.js";
import { codeOf, readQuietly, statQuietly, unlinkQuietly } from "./quiet-files.js";

/** How long a start may hold the lock before another start treats it as abandoned. */
export const START_LOCK_STALE_MS = 30_000;

/**
 * Takes the start lock: the file appears whole (written under a name of this process's, then
 * hard-linked into place, which fails when the lock exists) and holds this process's pid.
 * A lock is abandoned when its process is gone or it is older than {@link START_LOCK_STALE_MS}
 * (a pid reused by a live process must not block starts for ever); it is taken over by
 * renaming it aside, which only one of several starts can do to the same file.
 */
export function takeStartLock(
  path: string,
  root: string,
  now: () => number = Date.now,
): Result<() => void, DaemonFailure> {
  const mine = `${path}.${process.pid}`;
  try {
    fs.writeFileSync(mine, String(process.pid));
  } catch (cause) {
    return err({ code: "DAEMON", message: `Could not create ${mine}: ${messageOf(cause)}.` });
  }
  try {
    for (let attempt = 0; attempt < 3; attempt++) {
      try {
        fs.linkSync(mine, path);
        const ino = fs.statSync(path).ino;
        // Only while it is still ours: a start held up past the stale age lost it.
        return ok(() => {
          if (statQuietly(path)?.ino === ino) unlinkQuietly(path);
        });
      } catch (cause) {
        if (codeOf(cause) !== "EEXIST") {
          return err({
            code: "DAEMON",
            message: `Could not create ${path}: ${messageOf(cause)}.`,
          });
        }
      }
      const held = statQuietly(path);
      if (held === undefined) continue;
      const holder = Number.parseInt(readQuietly(path), 10);
      const old = now() - held.mtimeMs > START_LOCK_STALE_MS;
      if (!old && (!Number.isInteger(holder) || isAlive(holder))) {
        return err({
          code: "CONFLICT",
          message: `A daemon${Number.isInteger(holder) ? ` (pid ${holder})` : ""} is starting for ${root} (it holds ${path}); wait a moment, then "memory daemon status".`,
        });
      }
      setAside(path, held.ino);
    }
    return err({
      code: "CONFLICT",
      message: `Other daemons keep taking ${path}; wait a moment, then "memory daemon status".`,
    });
  } finally {
    unlinkQuietly(mine);
  }
}

/** Removes the abandoned lock with inode `ino`; a fresh lock moved by mistake goes back. */
export function setAside(path: string, ino: number): void {
  const aside = `${path}.stale.${process.pid}`;
  try {
    fs.renameSync(path, aside);
  } catch {
    return;
  }
  if (statQuietly(aside)?.ino !== ino) {
    // Another start replaced the abandoned lock between our look and the rename.
    try {
      fs.linkSync(aside, path);
    } catch {
      // A third start holds it now; ours will see it and wait.
    }
  }
  unlinkQuietly(aside);
}

/** Whether a process with `pid` runs (this user's or another's). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (cause) {
    // EPERM: alive, but another user's.
    return codeOf(cause) === "EPERM";
  }
}
