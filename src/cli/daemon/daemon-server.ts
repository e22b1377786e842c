/**
 * The daemon: one long-lived process per memory that keeps the note tier open in watch mode
 * and answers the read-only commands of `memory` clients over a Unix socket. A client's call
 * then costs node's start-up and a round trip instead of a look at every note.
 *
 * Freshness: the watcher reports every change under the note folders, and each request first
 * waits for the watcher's cookie, so an edit made before the call is in the answer.
 *
 * @module
 */

import * as fs from "node:fs";
import { createServer, type Socket } from "node:net";
import { resolve } from "node:path";
import { err, ok, type Result } from "neverthrow";
import { watchMemoryFiles } from "../../adapters/index.js";
import type { CliIo } from "../framework/cli-io.js";
import { openNotesAt, type OpenedNotes } from "../framework/open-memory.js";
import { ROOT_VARIABLE } from "../framework/root-variable.js";
import { runCli } from "../framework/run-cli.js";
import {
  buildStamp,
  daemonSocketPath,
  decodeRequest,
  encodeMessage,
  MAX_REQUEST_BYTES,
  SERVED_COMMANDS,
  type DaemonReply,
  type DaemonRequest,
} from "./daemon-protocol.js";
import {
  alreadyServing,
  claimSocket,
  noSocketFailure,
  type DaemonFailure,
} from "./daemon-socket.js";
import { busyMarker } from "./daemon-busy.js";
import { newToken, proofOf } from "./daemon-token.js";

/** Options of {@link startDaemon}. */
export interface DaemonOptions {
  /** The memory root, absolute. */
  readonly root: string;
  /** The daemon stops after this long without a request. */
  readonly idleMs: number;
  /** Where the daemon says what it does (start, stop, a watcher failure). */
  readonly log: (line: string) => void;
  /** Started by a read call (on-demand-start.ts), not asked for: its status says so. */
  readonly onDemand?: boolean;
}

/** A running daemon. */
export interface RunningDaemon {
  readonly socketPath: string;
  /** Resolves when the daemon has stopped (idle, asked to, a watcher failure, a signal). */
  readonly stopped: Promise<void>;
  stop(why: string): void;
}

const SIGNALS = ["SIGTERM", "SIGINT", "SIGHUP"] as const;
/**
 * For tests only: the daemon's warm-up blocks its event loop this many ms more, as loading
 * 100,000 notes does, so a test can make a daemon that is slow to load with a small memory.
 */
export const SLOW_LOAD_TEST_VARIABLE = "AGENT_MEMORY_TEST_DAEMON_LOAD_MS";
const OWNERSHIP_CHECK_MS = 10_000;

/**
 * Opens the memory at `root` and serves it until idle for `options.idleMs` or asked to stop.
 * Refuses when another daemon answers on the memory's socket.
 *
 * @example
 * ```ts
 * const daemon = await startDaemon({ root, idleMs: 30 * 60_000, log: (line) => io.stderr(`${line}\n`) });
 * if (daemon.isOk()) await daemon.value.stopped;
 * ```
 */
