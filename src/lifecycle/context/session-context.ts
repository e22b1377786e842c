/**
 * What an agent reads when a session starts: where the last session stopped (the pickup)
 * and the hot notes of the index, inlined while they fit a character budget, then the
 * rest of the hot and the warm tier as a list of links. The `memory context` command, the
 * MCP `context` tool and the Claude Code SessionStart hook all print this.
 *
 * @module
 */

import { okAsync, type ResultAsync } from "neverthrow";
import type { InvalidInputError, PersistenceError } from "../../errors.js";
import type { NotesMemory } from "../../notes/notes-memory.js";
import type { NoteMeta } from "../../notes/note-meta.js";
import type { IndexTiers } from "../../notes/tiers/index-note.js";
import type { Pickup } from "../sessions/session-pickup.js";
import type { SessionLog } from "../sessions/session-log.js";

/** The default budget, in characters (about 1,500 tokens). */
export const DEFAULT_CONTEXT_BUDGET = 6_000;

/** A hot note as the context shows it. */
export interface ContextNote {
  readonly id: string;
  readonly title: string;
  /** The body, or null when it did not fit the budget (the note is then only listed). */
  readonly body: string | null;
}

/** What an agent reads at session start. */
export interface SessionContext {
  readonly pickup: Pickup | null;
  readonly hot: readonly ContextNote[];
  readonly warm: readonly { readonly id: string; readonly title: string }[];
  /** Tiered notes left out because they are archived (retired notes are never top of mind). */
  readonly archived: readonly string[];
  /** The whole context as markdown, within the budget (the pickup's `next:` line is always kept). */
  readonly text: string;
}

/** What {@link sessionContext} reads. */
export type ContextSource = Pick<NotesMemory, "index" | "read" | "list"> & {
  readonly sessionLog: Pick<SessionLog, "pickup">;
};

/** Options of {@link sessionContext}. */
export interface SessionContextOptions {
  /** Characters the text may take. Default {@link DEFAULT_CONTEXT_BUDGET}. */
  readonly budget?: number;
  /** Whose session log to pick up from. Default 0. */
  readonly agent?: number;
}

/**
 * Builds the session-start context. Hot notes are inlined in index order until the next one
 * does not fit, so a later, smaller note never jumps ahead of a hotter one.
 *
 * @example
 * ```ts
 * const context = await sessionContext(memory, { budget: 4000 });
 * if (context.isOk()) console.log(context.value.text);
 * ```
 */
export function sessionContext(
  memory: ContextSource,
  options: SessionContextOptions = {},
): ResultAsync<SessionContext, PersistenceError | InvalidInputError> {
  const budget = options.budget ?? DEFAULT_CONTEXT_BUDGET;
  return memory.sessionLog.pickup({ agent: options.agent ?? 0 }).andThen((pickup) =>
    currentTiers(memory).andThen(({ tiers, archived }) =>
      readBodies(
        memory,
        tiers.hot.map((entry) => entry.id),
      ).map((bodies) => {
        const warm = tiers.warm.map(({ id, title }) => ({ id, title }));
        const head = pickupText(pickup);
        let used = head.length + listText(tiers.hot, warm).length;
        let stop = false;
        const hot = tiers.hot.map(({ id, title }): ContextNote => {
          const body = bodies.get(id);
          const cost = body === undefined ? 0 : noteText(id, title, body).length;
          if (stop || body === undefined || used + cost > budget) {
            stop = true;
            return { id, title, body: null };
          }
          used += cost;
          return { id, title, body };
        });
        return { pickup, hot, warm, archived, text: renderContext(head, hot, warm, budget) };
      }),
    ),
  );
}

/**
 * The index's tiers without their archived notes, as AGENTS.md has them: an archived note is
 * retired, so it is neither inlined nor listed (doctor warns about the entry).
 */
function currentTiers(
  memory: Pick<NotesMemory, "index" | "list">,
): ResultAsync<{ tiers: IndexTiers; archived: string[] }, PersistenceError> {
  return memory.index.get().andThen((tiers) =>
    (tiers.hot.length + tiers.warm.length === 0
      ? okAsync<NoteMeta[], never>([])
      : memory.list({ status: "archived" })
    )
      // The context never fails for want of a listing (a broken history walk): as before.
      .orElse(() => okAsync([]))
      .map((retired) => {
        const ids = new Set(retired.map((note) => note.id));
        const current = (entry: { id: string }) => !ids.has(entry.id);
        return {
          tiers: { hot: tiers.hot.filter(current), warm: tiers.warm.filter(current) },
          archived: [...tiers.hot, ...tiers.warm]
            .map((entry) => entry.id)
            .filter((id, at, all) => ids.has(id) && all.indexOf(id) === at),
        };
      }),
  );
}

// A hot note that cannot be read (removed since the index was written) is listed, not inlined.
function readBodies(
  memory: Pick<NotesMemory, "read">,
  ids: readonly string[],
): ResultAsync<Map<string, string>, never> {
  const bodies = new Map<string, string>();
  return ids.reduce<ResultAsync<Map<string, string>, never>>(
    (chain, id) =>
      chain.andThen(() =>
        memory
          .read(id)
          .map((note) => bodies.set(id, note.body))
          .orElse(() => okAsync(bodies)),
      ),
    okAsync(bodies),
  );
}

function pickupText(pickup: Pickup | null): string {
  if (pickup === null) return "## Pickup\n\nNo session logged today or yesterday: start fresh.\n";
  return [
    "## Pickup",
    "",
    `next: ${pickup.next ?? "(the last session has no next: line)"}`,
    `from: ${pickup.path} (session ${pickup.session}, ${pickup.day} ${pickup.time} UTC)`,
    "",
  ].join("\n");
}

function noteText(id: string, title: string, body: string): string {
  return `### ${title} (${id})\n\n${body.trim()}\n\n`;
}

function listText(
  hot: readonly { id: string; title: string }[],
  warm: readonly { id: string; title: string }[],
): string {
  return [...hot, ...warm].map(({ id, title }) => `- [[${id}|${title}]]\n`).join("");
}

function renderContext(
  head: string,
  hot: readonly ContextNote[],
  warm: readonly { id: string; title: string }[],
  budget: number,
): string {
  const inlined = hot.filter((note) => note.body !== null);
  const listed = [...hot.filter((note) => note.body === null), ...warm];
  const parts = [head];
  if (inlined.length > 0) {
    parts.push(
      "\n## Hot notes\n\n",
      ...inlined.map((note) => noteText(note.id, note.title, note.body ?? "")),
    );
  }
  if (listed.length > 0) {
    parts.push("\n## Also in the index (read with `memory show ID`)\n\n", listText(listed, []));
  }
  const text = parts.join("");
  // The list alone can overflow a tiny budget: cut it, never the pickup above it.
  return text.length <= budget
    ? text
    : `${text.slice(0, Math.max(head.length, budget)).trimEnd()}\n`;
}
