/**
 * What the `memory` client and its daemon say to each other over the daemon's socket: one
 * JSON object per line each way. Only commands that change nothing and read no stdin go to
 * the daemon, so a call it fails to answer can always be run again in-process.
 *
 * @module
 */

import { statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { PRIVATE_FOLDER } from "../../model/layout.js";
import { COMMANDS, commandsServedByDaemon } from "../commands/index.js";

/**
 * The commands a daemon answers: derived from the command registry, where each command says
 * whether it is read-only and whether the daemon serves it.
 */
export const SERVED_COMMANDS: ReadonlySet<string> = commandsServedByDaemon(COMMANDS);

/**
 * The longest request line a daemon reads (a served command's arguments are a few words): a
 * longer one is refused and its connection closed, and the client runs such a call itself.
 */
export const MAX_REQUEST_BYTES = 64 * 1024;

/** A request to the daemon, before the client adds its challenge. */
export type DaemonRequest =
  | {
      readonly kind: "run";
      /** The client's {@link buildStamp}: a daemon of another build must not answer. */
      readonly stamp: string;
      readonly argv: readonly string[];
      readonly cwd: string;
      /** The memory the client resolved the call to: a daemon serves its own root only. */
      readonly root: string;
    }
  | { readonly kind: "status" }
  | { readonly kind: "stop" };

/**
 * A request as sent: with a fresh random challenge, which the daemon answers with a proof
 * that it knows the secret of its card (see daemon-token.ts).
 */
export type ChallengedRequest = DaemonRequest & { readonly challenge: string };

/**
 * What the daemon answers. It first acknowledges every request at once (`accepted`), so a
 * client tells a daemon that is busy answering from one that cannot answer at all (stopped
 * with Ctrl-Z, say) within moments, then sends the reply proper.
 */
export type DaemonReply =
  | { readonly kind: "accepted"; readonly proof: string }
  | { readonly kind: "refused"; readonly reason: string }
  | {
      readonly kind: "ran";
      readonly stdout: string;
      readonly stderr: string;
      readonly exitCode: number;
    }
  | { readonly kind: "mismatch"; readonly stamp: string }
  | {
      readonly kind: "status";
      readonly pid: number;
      readonly root: string;
      readonly startedAt: number;
      readonly requests: number;
      readonly stamp: string;
      /** Started by a read call rather than by `memory daemon start` (absent from older builds). */
      readonly onDemand?: boolean;
      /** How long it waits for a call before it stops (absent from older builds). */
      readonly idleMs?: number;
    }
  | { readonly kind: "stopping"; readonly pid: number };

// Unix socket paths are limited to 108 bytes on Linux (104 on macOS), terminator included.
const MAX_SOCKET_PATH_BYTES = 103;

/**
 * Where the daemon of the memory at `root` listens: a socket in the memory's private folder,
 * so only who can reach the memory's files can reach it. Undefined where there can be none:
 * Windows (no Unix sockets there for this), or a root too deep for a socket path.
 *
 * @example
 * ```ts
 * daemonSocketPath("/home/me/notes"); // "/home/me/notes/.agent-memory/daemon.sock"
 * ```
 */
export function daemonSocketPath(root: string, platform = process.platform): string | undefined {
  if (platform === "win32") return undefined;
  const path = join(root, PRIVATE_FOLDER, "daemon.sock");
  return Buffer.byteLength(path) <= MAX_SOCKET_PATH_BYTES ? path : undefined;
}

/**
 * Which build of the CLI is running: the version-stamped file this code was loaded from and
 * its modification time. A rebuilt or upgraded CLI has another stamp, so it never gets
 * answers from a daemon still running the old code.
 */
export function buildStamp(): string {
  const file = fileURLToPath(import.meta.url);
  try {
    return `${file} ${statSync(file).mtimeMs}`;
  } catch {
    return file;
  }
}

/** One message as the line that carries it. */
export function encodeMessage(message: ChallengedRequest | DaemonReply): string {
  return `${JSON.stringify(message)}\n`;
}

/** A request line, or undefined when it is not one (a challenge is part of every request). */
export function decodeRequest(line: string): ChallengedRequest | undefined {
  const value = parseLine(line);
  if (value === undefined) return undefined;
  const { challenge } = value;
  if (typeof challenge !== "string" || !/^[0-9a-f]{16,128}$/.test(challenge)) return undefined;
  if (value["kind"] === "status" || value["kind"] === "stop")
    return { kind: value["kind"], challenge };
  const { stamp, argv, cwd, root } = value;
  if (
    value["kind"] !== "run" ||
    typeof stamp !== "string" ||
    typeof cwd !== "string" ||
    typeof root !== "string" ||
    !Array.isArray(argv) ||
    !argv.every((arg): arg is string => typeof arg === "string")
  ) {
    return undefined;
  }
  return { kind: "run", stamp, argv, cwd, root, challenge };
}

/** A reply line, or undefined when it is not one. */
export function decodeReply(line: string): DaemonReply | undefined {
  const value = parseLine(line);
  if (value === undefined) return undefined;
  const { kind, stdout, stderr, exitCode, stamp, pid, root, startedAt, requests, proof, reason } =
    value;
  const { onDemand, idleMs } = value;
  if (
    kind === "ran" &&
    typeof stdout === "string" &&
    typeof stderr === "string" &&
    typeof exitCode === "number"
  ) {
    return { kind, stdout, stderr, exitCode };
  }
  if (kind === "accepted" && typeof proof === "string") return { kind, proof };
  if (kind === "refused" && typeof reason === "string") return { kind, reason };
  if (kind === "mismatch" && typeof stamp === "string") return { kind, stamp };
  if (kind === "stopping" && typeof pid === "number") return { kind, pid };
  if (
    kind === "status" &&
    typeof pid === "number" &&
    typeof root === "string" &&
    typeof startedAt === "number" &&
    typeof requests === "number" &&
    typeof stamp === "string"
  ) {
    return {
      kind,
      pid,
      root,
      startedAt,
      requests,
      stamp,
      ...(typeof onDemand === "boolean" ? { onDemand } : {}),
      ...(typeof idleMs === "number" ? { idleMs } : {}),
    };
  }
  return undefined;
}

function parseLine(line: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(line);
    if (typeof value !== "object" || value === null || Array.isArray(value)) return undefined;
    return Object.fromEntries(Object.entries(value));
  } catch {
    return undefined;
  }
}
