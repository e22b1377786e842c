/**
 * The daemon's identity card, `.agent-memory/daemon.token`: a random secret, the daemon's pid
 * and what a cold in-process call costs on this memory, in an owner-only file. Whatever
 * listens on the socket must prove it knows the secret (an HMAC of the client's challenge)
 * before the client believes a word of it, so a stray or forged listener on
 * `.agent-memory/daemon.sock` is never taken for the memory's daemon.
 *
 * @module
 */

import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import * as fs from "node:fs";
import { dirname, join } from "node:path";
import { readQuietly, unlinkQuietly } from "./quiet-files.js";

/** What a daemon publishes about itself. */
export interface DaemonCard {
  /** The shared secret, hex. */
  readonly token: string;
  readonly pid: number;
  /** How long the daemon took to open the memory: about what an in-process call costs. */
  readonly openMs: number;
}

/** The card's file beside the socket. */
export function cardPathOf(socketPath: string): string {
  return join(dirname(socketPath), "daemon.token");
}

/** A fresh secret for a daemon about to listen. */
export function newToken(): string {
  return randomBytes(32).toString("hex");
}

/** A fresh challenge for one exchange. */
export function newChallenge(): string {
  return randomBytes(16).toString("hex");
}

/** What proves knowledge of `token` for `challenge`. */
export function proofOf(token: string, challenge: string): string {
  return createHmac("sha256", token).update(challenge).digest("hex");
}

/** Whether `proof` answers `challenge` for `token` (in constant time). */
export function proves(token: string, challenge: string, proof: string): boolean {
  const expected = Buffer.from(proofOf(token, challenge));
  const given = Buffer.from(proof);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * The card at `path`, or undefined when there is none worth trusting: missing, malformed,
 * owned by another user, or readable by anyone but its owner (then others may know the
 * secret too).
 */
export function readCard(path: string): DaemonCard | undefined {
  try {
    const stats = fs.statSync(path);
    if ((stats.mode & 0o077) !== 0) return undefined;
    if (process.getuid !== undefined && stats.uid !== process.getuid()) return undefined;
  } catch {
    return undefined;
  }
  return parseCard(readQuietly(path));
}

/** Removes the card if it is still the one holding `token`. */
export function removeCard(path: string, token: string): void {
  if (parseCard(readQuietly(path))?.token === token) unlinkQuietly(path);
}

function parseCard(text: string): DaemonCard | undefined {
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== "object" || value === null) return undefined;
    const { token, pid, openMs } = value as Record<string, unknown>;
    if (typeof token !== "string" || !/^[0-9a-f]{64}$/.test(token)) return undefined;
    if (typeof pid !== "number" || !Number.isInteger(pid) || pid <= 0) return undefined;
    if (typeof openMs !== "number" || !Number.isFinite(openMs) || openMs < 0) return undefined;
    return { token, pid, openMs };
  } catch {
    return undefined;
  }
}
