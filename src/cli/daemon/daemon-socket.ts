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
import { messageOf } from "../../shared/message-of.js";
import { readQuietly, statQuietly, unlinkQuietly } from "./quiet-files.js";
import { exchangeWith, QUICK } from "./socket-exchange.js";
import { takeStartLock } from "./start-lock.js";
import { writeCard } from "./daemon-card-write.js";
import { cardPathOf, readCard, removeCard, type DaemonCard } from "./daemon-token.js";

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
  /** The pid of a daemon that held the socket but missed its deadline, ended on the way in. */
  readonly replaced?: number;
}

/** What listens on a daemon socket: a daemon that answers, one that is late, or none. */
type Listener =
  | { readonly kind: "serving"; readonly pid: number }
  | { readonly kind: "late"; readonly pid: number }
  | { readonly kind: "none" };

async function probe(socketPath: string): Promise<Listener> {
  const card = readCard(cardPathOf(socketPath));
  if (card === undefined) return { kind: "none" };
  const outcome = await exchangeWith(socketPath, card, { kind: "status" }, QUICK);
  if (outcome.kind === "reply" && outcome.reply.kind === "status")
    return { kind: "serving", pid: outcome.reply.pid };
  return outcome.kind === "late" ? { kind: "late", pid: card.pid } : { kind: "none" };
}

/** The refusal when a daemon answers on `socketPath`, else undefined. */
export async function alreadyServing(
  socketPath: string,
  root: string,
): Promise<DaemonFailure | undefined> {
  const running = await probe(socketPath);
  if (running.kind !== "serving") return undefined;
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
  card: DaemonCard,
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
    const running = await probe(socketPath);
    if (running.kind === "serving") {
      return err({
        code: "CONFLICT",
        message: `A daemon (pid ${running.pid}) already serves ${root}; stop it with "memory daemon stop".`,
      });
    }
    // Short, so that it fits wherever the shared name does.
    const own = join(folder, `${process.pid.toString(36)}.sock`);
    unlinkQuietly(own);
    const listening = await listen(server, own);
    if (listening.isErr()) return err(listening.error);
    // The card first: a client that finds the new socket must find the secret it proves.
    const cardPath = cardPathOf(socketPath);
    const published = writeCard(cardPath, card);
    if (published.isErr()) return err({ code: "DAEMON", message: published.error });
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
    const replaced =
      running.kind === "late" && running.pid !== process.pid && endLate(running.pid)
        ? running.pid
        : undefined;
    return ok({
      ...(replaced === undefined ? {} : { replaced }),
      owns,
      release: () => {
        if (owns()) unlinkQuietly(socketPath);
        removeCard(cardPath, card.token);
      },
    });
  } finally {
    lock.value();
  }
}

/**
 * Ends a daemon that holds the socket but does not answer. It serves reads only, so nothing
 * is lost; SIGKILL because a stopped or wedged process never runs its signal handlers.
 */
function endLate(pid: number): boolean {
  // Where the system says what a pid runs, a pid reused by another program is left alone.
  const commandLine = readQuietly(`/proc/${pid}/cmdline`);
  if (fs.existsSync("/proc/self/cmdline") && !commandLine.includes("daemon")) return false;
  try {
    process.kill(pid, "SIGKILL");
    return true;
  } catch {
    return false;
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
