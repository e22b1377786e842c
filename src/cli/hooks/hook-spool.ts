/**
 * The durable record of a queueing hook (SessionEnd, PreCompact, Stop, Codex notify): its
 * payload, written to `<root>/.agent-memory/hook-spool/` as soon as it is read and removed
 * once the hook has queued the session (or found it already queued). A hook that runs out of
 * time leaves its record, and the next hook, `consolidate`, `sync` or `doctor` queues it, so a
 * session is never dropped because its hook was slow.
 *
 * @module
 */

import { randomBytes } from "node:crypto";
import { mkdir, readdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { PRIVATE_FOLDER } from "../../model/index.js";
import type { Memory } from "../../index.js";
import type { CliIo } from "../framework/cli-io.js";
import { logHook } from "./hook-log.js";

/** The folder of hook records, relative to the memory root. */
export const HOOK_SPOOL = `${PRIVATE_FOLDER}/hook-spool`;

/** A hook payload is a few hundred bytes; anything this large is not one. */
export const MAX_HOOK_PAYLOAD_CHARS = 256 * 1024;

/** Records drained per call: a backlog is worked off over a few calls, never in one hook. */
const DRAIN_BATCH = 100;

/** What a record holds: enough to run the hook again later. */
interface HookRecord {
  readonly harness: string;
  readonly event: string;
  readonly payload: string;
  /** The variables the handler reads (CODEX_HOME, HOME for Codex notify). */
  readonly env: Readonly<Record<string, string>>;
  readonly at: string;
}

/**
 * Writes the record of one hook run and resolves to its path (undefined when the root cannot
 * be written: the hook then runs without one, as before). Written under a temporary name and
 * renamed, so a record is whole or absent.
 *
 * @example
 * ```ts
 * const record = await spoolHook(root, { harness: "claude-code", event: "session-end", payload, env });
 * ```
 */
export async function spoolHook(
  root: string,
  record: Omit<HookRecord, "at">,
): Promise<string | undefined> {
  const folder = join(root, HOOK_SPOOL);
  const name = `${Date.now()}-${process.pid}-${randomBytes(4).toString("hex")}`;
  const path = join(folder, `${name}.json`);
  const part = join(folder, `.${name}.part`);
  try {
    await mkdir(folder, { recursive: true, mode: 0o700 });
    const text = JSON.stringify({ ...record, at: new Date().toISOString() } satisfies HookRecord);
    await writeFile(part, text, { encoding: "utf8", mode: 0o600, flag: "wx" });
    await rename(part, path);
    return path;
  } catch {
    await rm(part, { force: true }).catch(() => undefined);
    return undefined;
  }
}

/**
 * Removes a record once its hook is done with it; a record another process drained first is
 * already gone, which is fine.
 */
export async function unspoolHook(path: string | undefined): Promise<void> {
  if (path !== undefined) await rm(path, { force: true }).catch(() => undefined);
}

/**
 * Runs the hooks whose records are waiting (oldest first, at most DRAIN_BATCH, until
 * `deadline`), logging each outcome; a record whose hook is done (queued, already pending, or
 * refused for good) is removed, one that failed for a passing reason stays for next time.
 * Resolves to how many records were done.
 *
 * @example
 * ```ts
 * const drained = await drainHookSpool(memory, root, io);
 * ```
 */
export async function drainHookSpool(
  memory: Memory,
  root: string,
  io: CliIo,
  deadline = Number.POSITIVE_INFINITY,
): Promise<number> {
  const folder = join(root, HOOK_SPOOL);
  const names = (await readdir(folder).catch(() => []))
    .filter((name) => name.endsWith(".json") && !name.startsWith("."))
    .toSorted((a, b) => recordTime(a) - recordTime(b) || (a < b ? -1 : 1))
    .slice(0, DRAIN_BATCH);
  if (names.length === 0) return 0;
  const { HOOKS } = await import("./session-hooks.js");
  let done = 0;
  for (const name of names) {
    if (Date.now() > deadline) break;
    const path = join(folder, name);
    const record = parseRecord(await readFile(path, "utf8").catch(() => undefined));
    const hook = record === undefined ? undefined : `${record.harness} ${record.event}`;
    const handler = record === undefined ? undefined : HOOKS[record.harness]?.[record.event];
    if (record === undefined || handler === undefined) {
      await logHook(root, io, hook ?? "spooled", "failed", `unusable hook record ${name}: removed`);
      await unspoolHook(path);
      done++;
      continue;
    }
    const outcome = await handler(memory, {
      harness: record.harness,
      payload: record.payload,
      env: record.env,
      budget: 0,
    }).catch((cause: unknown) => ({
      outcome: "failed" as const,
      detail: `unexpected: ${String(cause)}`,
      retry: true,
    }));
    await logHook(
      root,
      io,
      `${hook ?? ""} (recorded ${record.at})`,
      outcome.outcome,
      outcome.detail,
    );
    if (outcome.retry === true) continue;
    await unspoolHook(path);
    done++;
  }
  return done;
}

/**
 * How many hook records wait in the spool (for `doctor`).
 *
 * @example
 * ```ts
 * const waiting = await spooledHooks(root);
 * ```
 */
export async function spooledHooks(root: string): Promise<number> {
  const names = await readdir(join(root, HOOK_SPOOL)).catch(() => []);
  return names.filter((name) => name.endsWith(".json") && !name.startsWith(".")).length;
}

function recordTime(name: string): number {
  const time = Number(name.slice(0, name.indexOf("-")));
  return Number.isFinite(time) ? time : 0;
}

function parseRecord(text: string | undefined): HookRecord | undefined {
  if (text === undefined) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof value !== "object" || value === null) return undefined;
  const { harness, event, payload, env, at } = value as Record<string, unknown>;
  if (typeof harness !== "string" || typeof event !== "string" || typeof payload !== "string")
    return undefined;
  const vars: Record<string, string> = {};
  if (typeof env === "object" && env !== null) {
    for (const [key, each] of Object.entries(env)) if (typeof each === "string") vars[key] = each;
  }
  return { harness, event, payload, env: vars, at: typeof at === "string" ? at : "" };
}