export async function startDaemon(
  options: DaemonOptions,
): Promise<Result<RunningDaemon, DaemonFailure>> {
  const { root, log } = options;
  const socketPath = daemonSocketPath(root);
  if (socketPath === undefined) return err(noSocketFailure(root));
  const running = await alreadyServing(socketPath, root);
  if (running !== undefined) return err(running);
  const held: { notes?: OpenedNotes; watcherFailure?: string } = {};
  let stop: (why: string) => void = ignore;
  const watcher = watchMemoryFiles({
    fs,
    root,
    onChange: () => held.notes?.memory.filesChanged(),
    // A daemon that cannot trust its watcher would have to look at every file per call,
    // which is what running in-process does: it steps aside.
    onError: (error) => {
      held.watcherFailure = error.message;
      stop(error.message);
    },
  });
  if (watcher.isErr()) return err({ code: "DAEMON", message: watcher.error.message });
  const openedAt = performance.now();
  held.notes = await openNotesAt(root, {
    mode: "watch",
    maxMs: 60_000,
    settled: () => watcher.value.settled(),
  });
  const notes = held.notes;
  // What a cold call costs in-process, roughly: clients scale how long they wait by it.
  const openMs = Math.round(performance.now() - openedAt);
  const token = newToken();
  const busy = busyMarker(socketPath, token);
  const stamp = buildStamp();
  const startedAt = Date.now();
  let requests = 0;
  let idle: ReturnType<typeof setTimeout> | undefined;
  const connections = new Set<Socket>();
  const onSignal = (signal: NodeJS.Signals): void => stop(`${signal} received`);
  const answer = async (request: DaemonRequest): Promise<DaemonReply> => {
    if (request.kind === "status") {
      return {
        kind: "status",
        pid: process.pid,
        root,
        startedAt,
        requests,
        stamp,
        onDemand: options.onDemand === true,
        idleMs: options.idleMs,
      };
    }
    if (request.kind === "stop") return { kind: "stopping", pid: process.pid };
    if (request.stamp !== stamp) return { kind: "mismatch", stamp };
    const elsewhere = otherRoot(request, notes.root);
    if (elsewhere !== undefined) {
      return { kind: "refused", reason: `this daemon serves ${notes.root} only, not ${elsewhere}` };
    }
    requests++;
    restartIdle();
    return busy.during(() => runHeld(request.argv, request.cwd, notes));
  };
  const server = createServer((socket) => {
    connections.add(socket);
    socket.on("close", () => connections.delete(socket));
    serveConnection(socket, token, answer, (why) => stop(why));
  });
  const claimed =
    held.watcherFailure === undefined
      ? await claimSocket(server, socketPath, root, {
          token,
          pid: process.pid,
          openMs,
        })
      : undefined;
  // The watcher may also have failed while the socket was being claimed.
  if (claimed === undefined || claimed.isErr() || held.watcherFailure !== undefined) {
    if (claimed?.isOk() === true) claimed.value.release();
    watcher.value.close();
    server.close();
    for (const socket of connections) socket.destroy();
    return err(
      claimed?.isErr() === true
        ? claimed.error
        : { code: "DAEMON", message: held.watcherFailure ?? "The file watcher stopped." },
    );
  }
  const stopped = new Promise<void>((done) => {
    stop = (why) => {
      stop = ignore;
      clearTimeout(idle);
      clearInterval(ownership);
      for (const signal of SIGNALS) process.off(signal, onSignal);
      watcher.value.close();
      busy.clear();
      claimed.value.release();
      server.close();
      // A client that never closes its end must not keep the process alive.
      for (const socket of connections) socket.destroy();
      log(`memory daemon for ${root} stopped: ${why}`);
      done();
    };
  });
  const restartIdle = (): void => {
    clearTimeout(idle);
    idle = setTimeout(
      () => stop(`idle for ${Math.round(options.idleMs / 1000)} s`),
      options.idleMs,
    );
    idle.unref();
  };
  restartIdle();
  // Two starts can, in rare races (a start held up past the lock's stale age), both listen;
  // the one whose socket was renamed over would serve nobody: it stops.
  const ownership = setInterval(() => {
    if (!claimed.value.owns()) stop("another daemon took over its socket");
  }, OWNERSHIP_CHECK_MS);
  ownership.unref();
  for (const signal of SIGNALS) process.on(signal, onSignal);
  log(
    `memory daemon (pid ${process.pid}) serving ${root} on ${socketPath}` +
      `${options.onDemand === true ? ", started on demand" : ""}; stops after ${Math.round(options.idleMs / 1000)} s idle`,
  );
  const { replaced } = claimed.value;
  if (replaced !== undefined) log(`replaced daemon pid ${replaced}, which missed its deadline`);
  // The notes are loaded now, in the busy state, rather than by the first call after its
  // deadline: calls made meanwhile wait for the load instead of replacing the daemon.
  void busy.during(() => warmUp(notes, log));
  return ok({ socketPath, stopped, stop: (why) => stop(why) });
}

/**
 * Loads every note's facts and the search index (what list, links and search start from); a
 * failure is logged.
 */
async function warmUp(notes: OpenedNotes, log: (line: string) => void): Promise<void> {
  const started = performance.now();
  const slowMs = Number(process.env[SLOW_LOAD_TEST_VARIABLE] ?? "");
  if (Number.isFinite(slowMs) && slowMs > 0)
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, slowMs);
  const warmed = await notes.memory.warmUp();
  if (warmed.isErr()) log(`memory daemon could not load the notes: ${warmed.error.message}`);
  else
    log(
      `memory daemon loaded ${warmed.value.notes} notes in ${Math.round(performance.now() - started)} ms`,
    );
}

