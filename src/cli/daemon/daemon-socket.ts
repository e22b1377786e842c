/**
 * The daemon's socket file: claimed under a start lock so that two daemons starting at once
 * (two session hooks after a reboot) never both listen, replacing only a socket no daemon
 * answers on, and removed at the end only while it is still the one this daemon made.
 *
 * @module
 */

import * as fs from "node:fs";
import type { Server } from "node:net";
import { dirname, join } from "node:path";
import { err, ok, type Result } from "neverthrow";
import { messageOf } from "../framework/message-of.js";
import { statQuietly, unlinkQuietly } from "./quiet-files.js";
import { exchange, QUICK } from "./socket-exchange.js";
import { takeStartLock } from "./start-lock.js";

/** Why a daemon did not start: another serves the root, or it cannot run here. */
export interface DaemonFailure {
  readonly code: "CONFLICT" | "DAEMON";
  readonly message: string;
}

/** Why the memory at `root` can have no daemon socket (see `daemonSocketPath`). */
export function noSocketFailure(root: string): DaemonFailure {
  return {
    code: "DAEMON",
    message:
      process.platform === "win32"
        ? "The daemon listens on a Unix socket, which it does not use on Windows; every call runs in-process there."
        : `The memory root ${root} is too deep for a Unix socket path (about 100 bytes with .agent-memory/daemon.sock); move the memory higher up, or let calls run in-process.`,
  };
}

/** A socket this daemon listens on. */
export interface ClaimedSocket {
  /** Whether the socket file is still this daemon's (another start may have replaced it). */
  owns(): boolean;
  /** Removes the socket file if it is still this daemon's. */
  release(): void;
}

/** The refusal when a daemon answers on `socketPath`, else undefined. */
export async function alreadyServing(
  socketPath: string,
  root: string,
): Promise<DaemonFailure | undefined> {
  const running = await exchange(socketPath, { kind: "status" }, QUICK);
  if (running?.kind !== "status") return undefined;
  return {
    code: "CONFLICT",
    message: `A daemon (pid ${running.pid}) already serves ${root}; stop it with "memory daemon stop".`,
  };
}

/**
 * Makes `server` listen on `socketPath` (in the memory's private folder, created if needed),
 * replacing a socket file no daemon answers on.
 *
 * The server listens on a name of its own and the socket is then renamed into place: closing
 * a server unlinks the path it listened on, and that path must never be the shared one, which
 * by then may be another daemon's.
 */
export async function claimSocket(
  server: Server,
  socketPath: string,
  root: string,
): Promise<Result<ClaimedSocket, DaemonFailure>> {
  const folder = dirname(socketPath);
  try {
    fs.mkdirSync(folder, { recursive: true });
  } catch (cause) {
    return err({ code: "DAEMON", message: `Could not create ${folder}: ${messageOf(cause)}.` });
  }
  const lock = takeStartLock(join(folder, "daemon.lock"), root);
  if (lock.isErr()) return err(lock.error);
  try {
    const running = await alreadyServing(socketPath, root);
    if (running !== undefined) return err(running);
    // Short, so that it fits wherever the shared name does.
    const own = join(folder, `${process.pid.toString(36)}.sock`);
    unlinkQuietly(own);
    const listening = await listen(server, own);
    if (listening.isErr()) return err(listening.error);
    // Nothing answers on the shared name: a file a dead daemon left (kill -9, a reboot) is
    // replaced in one step.
    try {
      fs.renameSync(own, socketPath);
    } catch (cause) {
      return err({
        code: "DAEMON",
        message: `Could not move the socket to ${socketPath}: ${messageOf(cause)}.`,
      });
    }
    const ino = statQuietly(socketPath)?.ino;
    if (ino === undefined) {
      return err({ code: "DAEMON", message: `The socket ${socketPath} went away as it was made.` });
    }
    const owns = (): boolean => statQuietly(socketPath)?.ino === ino;
    return ok({
      owns,
      release: () => {
        if (owns()) unlinkQuietly(socketPath);
      },
    });
  } finally {
    lock.value();
  }
}

function listen(server: Server, socketPath: string): Promise<Result<void, DaemonFailure>> {
  return new Promise((done) => {
    server.once("error", (cause: Error) => {
      done(
        err({ code: "DAEMON", message: `Could not listen on ${socketPath}: ${cause.message}.` }),
      );
    });
    // Only the owner may connect: the socket is created owner-only (the umask covers the
    // moment between its creation and the chmod), on top of the folder's own permissions.
    const umask = process.umask(0o077);
    try {
      server.listen(socketPath, () => {
        fs.chmod(socketPath, 0o600, () => done(ok(undefined)));
      });
    } finally {
      process.umask(umask);
    }
  });
}
