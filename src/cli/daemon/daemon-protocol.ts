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

/**
 * The library's private folder (the model's PRIVATE_FOLDER, which a test holds equal): named
 * here because the client loads nothing but node's own modules before it knows whether a
 * daemon will answer, and the model's entry would bring the markdown parser with it.
 */
export const PRIVATE_FOLDER = ".agent-memory";

/** The commands a daemon answers: read-only, no stdin. */
export const SERVED_COMMANDS: ReadonlySet<string> = new Set([
  "show",
  "list",
  "recent",
  "search",
  "links",
  "orphans",
  "broken",
]);

/** A request to the daemon. */
export type DaemonRequest =
  | {
      readonly kind: "run";
      /** The client's {@link buildStamp}: a daemon of another build must not answer. */
      readonly stamp: string;
      readonly argv: readonly string[];
      readonly cwd: string;
    }
  | { readonly kind: "status" }
  | { readonly kind: "stop" };

/**
 * What the daemon answers. It first acknowledges every request at once (`accepted`), so a
 * client tells a daemon that is busy answering from one that cannot answer at all (stopped
 * with Ctrl-Z, say) within moments, then sends the reply proper.
 */
export type DaemonReply =
  | { readonly kind: "accepted" }
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
export function encodeMessage(message: DaemonRequest | DaemonReply): string {
  return `${JSON.stringify(message)}\n`;
}

/** A request line, or undefined when it is not one. */
export function decodeRequest(line: string): DaemonRequest | undefined {
  const value = parseLine(line);
  if (value === undefined) return undefined;
  if (value["kind"] === "status" || value["kind"] === "stop") return { kind: value["kind"] };
  const { stamp, argv, cwd } = value;
  if (
    value["kind"] !== "run" ||
    typeof stamp !== "string" ||
    typeof cwd !== "string" ||
    !Array.isArray(argv) ||
    !argv.every((arg): arg is string => typeof arg === "string")
  ) {
    return undefined;
  }
  return { kind: "run", stamp, argv, cwd };
}

/** A reply line, or undefined when it is not one. */
export function decodeReply(line: string): DaemonReply | undefined {
  const value = parseLine(line);
  if (value === undefined) return undefined;
  const { kind, stdout, stderr, exitCode, stamp, pid, root, startedAt, requests } = value;
  if (
    kind === "ran" &&
    typeof stdout === "string" &&
    typeof stderr === "string" &&
    typeof exitCode === "number"
  ) {
    return { kind, stdout, stderr, exitCode };
  }
  if (kind === "accepted") return { kind };
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
    return { kind, pid, root, startedAt, requests, stamp };
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
