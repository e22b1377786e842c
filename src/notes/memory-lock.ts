import { err, ok, ResultAsync, type Result } from "neverthrow";
import { LockError, PersistenceError } from "../errors.js";
import { PRIVATE_FOLDER } from "../model/layout.js";
import type { LockHost } from "../ports/lock-host.js";
import type { Persistence } from "../ports/persistence.js";

/** Where the lock lives, relative to the memory root. */
export const LOCK_PATH = `${PRIVATE_FOLDER}/lock`;

/** Tuning for the cross-process lock; the defaults suit people and cron jobs alike. */
export interface LockOptions {
  /** A lock whose holder has not refreshed it for this long is taken over. Default 10 s. */
  readonly staleMs?: number;
  /** How long to wait for another holder before failing with LOCKED. Default 30 s. */
  readonly timeoutMs?: number;
  /** The clock, for tests. */
  readonly now?: () => number;
  /** The lock file, relative to the memory root. Default `.agent-memory/lock`. */
  readonly path?: string;
  /**
   * The process holding the lock. Without it a crashed holder's lock is taken over only
   * after `staleMs`; `createMemory` passes the Node/Bun host.
   */
  readonly host?: LockHost;
}

interface LockRecord {
  readonly token: string;
  readonly pid: number;
  readonly host: string;
  readonly heartbeatAt: number;
}

/**
 * Releases a held lock: Err when its file could not be removed (the memory stays locked until
 * the lock goes stale), so the operation that held it can say so instead of answering OK.
 */
export type ReleaseLock = () => Promise<Result<void, PersistenceError>>;

/** Takes the lock of one memory root, waiting for another holder when there is one. */
export type AcquireLock = () => ResultAsync<ReleaseLock, LockError | PersistenceError>;

const RETRY_MS = 25;

/**
 * The lock that keeps two processes from mutating one memory root at once: a file created
 * exclusively, holding a token, the holder's pid and host, and a heartbeat the holder
 * refreshes while it works. A holder that crashed stops refreshing, so after `staleMs`
 * (or at once, when it ran on this host and its pid is gone) the next process takes over:
 * a crash never blocks anyone for good. Returns undefined when the persistence port cannot
 * create files exclusively; the memory then serialises within its process only.
 */
