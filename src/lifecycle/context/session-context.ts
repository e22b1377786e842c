/**
 * What an agent reads when a session starts: where the last session stopped (the pickup)
 * and the hot notes of the index, inlined while they fit a token budget, then the rest of
 * the hot and the warm tier as a list of links (and, should even the list not fit, how many
 * more the index note names). Nothing is ever cut mid-sentence. The `memory context`
 * command, the MCP `context` tool and the SessionStart hooks all print this.
 *
 * @module
 */

import { okAsync, type ResultAsync } from "neverthrow";
import type { InvalidInputError, PersistenceError } from "../../errors.js";
import type { NotesMemory } from "../../notes/notes-memory.js";
import type { Tokenizer } from "../../ports/tokenizer.js";
import { fitToBudget } from "../agents-md/fit-to-budget.js";
import type { NoteMeta } from "../../notes/store/note-meta.js";
import type { IndexTiers } from "../../model/records/index-note.js";
import { currentText } from "../../model/supersession/superseded-text.js";
import { currentTierIds, type SupersededEntry } from "../agents-md/current-tiers.js";
import type { Pickup } from "../sessions/session-pickup.js";
import type { SessionLog } from "../sessions/session-log.js";

/**
 * The default budget, in tokens: a small share of any model's window, and (at some four
 * characters a token) well under the 10,000 characters Claude Code shows of a hook's output.
 */
export const DEFAULT_CONTEXT_BUDGET = 1_200;

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
  /**
   * Tiered notes that are superseded: shown as their successor (`by`), or left out when the
   * chain has no current end (`by` null). Never inlined or listed as current.
   */
  readonly superseded: readonly SupersededEntry[];
  /**
   * The whole context as markdown, within the budget: the pickup first (always kept, even
   * over a tiny budget), inlined notes whole, then whole list lines.
   */
  readonly text: string;
}

/** What {@link sessionContext} reads. */
export type ContextSource = Pick<NotesMemory, "index" | "read" | "list"> & {
  readonly sessionLog: Pick<SessionLog, "pickup">;
  readonly tokenizer: Tokenizer;
};

/** Options of {@link sessionContext}. */
export interface SessionContextOptions {
  /** Tokens the text may take, counted by the memory's tokenizer. Default {@link DEFAULT_CONTEXT_BUDGET}. */
  readonly budget?: number;
  /** Characters the text may take besides (a harness's limit on hook output). Default: no limit. */
  readonly maxChars?: number;
  /** Whose session log to pick up from. Default 0. */
  readonly agent?: number;
}

/**
 * Builds the session-start context. Hot notes are inlined in index order until the next one
 * does not fit, so a later, smaller note never jumps ahead of a hotter one; every note not
 * inlined is listed by title and id while the list fits, and a last line says how many more
 * the index note names.
 *
 * @example
 * ```ts
 * const context = await sessionContext(memory, { budget: 1_000 });
 * if (context.isOk()) console.log(context.value.text);
 * ```
 */
export function sessionContext(
  memory: ContextSource,
  options: SessionContextOptions = {},
): ResultAsync<SessionContext, PersistenceError | InvalidInputError> {
  const budget = options.budget ?? DEFAULT_CONTEXT_BUDGET;
  const maxChars = options.maxChars ?? Number.POSITIVE_INFINITY;
  const fits = (text: string) =>
    text.length <= maxChars && memory.tokenizer.countTokens(text) <= budget;
  return memory.sessionLog.pickup({ agent: options.agent ?? 0 }).andThen((pickup) =>
    currentTiers(memory).andThen(({ tiers, archived, superseded }) =>
      readBodies(
        memory,
        tiers.hot.map((entry) => entry.id),
      ).map((bodies): SessionContext => {
        const warm = tiers.warm.map(({ id, title }) => ({ id, title }));
        const head = pickupText(pickup);
        // A hot note that cannot be read is listed, never inlined.
        const readable = tiers.hot.filter(({ id }) => bodies.has(id));
        const layout = (inlinedCount: number, shownCount: number) => {
          const inlined = new Set(readable.slice(0, inlinedCount).map(({ id }) => id));
          const hot = tiers.hot.map(({ id, title }): ContextNote => ({
            id,
            title,
            body: inlined.has(id) ? (bodies.get(id) ?? null) : null,
          }));
          return { hot, text: renderContext(head, hot, warm, shownCount) };
        };
        // Every list line costs a token at least: a longer list cannot fit.
        const listable = Math.min(tiers.hot.length + warm.length, budget);
        const best = fitToBudget(layout, readable.length, listable, fits) ?? layout(0, 0);
        return { pickup, hot: best.hot, warm, archived, superseded, text: best.text };
      }),
    ),
  );
}

/**
 * The index's tiers as AGENTS.md has them: an archived note is retired, so it is neither
 * inlined nor listed (doctor warns about the entry), and a superseded note is shown as the
 * note replacing it, or left out when its chain has no current end (see current-tiers.ts).
 */
function currentTiers(memory: Pick<NotesMemory, "index" | "list">): ResultAsync<
  {
    tiers: IndexTiers;
    archived: readonly string[];
    superseded: readonly SupersededEntry[];
  },
  PersistenceError
> {
  return memory.index.get().andThen((tiers) =>
    (tiers.hot.length + tiers.warm.length === 0 ? okAsync<NoteMeta[], never>([]) : memory.list())
      // The context never fails for want of a listing (a broken history walk): as before.
      .orElse(() => okAsync<NoteMeta[], never>([]))
      .map((metas) => {
        const shown = currentTierIds(
          { hot: tiers.hot.map((entry) => entry.id), warm: tiers.warm.map((entry) => entry.id) },
          metas,
        );
        // A kept entry keeps the index's title; a successor shown in its place has its own.
        const titles = new Map<string, string>(metas.map((meta) => [meta.id, meta.title]));
        for (const entry of [...tiers.warm, ...tiers.hot]) titles.set(entry.id, entry.title);
        const entries = (ids: readonly string[]) =>
          ids.map((id) => ({ id, title: titles.get(id) ?? id, note: "" }));
        return {
          tiers: { hot: entries(shown.hot), warm: entries(shown.warm) },
          archived: shown.archived,
          superseded: shown.superseded,
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
          // A superseded section keeps its heading and mark, not its old text.
          .map((note) => bodies.set(id, currentText(note.body)))
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

function listText(notes: readonly { id: string; title: string }[]): string {
  return notes.map(({ id, title }) => `- [[${id}|${title}]]\n`).join("");
}

/** The context with the inlined notes of `hot` and the first `shownCount` list lines. */
function renderContext(
  head: string,
  hot: readonly ContextNote[],
  warm: readonly { id: string; title: string }[],
  shownCount: number,
): string {
  const inlined = hot.filter((note) => note.body !== null);
  const listed = [...hot.filter((note) => note.body === null), ...warm];
  const shown = listed.slice(0, shownCount);
  const more = listed.length - shown.length;
  const parts = [head];
  if (inlined.length > 0) {
    parts.push(
      "\n## Hot notes\n\n",
      ...inlined.map((note) => noteText(note.id, note.title, note.body ?? "")),
    );
  }
  if (listed.length > 0) {
    parts.push("\n## Also in the index (read with `memory show ID`)\n\n", listText(shown));
    if (more > 0) {
      parts.push(`- ${more} more ${more === 1 ? "note" : "notes"} in the index note (index.md)\n`);
    }
  }
  return parts.join("");
}
