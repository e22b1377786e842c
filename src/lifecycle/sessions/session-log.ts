/**
 * The session log: one append-only markdown file per agent per UTC day, written at the end
 * of a session and read at the start of the next. The `- next:` line is the contract
 * between the agent that stops and the one that resumes.
 */
import { errAsync, type ResultAsync } from "neverthrow";
import type { AcquireLock } from "../../notes/memory-lock.js";
import { createSerialQueue } from "../../shared/serial-queue.js";
import type { InvalidInputError, LockError, PersistenceError } from "../../errors.js";
import type { Persistence } from "../../ports/persistence.js";
import { appendSession, type AppendedSession } from "./session-append.js";
import { checkRefs, consumeSessions } from "./session-consume.js";
import { readCursor, type SessionRef } from "./session-cursor.js";
import { checkParts, parseAgent, type AgentNumber } from "./session-input.js";
import type { SessionParts } from "../../model/records/session-markdown.js";
import { findPickup, type Pickup } from "./session-pickup.js";
import { serializedWithLock, type RunSerialized } from "./session-serial.js";
import { unconsumedSessions, type LoggedSession } from "./session-unconsumed.js";

/**
 * Options of {@link createSessionLog}.
 *
 * @example
 * ```ts
 * const options: SessionLogOptions = { persistence, acquireLock: createMemoryLock(persistence) };
 * ```
 */
export interface SessionLogOptions {
  readonly persistence: Persistence;
  /** The clock (epoch ms): picks the day's file and the session time. Default `Date.now`. */
  readonly now?: () => number;
  /** Keeps other processes out during an append; pass `createMemoryLock(persistence)`. */
  readonly acquireLock?: AcquireLock | undefined;
  /** Serialises within this process; pass the memory's queue to share it. Default: a queue of its own. */
  readonly run?: RunSerialized;
}

/**
 * What `append` takes: the four parts and the agent (default 0).
 *
 * @example
 * ```ts
 * const input: AppendSessionInput = { agent: 1, what: "...", why: "...", how: "...", next: "..." };
 * ```
 */
export type AppendSessionInput = SessionParts & { readonly agent?: AgentNumber };

/** Errors a session-log write can return. */
export type SessionLogError = InvalidInputError | LockError | PersistenceError;

/**
 * The session log of one memory root.
 *
 * @example
 * ```ts
 * const log = createSessionLog({ persistence, acquireLock: createMemoryLock(persistence) });
 * await log.append({ what: "migrated the db", why: "v2 schema", how: "npm run migrate", next: "drop old table" });
 * const pickup = await log.pickup({ agent: 0 }); // Ok({ next: "drop old table", ... })
 * ```
 */
export interface SessionLog {
  /**
   * Appends `## session K (HH:MM UTC)` to today's file of the agent, K one past the file's
   * highest. Existing text is never changed; concurrent appends are serialised.
   */
  append(input: AppendSessionInput): ResultAsync<AppendedSession, SessionLogError>;
  /** Where to resume (see session-pickup.ts for the read order); null when there is nothing. */
  pickup(options?: {
    readonly agent?: AgentNumber;
  }): ResultAsync<Pickup | null, InvalidInputError | PersistenceError>;
  /** Sessions consolidation has not consumed yet, oldest first. Never writes. */
  unconsumed(options?: {
    readonly limit?: number;
  }): ResultAsync<LoggedSession[], InvalidInputError | PersistenceError>;
  /** Moves the cursor (a committed file) past `sessions`. */
  markConsumed(sessions: readonly SessionRef[]): ResultAsync<void, SessionLogError>;
}

/**
 * Creates the session log of the memory root behind `persistence`.
 *
 * @example
 * ```ts
 * import { createMemoryLock } from "./notes/memory-lock.js";
 *
 * const log = createSessionLog({ persistence, acquireLock: createMemoryLock(persistence) });
 * const appended = await log.append({ agent: 0, what: "a", why: "b", how: "c", next: "d" });
 * ```
 */
export function createSessionLog(options: SessionLogOptions): SessionLog {
  const { persistence } = options;
  const now = options.now ?? Date.now;
  const run = options.run ?? createSerialQueue().run;
  const guarded = serializedWithLock(run, options.acquireLock);

  return {
    append: (input) => {
      const agent = parseAgent(input.agent);
      if (agent.isErr()) return errAsync(agent.error);
      const parts = checkParts(input);
      if (parts.isErr()) return errAsync(parts.error);
      // The clock is read inside the guard: a session's time is when it was written.
      return guarded(() => appendSession(persistence, now(), agent.value, parts.value));
    },
    pickup: (pickupOptions = {}) =>
      parseAgent(pickupOptions.agent).asyncAndThen((agent) =>
        findPickup(persistence, agent, now()),
      ),
    unconsumed: (unconsumedOptions = {}) =>
      readCursor(persistence).andThen((cursor) =>
        unconsumedSessions(persistence, cursor, unconsumedOptions.limit),
      ),
    markConsumed: (sessions) => {
      const refs = checkRefs(sessions);
      if (refs.isErr()) return errAsync(refs.error);
      return guarded(() => consumeSessions(persistence, refs.value));
    },
  };
}
