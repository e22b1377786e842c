/**
 * Generates the memory's section of an AGENTS.md: reads the index note's tiers and the notes
 * they link to, renders the section, splices it into the target and writes only if a byte
 * changed.
 *
 * @module
 */

import { errAsync, okAsync, ResultAsync } from "neverthrow";
import type { NotesMemory } from "../../notes/notes-memory.js";
import type { Note, NoteMeta } from "../../notes/store/note-meta.js";
import type {
  DuplicateIdError,
  GitError,
  InvalidInputError,
  PersistenceError,
} from "../../errors.js";
import type { AgentsMdTarget } from "../../ports/agents-md-target.js";
import type { Tokenizer } from "../../ports/tokenizer.js";
import { renderAgentsSection, type HotSectionNote, type SectionNote } from "./render-section.js";
import { spliceSection } from "./splice-section.js";
import { currentTierIds, type SupersededEntry } from "./current-tiers.js";
import { currentText } from "../../model/supersession/superseded-text.js";

/** The note operations generation reads through (a whole memory satisfies it). */
export type AgentsMdNotes = Pick<NotesMemory, "index" | "read" | "list">;

/** What {@link generateAgentsMd} works on. */
export interface GenerateAgentsMdInput {
  readonly notes: AgentsMdNotes;
  readonly target: AgentsMdTarget;
  /** The section's budget in tokens; default 2,000 (DEFAULT_BUDGET_TOKENS). */
  readonly budgetTokens?: number;
  /** Counts the section's tokens (a memory's `tokenizer`). */
  readonly tokenizer: Tokenizer;
  /** Hot notes whose file is bigger are listed, not inlined; default 8,192 bytes. */
  readonly maxNoteBytes?: number;
}

/** What a generation did. */
export interface AgentsMdResult {
  /** False when the file already held exactly these bytes (nothing was written). */
  readonly written: boolean;
  /** The target's path, as the target names it. */
  readonly path: string;
  /** Hot notes inlined in full, in index order. */
  readonly inlined: readonly string[];
  /** Notes listed as links (demoted hot notes first, then warm ones). */
  readonly listed: readonly string[];
  /** Hot notes listed instead of inlined, by the budget or the size limit. */
  readonly demoted: readonly string[];
  /** Index links to ids no note has; skipped (doctor reports them too). */
  readonly missing: readonly string[];
  /** Notes not even listed because the list outgrew the budget; the index note has them. */
  readonly omitted: readonly string[];
  /**
   * Tiered notes left out because they are archived: an agent should not read a retired note
   * as top of mind. The index note still names them until defrag or `memory tier` demotes them.
   */
  readonly archived: readonly string[];
  /**
   * Tiered notes that are superseded: each is shown as its successor (`by`), or left out when
   * its chain has no current end (`by` null). Never inlined or listed as current.
   */
  readonly superseded: readonly SupersededEntry[];
}

/** Errors a generation can return. */
export type AgentsMdError = PersistenceError | GitError | InvalidInputError | DuplicateIdError;

/**
 * Writes the memory's section into the target file (creating it if needed): hot notes
 * inlined, warm notes listed, within the budget. Every byte outside the markers is kept; a
 * file whose markers are damaged is refused with INVALID_INPUT and left as it was. The same
 * memory gives the same bytes, and an unchanged section is not written at all.
 *
 * @example
 * ```ts
 * import * as fs from "node:fs";
 * const target = fileTarget({ fs, path: "/repo/AGENTS.md", memoryRoot: "/repo/memory" });
 * const result = await generateAgentsMd({ notes: memory, target, tokenizer: memory.tokenizer });
 * if (result.isOk()) console.log(result.value.written ? "updated" : "unchanged");
 * ```
 */
export function generateAgentsMd(
  input: GenerateAgentsMdInput,
): ResultAsync<AgentsMdResult, AgentsMdError> {
  const { notes, target } = input;
  return ResultAsync.combine([notes.index.get(), notes.list()]).andThen(([tiers, metas]) => {
    const byId = new Map<string, NoteMeta>();
    // list() is sorted by path: with a duplicate id, the first path wins, as anywhere else
    // a listing is resolved (doctor reports the duplicate).
    for (const meta of metas) if (!byId.has(meta.id)) byId.set(meta.id, meta);
    // An id in both tiers (or twice) counts once, at its hottest place; archived notes are
    // left out and superseded ones replaced by their successor (see current-tiers.ts).
    const shown = currentTierIds(
      { hot: tiers.hot.map((entry) => entry.id), warm: tiers.warm.map((entry) => entry.id) },
      metas,
    );
    const { archived, superseded } = shown;
    const hotIds = shown.hot;
    const warmIds = shown.warm;
    const missing = [...hotIds, ...warmIds].filter((id) => !byId.has(id));
    return ResultAsync.combine(
      hotIds.filter((id) => byId.has(id)).map((id) => readIfThere(notes, id)),
    ).andThen((read) => {
      const hot = read.filter((note): note is Note => note !== undefined).map(toHot);
      const warm = warmIds.flatMap((id) => {
        const meta = byId.get(id);
        return meta === undefined ? [] : [toListed(meta)];
      });
      const rendered = renderAgentsSection({
        hot,
        warm,
        noteById: (id) => byId.get(id),
        memoryRootFromTarget: target.memoryRootFromTarget,
        tokenizer: input.tokenizer,
        ...(input.budgetTokens === undefined ? {} : { budgetTokens: input.budgetTokens }),
        ...(input.maxNoteBytes === undefined ? {} : { maxNoteBytes: input.maxNoteBytes }),
      });
      if (rendered.isErr()) return errAsync(rendered.error);
      const section = rendered.value;
      return target.read().andThen((current) => {
        const next = spliceSection(current, section.text, target.path);
        if (next.isErr()) return errAsync(next.error);
        const result = {
          path: target.path,
          inlined: section.inlined,
          listed: section.listed,
          demoted: section.demoted.map((entry) => entry.id),
          missing: [
            ...missing,
            ...hotIds.filter((id) => byId.has(id) && !read.some((note) => note?.id === id)),
          ],
          omitted: section.omitted,
          archived,
          superseded,
        };
        // Same bytes, no write: regenerating an unchanged memory touches no file and
        // causes no git churn.
        if (next.value === current) return okAsync({ written: false, ...result });
        return target.write(next.value).map(() => ({ written: true, ...result }));
      });
    });
  });
}

/** A note, or undefined when it vanished between the listing and the read. */
function readIfThere(notes: AgentsMdNotes, id: string) {
  return notes
    .read(id)
    .map((note): Note | undefined => note)
    .orElse((error) => (error.code === "NOT_FOUND" ? okAsync(undefined) : errAsync(error)));
}

// A superseded section keeps its heading and mark, not its old text (docs/file-format.md 5.1).
function toHot(note: Note): HotSectionNote {
  return {
    id: note.id,
    title: note.title,
    path: note.path,
    body: currentText(note.body),
    size: note.size,
  };
}

function toListed(meta: NoteMeta): SectionNote {
  return { id: meta.id, title: meta.title, path: meta.path };
}
