/**
 * Where a fresh agent resumes: the last session's pickup line, read in a fixed order:
 * today's file of this agent, else yesterday's, else today's file of agent 0 (the file a
 * newly spawned helper peeks at to see what the main agent is doing).
 */
import { err, ok, type ResultAsync } from "neverthrow";
import { safeAsync } from "../../shared/safe-async.js";
import { PersistenceError } from "../../errors.js";
import type { Persistence } from "../../ports/persistence.js";
import { parseSessions } from "./session-markdown.js";
import { previousUtcDay, sessionLogPath, utcDay } from "./session-paths.js";

/**
 * The session to resume from.
 *
 * @example
 * ```ts
 * const pickup: Pickup = {
 *   next: "rerun the migration with --dry-run",
 *   text: "## session 2 (14:05 UTC)\n...",
 *   path: "sessions/2026/04/16/agent0.md",
 *   agent: 0, day: "2026-04-16", session: 2, time: "14:05",
 * };
 * ```
 */
export interface Pickup {
  /** The `- next:` line of the last session, or null when it has none. */
  readonly next: string | null;
  /** That session's markdown, header included. */
  readonly text: string;
  /** The file it came from, relative to the memory root. */
  readonly path: string;
  /** The agent whose file it is (0 when it came from the agent-0 fallback). */
  readonly agent: number;
  /** The UTC day of the file, `YYYY-MM-DD`. */
  readonly day: string;
  /** K of `## session K`. */
  readonly session: number;
  /** `HH:MM` UTC of the session header. */
  readonly time: string;
}

/**
 * The files pickup reads for `agent` at `now`, in order, without repeats.
 *
 * @example
 * ```ts
 * pickupOrder(3, Date.UTC(2026, 3, 16));
 * // ["sessions/2026/04/16/agent3.md", "sessions/2026/04/15/agent3.md", "sessions/2026/04/16/agent0.md"]
 * ```
 */
export function pickupOrder(
  agent: number,
  now: number,
): { path: string; agent: number; day: string }[] {
  const today = utcDay(now);
  const candidates = [
    { path: sessionLogPath(agent, today), agent, day: today },
    { path: sessionLogPath(agent, previousUtcDay(now)), agent, day: previousUtcDay(now) },
    { path: sessionLogPath(0, today), agent: 0, day: today },
  ];
  return candidates.filter((c, i) => candidates.findIndex((o) => o.path === c.path) === i);
}

/**
 * The last session of the first file in pickup order that holds one; null when none does
 * (a first session ever, which is not an error).
 *
 * @example
 * ```ts
 * const pickup = await findPickup(persistence, 0, Date.now());
 * if (pickup.isOk() && pickup.value !== null) console.log(pickup.value.next);
 * ```
 */
export function findPickup(
  persistence: Persistence,
  agent: number,
  now: number,
): ResultAsync<Pickup | null, PersistenceError> {
  return safeAsync<Pickup | null, PersistenceError>(
    async () => {
      for (const candidate of pickupOrder(agent, now)) {
        const content = await persistence.read(candidate.path);
        if (content.isErr()) {
          if (content.error.code === "NOT_FOUND") continue;
          return err(content.error);
        }
        // A file without a parseable session (emptied or hand-edited) counts as absent.
        const last = parseSessions(content.value).at(-1);
        if (last === undefined) continue;
        return ok({
          next: last.next,
          text: last.text,
          path: candidate.path,
          agent: candidate.agent,
          day: candidate.day,
          session: last.number,
          time: last.time,
        });
      }
      return ok(null);
    },
    (cause) => new PersistenceError("Could not read the session log for pickup.", { cause }),
  );
}
