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
import { exchange, QUICK } from "./socket-exchange.js";

/** Why a daemon did not start: another serves the root, or it cannot run here. */
export interface DaemonFailure {
  readonly code: "CONFLICT" | "DAEMON";
  readonly message: string;
}

/** A socket this daemon listens on. */
export interface ClaimedSocket {
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
 */
export async function claimSocket(
  server: Server,
  socketPath: string,
  root: string,
): Promise<Result<ClaimedSocket, DaemonFailure>> {
  fs.mkdirSync(dirname(socketPath), { recursive: true });
  const lock = takeStartLock(join(dirname(socketPath), "daemon.lock"), root);
  if (lock.isErr()) return err(lock.error);
  try {
    const running = await alreadyServing(socketPath, root);
    if (running !== undefined) return err(running);
    // Nothing answers there: a file a dead daemon left (kill -9, a reboot) goes.
    unlinkQuietly(socketPath);
    const listening = await listen(server, socketPath);
    if (listening.isErr()) return err(listening.error);
    const ino = fs.statSync(socketPath).ino;
    return ok({
      release: () => {
        const now = statQuietly(socketPath);
        if (now !== undefined && now.ino === ino) unlinkQuietly(socketPath);
      },
    });
  } finally {
    lock.value();
  }
}

/** Creates the start lock (O_EXCL); a lock whose process is gone is taken over once. */
function takeStartLock(path: string, root: string): Result<() => void, DaemonFailure> {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(path, String(process.pid), { flag: "wx" });
      return ok(() => unlinkQuietly(path));
    } catch (cause) {
      const holder = Number.parseInt(readQuietly(path), 10);
      if (!(cause instanceof Error && "code" in cause && cause.code === "EEXIST")) break;
      if (Number.isInteger(holder) && holder !== process.pid && isAlive(holder)) {
        return err({
          code: "CONFLICT",
          message: `A daemon (pid ${holder}) is starting for ${root}; wait a moment, then "memory daemon status".`,
        });
      }
      unlinkQuietly(path);
    }
  }
  return err({
    code: "DAEMON",
    message: `Could not create ${path}: check the folder's permissions.`,
  });
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

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (cause) {
    // EPERM: alive, but another user's.
    return cause instanceof Error && "code" in cause && cause.code === "EPERM";
  }
}

function statQuietly(path: string): fs.Stats | undefined {
  try {
    return fs.statSync(path);
  } catch {
    return undefined;
  }
}

function readQuietly(path: string): string {
  try {
    return fs.readFileSync(path, "utf8");
  } catch {
    return "";
  }
}

function unlinkQuietly(path: string): void {
  try {
    fs.unlinkSync(path);
  } catch {
    // Already gone.
  }
}
