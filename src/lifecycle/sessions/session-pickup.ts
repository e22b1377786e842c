/**
 * Where a fresh agent resumes: the last session's pickup line, read in a fixed order:
 * today's file of this agent, else yesterday's, else its newest earlier file however old (a
 * weekend, a holiday), else today's file of agent 0 (the file a newly spawned helper peeks at
 * to see what the main agent is doing). Today's and yesterday's are tried by name first, so
 * the common case lists nothing; only a longer gap lists the session log's names.
 */
import { err, ok, type ResultAsync } from "neverthrow";
import { safeAsync } from "../../shared/safe-async.js";
import { PersistenceError } from "../../errors.js";
import type { Persistence } from "../../ports/persistence.js";
import { parseSessions } from "../../model/records/session-markdown.js";
import {
  parseSessionLogPath,
  previousUtcDay,
  SESSIONS_FOLDER,
  sessionLogPath,
  utcDay,
} from "./session-paths.js";

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

/** A log file pickup may read. */
interface Candidate {
  readonly path: string;
  readonly agent: number;
  readonly day: string;
}

/**
 * The files pickup reads for `agent` at `now`, in order: today's and yesterday's of the
 * agent by name, then its older ones found by listing (only when those two held nothing),
 * then today's of agent 0.
 */
async function* pickupOrder(
  persistence: Persistence,
  agent: number,
  now: number,
): AsyncGenerator<Candidate> {
  const today = utcDay(now);
  const yesterday = previousUtcDay(now);
  yield { path: sessionLogPath(agent, today), agent, day: today };
  yield { path: sessionLogPath(agent, yesterday), agent, day: yesterday };
  yield* await olderFilesOf(persistence, agent, yesterday);
  if (agent !== 0) yield { path: sessionLogPath(0, today), agent: 0, day: today };
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
      for await (const candidate of pickupOrder(persistence, agent, now)) {
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

/**
 * The agent's log files dated before `before`, newest first, from the session log's names
 * (no stats when the persistence can list without them). Throws a failed listing's error.
 */
async function olderFilesOf(
  persistence: Persistence,
  agent: number,
  before: string,
): Promise<Candidate[]> {
  const listed = await (persistence.listPaths ?? persistence.list).call(
    persistence,
    SESSIONS_FOLDER,
  );
  if (listed.isErr()) throw listed.error;
  const older: Candidate[] = [];
  for (const { path } of listed.value) {
    const where = parseSessionLogPath(path);
    if (where !== undefined && where.agent === agent && where.day < before)
      older.push({ path, agent, day: where.day });
  }
  return older.toSorted((a, b) => (a.day < b.day ? 1 : a.day > b.day ? -1 : 0));
}
