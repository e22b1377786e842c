/**
 * Launching the daemon as a detached process: what `memory daemon start` waits on and what a
 * session-start hook fires and forgets. A daemon of the same build already answering is left
 * alone; one of another build (the CLI was upgraded or rebuilt) is asked to stop first, since
 * it would turn every call away.
 *
 * @module
 */

import { spawn, type ChildProcess } from "node:child_process";
import { closeSync, existsSync, fstatSync, mkdirSync, openSync } from "node:fs";
import { dirname, join } from "node:path";
import { err, ok, type Result } from "neverthrow";
import type { CliIo } from "../framework/cli-io.js";
import { messageOf } from "../../shared/message-of.js";
import { PRIVATE_FOLDER } from "../../model/layout.js";
import { buildStamp, daemonSocketPath } from "./daemon-protocol.js";
import { noSocketFailure, type DaemonFailure } from "./daemon-socket.js";
import { exchange, QUICK } from "./socket-exchange.js";
import { forgetLate } from "./daemon-late.js";

/** What a launch found or did. */
export type DaemonLaunch =
  | { readonly kind: "running"; readonly pid: number; readonly socketPath: string }
  | {
      readonly kind: "spawned";
      readonly child: ChildProcess;
      readonly socketPath: string;
      /** The daemon's log, and where this launch's lines begin in it. */
      readonly logPath: string;
      readonly logFrom: number;
    };

/**
 * Starts `memory daemon run` for `root` detached, logging to `.agent-memory/daemon.log`, unless
 * a daemon of this build answers already. Does not wait for the new daemon to answer.
 *
 * @example
 * ```ts
 * const launched = await launchDaemon(root, io, 30 * 60_000);
 * if (launched.isOk() && launched.value.kind === "spawned") launched.value.child.unref();
 * ```
 */
export async function launchDaemon(
  root: string,
  io: CliIo,
  idleMs: number,
): Promise<Result<DaemonLaunch, DaemonFailure>> {
  const socketPath = daemonSocketPath(root);
  if (socketPath === undefined) return err(noSocketFailure(root));
  const [command, ...args] = io.executable ?? [];
  if (command === undefined) {
    return err({
      code: "DAEMON",
      message:
        'This process does not know the command line that runs the CLI; run "memory daemon run" under a service manager instead.',
    });
  }
  const running = await replaceOtherBuild(socketPath);
  if (running !== undefined) return ok({ kind: "running", pid: running, socketPath });
  const logPath = join(root, PRIVATE_FOLDER, "daemon.log");
  const log = openLog(logPath);
  if (log.isErr()) return err(log.error);
  const minutes = String(idleMs / 60_000);
  let child: ChildProcess;
  try {
    child = spawn(command, [...args, "daemon", "run", "--root", root, "--idle-minutes", minutes], {
      cwd: root,
      env: { ...io.env },
      detached: true,
      stdio: ["ignore", log.value.fd, log.value.fd],
    });
  } catch (cause) {
    // Some failures (ENOTDIR, EINVAL) are thrown rather than emitted.
    return err({ code: "DAEMON", message: `Could not run ${command}: ${messageOf(cause)}.` });
  } finally {
    closeSync(log.value.fd);
  }
  if (child.pid === undefined) {
    // Not started (ENOENT, EACCES): the reason comes as an "error" event.
    const cause = await new Promise<unknown>((done) => child.once("error", done));
    return err({ code: "DAEMON", message: `Could not run ${command}: ${messageOf(cause)}.` });
  }
  // A failure after it started is seen by the caller's look for the daemon.
  child.on("error", () => undefined);
  return ok({ kind: "spawned", child, socketPath, logPath, logFrom: log.value.from });
}

/**
 * The pid of the daemon of this build answering on `socketPath`, if any; a daemon of another
 * build (the CLI was upgraded or rebuilt) is asked to stop, and its socket waited on for up to
 * 5 s, so a new one can take its place.
 */
export async function replaceOtherBuild(socketPath: string): Promise<number | undefined> {
  const running = await exchange(socketPath, { kind: "status" }, QUICK);
  if (running?.kind === "status" && running.stamp === buildStamp()) {
    // It answers in time: a call that found it late (it was starved, not stuck) was wrong.
    forgetLate(socketPath);
    return running.pid;
  }
  if (running?.kind === "status") {
    await exchange(socketPath, { kind: "stop" }, QUICK);
    const until = Date.now() + 5_000;
    while (existsSync(socketPath) && Date.now() < until) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
  return undefined;
}

/**
 * Opens the daemon's log for appending (earlier runs stay readable), creating the private
 * folder when needed, and says where this run's lines begin.
 */
function openLog(logPath: string): Result<{ fd: number; from: number }, DaemonFailure> {
  try {
    mkdirSync(dirname(logPath), { recursive: true });
    const fd = openSync(logPath, "a", 0o600);
    return ok({ fd, from: fstatSync(fd).size });
  } catch (cause) {
    return err({
      code: "DAEMON",
      message: `Could not open ${logPath} (${messageOf(cause)}); the daemon needs to write in the memory's .agent-memory folder.`,
    });
  }
}