/** Runs a served command in-process against the held memory, capturing what it prints. */
async function runHeld(
  argv: readonly string[],
  cwd: string,
  notes: OpenedNotes,
): Promise<DaemonReply> {
  // The client sends only served commands; anything else is refused, never run here.
  if (!SERVED_COMMANDS.has(argv[0] ?? "")) {
    return {
      kind: "ran",
      stdout: "",
      stderr: "memory: the daemon does not run this command\n",
      exitCode: 2,
    };
  }
  let stdout = "";
  let stderr = "";
  const held = folderIdentity(notes.root);
  const io: CliIo = {
    // The client resolved --root and AGENT_MEMORY_ROOT to this memory's socket.
    env: { [ROOT_VARIABLE]: notes.root },
    cwd,
    stdout: (text) => {
      stdout += text;
    },
    stderr: (text) => {
      stderr += text;
    },
    readStdin: async () => undefined,
    // The same folder by another name (a symlink, another letter case on macOS) is this memory.
    heldNotes: (root) =>
      root === notes.root || (held !== undefined && folderIdentity(root) === held)
        ? notes
        : undefined,
  };
  const exitCode = await runCli(argv, io);
  return { kind: "ran", stdout, stderr, exitCode };
}

/**
 * Reads one request line from a connection, proves the daemon's identity for its challenge,
 * and writes the reply. A line longer than {@link MAX_REQUEST_BYTES} is refused and the
 * connection closed; the daemon goes on serving others.
 */
function serveConnection(
  socket: Socket,
  token: string,
  answer: (request: DaemonRequest) => Promise<DaemonReply>,
  stop: (why: string) => void,
): void {
  let text = "";
  socket.setEncoding("utf8");
  socket.on("error", () => socket.destroy());
  socket.on("data", (chunk: string) => {
    text += chunk;
    const end = text.indexOf("\n");
    if (end < 0) {
      if (Buffer.byteLength(text) > MAX_REQUEST_BYTES) {
        socket.removeAllListeners("data");
        socket.end(encodeMessage({ kind: "refused", reason: "request line too long" }));
        text = "";
      }
      return;
    }
    socket.removeAllListeners("data");
    const request = end > MAX_REQUEST_BYTES ? undefined : decodeRequest(text.slice(0, end));
    text = "";
    if (request === undefined) {
      socket.end();
      return;
    }
    socket.write(encodeMessage({ kind: "accepted", proof: proofOf(token, request.challenge) }));
    answer(request).then(
      (reply) => {
        socket.end(encodeMessage(reply));
        // A client of another build means the CLI was rebuilt or upgraded: this one is stale.
        if (reply.kind === "stopping") stop("asked to stop");
        if (reply.kind === "mismatch") stop("a client of another build called");
      },
      // No reply: the client runs the call in-process, which is always safe for a read.
      () => socket.destroy(),
    );
  });
}

function ignore(): void {
  // Before the daemon runs, and once it has stopped, stopping does nothing.
}

/**
 * The root a run request names that is not `own`, else undefined: the root the client
 * resolved, and every `--root` on its line (resolved against its folder).
 */
function otherRoot(
  request: Extract<DaemonRequest, { kind: "run" }>,
  own: string,
): string | undefined {
  const named = [request.root];
  for (let at = 0; at < request.argv.length; at++) {
    const arg = request.argv[at] ?? "";
    if (arg.startsWith("--root=")) named.push(arg.slice("--root=".length));
    else if (arg === "--root") named.push(request.argv[++at] ?? "");
  }
  const ownIdentity = folderIdentity(own);
  for (const root of named) {
    const path = resolve(request.cwd, root);
    if (path === own) continue;
    if (ownIdentity === undefined || folderIdentity(path) !== ownIdentity) return path;
  }
  return undefined;
}

function folderIdentity(path: string): string | undefined {
  try {
    const stats = fs.statSync(path);
    return `${stats.dev}:${stats.ino}`;
  } catch {
    return undefined;
  }
}