export function createMemoryLock(
  persistence: Persistence,
  options: LockOptions = {},
): AcquireLock | undefined {
  const createExclusive = persistence.createExclusive?.bind(persistence);
  if (createExclusive === undefined) return undefined;
  const staleMs = options.staleMs ?? 10_000;
  const timeoutMs = options.timeoutMs ?? 30_000;
  const now = options.now ?? Date.now;
  const lockPath = options.path ?? LOCK_PATH;
  const host = options.host ?? UNKNOWN_HOST;
  const self = { pid: host.pid, host: host.hostname };

  const record = (token: string): string =>
    JSON.stringify({ token, ...self, heartbeatAt: now() } satisfies LockRecord);

  // When a lock's content was first seen unchanged, by this process's clock. A holder rewrites
  // its lock every staleMs / 3, so content that stays the same for staleMs belongs to a holder
  // that is gone, whatever its file says: an empty or half-written file, or a heartbeat from
  // a clock running ahead, cannot lock the memory forever.
  let watched: { readonly content: string; readonly since: number } | undefined;
  const unchangedTooLong = (content: string): boolean => {
    if (watched?.content !== content) {
      watched = { content, since: now() };
      return false;
    }
    return now() - watched.since > staleMs;
  };

  const isStale = (content: string): boolean => {
    if (unchangedTooLong(content)) return true;
    const held = parseRecord(content);
    if (held === undefined) return false; // half-written a moment ago, or unreadable: wait
    const age = now() - held.heartbeatAt;
    if (age > staleMs) return true;
    return held.host === self.host && held.pid !== self.pid && !host.isAlive(held.pid);
  };

  /** Moves a stale lock aside and deletes it, unless it turned out to be a fresh one. */
  const breakStale = async (stale: string): Promise<void> => {
    const aside = `${lockPath}.stale-${randomToken()}`;
    if ((await persistence.move(lockPath, aside)).isErr()) return; // someone else broke it
    const moved = await persistence.read(aside);
    if (moved.isOk() && moved.value !== stale) {
      // Between our look and our move, another process broke the stale lock and took a fresh
      // one: put it back. If yet another process already took the path, theirs stands.
      await createExclusive(lockPath, moved.value);
    }
    await persistence.remove(aside);
  };

  const readRecord = async (): Promise<LockRecord | undefined> => {
    const content = await persistence.read(lockPath);
    return content.isOk() ? parseRecord(content.value) : undefined;
  };

  const acquire = async (): Promise<Result<ReleaseLock, LockError | PersistenceError>> => {
    const token = randomToken();
    const deadline = now() + timeoutMs;
    let holder: LockRecord | undefined;
    for (;;) {
      const created = await createExclusive(lockPath, record(token));
      if (created.isErr()) return err(created.error);
      if (created.value) return ok(holdLock(token));
      // Unreadable (released a moment ago, or a failing disk): try again until the deadline.
      const content = await persistence.read(lockPath);
      holder = content.isOk() ? parseRecord(content.value) : undefined;
      if (content.isOk() && isStale(content.value)) {
        await breakStale(content.value);
        continue;
      }
      if (now() >= deadline) return err(lockTimeout(holder, timeoutMs, lockPath));
      await sleep(RETRY_MS + Math.random() * RETRY_MS);
    }
  };

  const holdLock = (token: string): ReleaseLock => {
    // Refresh the heartbeat so a long operation is never mistaken for a crashed one.
    let beat: Promise<unknown> = Promise.resolve();
    const timer = setInterval(
      () => {
        beat = beat.then(async () => {
          // A holder that stalled past staleMs may have been taken over: it must not
          // overwrite the new holder's lock. It stops refreshing, and its release leaves
          // the new holder's lock alone.
          const held = await readRecord();
          if (held?.token !== token) {
            clearInterval(timer);
            return;
          }
          await persistence.write(lockPath, record(token));
        });
      },
      Math.max(10, staleMs / 3),
    );
    timer.unref?.();
    return async () => {
      clearInterval(timer);
      // A heartbeat still in flight would recreate the file after the removal below.
      await beat;
      const held = await readRecord();
      if (held?.token !== token) return ok(undefined);
      // One more try: a removal that failed once (a transient EIO) often goes through.
      let removed = await persistence.remove(lockPath);
      if (removed.isErr() && removed.error.code !== "NOT_FOUND")
        removed = await persistence.remove(lockPath);
      if (removed.isOk() || removed.error.code === "NOT_FOUND") return ok(undefined);
      return err(
        new PersistenceError(
          `Could not remove the memory's lock ${lockPath}: ${removed.error.message} Other ` +
            `agent-memory processes wait until it is ${Math.round(staleMs / 1000)} s stale, or ` +
            "until this process ends; delete the file by hand if the disk is back.",
          { cause: removed.error },
        ),
      );
    };
  };

  return () => new ResultAsync(acquire());
}

function lockTimeout(
  holder: LockRecord | undefined,
  timeoutMs: number,
  lockPath: string,
): LockError {
  const who = holder === undefined ? "another process" : `process ${holder.pid} on ${holder.host}`;
  return new LockError(
    `The memory is locked by ${who}; waited ${Math.round(timeoutMs / 1000)} s. ` +
      `If no agent-memory process is running, delete ${lockPath} in the memory root.`,
  );
}

function parseRecord(content: string): LockRecord | undefined {
  try {
    const value: unknown = JSON.parse(content);
    if (typeof value !== "object" || value === null) return undefined;
    const { token, pid, host, heartbeatAt } = value as Record<string, unknown>;
    if (typeof token !== "string" || typeof pid !== "number" || typeof host !== "string")
      return undefined;
    if (typeof heartbeatAt !== "number") return undefined;
    return { token, pid, host, heartbeatAt };
  } catch {
    return undefined;
  }
}

/** A host that knows nothing: every holder counts as alive until its heartbeat is stale. */
const UNKNOWN_HOST: LockHost = { pid: 0, hostname: "", isAlive: () => true };

function randomToken(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(8)), (byte) =>
    byte.toString(16).padStart(2, "0"),
  ).join("");
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * Runs `task` holding the lock (when there is one) and releases it however the task ends:
 * the one place mutations, session-log appends and pipeline runs take a lock. A task that
 * succeeded but whose lock could not be released answers Err, saying the task was done (so it
 * is not repeated) and the memory stays locked; a failed task's own error comes first.
 */
export async function holdingLock<T, E>(
  acquire: AcquireLock | undefined,
  task: () => PromiseLike<Result<T, E>>,
): Promise<Result<T, E | LockError | PersistenceError>> {
  if (acquire === undefined) return task();
  const lock = await acquire();
  if (lock.isErr()) return err(lock.error);
  let result: Result<T, E>;
  try {
    result = await task();
  } catch (cause) {
    await lock.value();
    throw cause;
  }
  const released = await lock.value();
  if (released.isOk() || result.isErr()) return result;
  return err(
    new PersistenceError(
      `The operation was done and must not be repeated, but ${released.error.message}`,
      { cause: released.error },
    ),
  );
}
