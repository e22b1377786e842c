/**
 * The generated AGENTS.md section: hot notes inlined in full, the rest listed as links, all
 * within a token budget. Pure and deterministic: the same input gives the same bytes
 * (no timestamps, no locale-dependent number formatting), so regenerating an unchanged
 * memory changes nothing in git.
 *
 * @module
 */

import { err, ok, type Result } from "neverthrow";
import { scrubSecrets } from "../secret-scrubber.js";
import { InvalidInputError } from "../../errors.js";
import type { Tokenizer } from "../../ports/tokenizer.js";
import { fitToBudget } from "./fit-to-budget.js";
import { END_MARKER, START_MARKER, neutralizeMarkers } from "./markers.js";
import { renderNoteBody, type LinkedNote } from "./note-body.js";
import { markdownLink, pathFromTarget } from "./target-paths.js";

/**
 * The default budget of the section, in tokens: with a hand-written AGENTS.md of a few
 * thousand tokens beside it, well inside the 32 KiB Codex reads from AGENTS.md files by
 * default (`project_doc_max_bytes`); the rest of the memory is reachable by link.
 */
export const DEFAULT_BUDGET_TOKENS = 2_000;

/**
 * The section never takes more bytes than this, whatever the budget in tokens: half of
 * Codex's default `project_doc_max_bytes` (32 KiB), so the hand-written part keeps the rest.
 */
export const MAX_SECTION_BYTES = 16 * 1024;

/** The default size (bytes of the note file) above which a hot note is listed, not inlined. */
export const DEFAULT_MAX_NOTE_BYTES = 8 * 1024;

/** A note the section lists. */
export interface SectionNote {
  readonly id: string;
  readonly title: string;
  /** Path relative to the memory root. */
  readonly path: string;
}

/** A hot note: listed, or inlined when it fits. */
export interface HotSectionNote extends SectionNote {
  /** The markdown under the heading and tag line. */
  readonly body: string;
  /** Size of the note file in bytes. */
  readonly size: number;
}

/** What the section is rendered from. */
export interface SectionInput {
  /** The hot tier, in index order; ids are unique across both tiers. */
  readonly hot: readonly HotSectionNote[];
  /** The warm tier, in index order. */
  readonly warm: readonly SectionNote[];
  /** Resolves the links inside inlined bodies; a link it cannot resolve becomes plain text. */
  readonly noteById: (id: string) => LinkedNote | undefined;
  /** `/`-separated path from the target file's folder to the memory root (`"."`: same folder). */
  readonly memoryRootFromTarget: string;
  /** Default {@link DEFAULT_BUDGET_TOKENS}, counted by `tokenizer`. */
  readonly budgetTokens?: number;
  /** Counts the section's tokens against the budget. */
  readonly tokenizer: Tokenizer;
  /** Default {@link DEFAULT_MAX_NOTE_BYTES}. */
  readonly maxNoteBytes?: number;
}

/** Why a hot note was listed instead of inlined. */
export type DemotionReason = "budget" | "size";

/** The rendered section and where each note ended up. */
export interface RenderedSection {
  /** From the start marker to the end marker, both included, no final newline. */
  readonly text: string;
  /** Hot notes inlined in full, in index order. */
  readonly inlined: readonly string[];
  /** Notes listed as links: demoted hot notes first, then the warm ones. */
  readonly listed: readonly string[];
  /** Hot notes listed (or omitted) instead of inlined, and why. */
  readonly demoted: readonly { readonly id: string; readonly reason: DemotionReason }[];
  /** Notes left out of the list because even the list did not fit; the index note has them. */
  readonly omitted: readonly string[];
}

/**
 * Renders the section. Hot notes are inlined in index order until the next one would push
 * the section past `budgetTokens` tokens (or {@link MAX_SECTION_BYTES}); that note and the
 * ones after it are listed instead, by title and link (never cut mid-sentence), and so is every hot note bigger than `maxNoteBytes`. A line under the
 * list says which notes were demoted and why. Should even the list not fit, its tail gives
 * way to one line pointing at the index note. Note titles and bodies go through the secret
 * scrubber, and any marker-like text in them is neutralised, so a note can never end the
 * section early.
 *
 * Fails with INVALID_INPUT when the budget is not a positive whole number or cannot hold
 * the section's frame.
 *
 * @example
 * ```ts
 * const section = renderAgentsSection({
 *   hot: [{ id: "id__Kf9mNp", title: "Console", path: "topics/console id__Kf9mNp.md", body: "Ships daily.", size: 30 }],
 *   warm: [],
 *   noteById: () => undefined,
 *   memoryRootFromTarget: "memory",
 *   tokenizer: gptTokenizer(),
 * });
 * section._unsafeUnwrap().inlined; // ["id__Kf9mNp"]
 * ```
 */
export function renderAgentsSection(
  input: SectionInput,
): Result<RenderedSection, InvalidInputError> {
  const budgetTokens = input.budgetTokens ?? DEFAULT_BUDGET_TOKENS;
  const maxNoteBytes = input.maxNoteBytes ?? DEFAULT_MAX_NOTE_BYTES;
  if (!Number.isSafeInteger(budgetTokens) || budgetTokens <= 0) {
    return err(
      new InvalidInputError(
        `The AGENTS.md budget must be a whole number of tokens above 0, not ${String(budgetTokens)}.`,
      ),
    );
  }
  if (!Number.isSafeInteger(maxNoteBytes) || maxNoteBytes < 0) {
    return err(
      new InvalidInputError(
        `The note size limit must be a whole number of bytes, not ${String(maxNoteBytes)}.`,
      ),
    );
  }
  const fits = (text: string) =>
    byteLength(text) <= MAX_SECTION_BYTES && input.tokenizer.countTokens(text) <= budgetTokens;
  const root = input.memoryRootFromTarget;
  const hot = input.hot.map((note) => ({ ...note, title: cleanTitle(note) }));
  const warm = input.warm.map((note) => ({ ...note, title: cleanTitle(note) }));
  const small = hot.filter((note) => note.size <= maxNoteBytes);
  const blocks = small.map((note) => inlineBlock(note, input));
  const line = (note: SectionNote) =>
    `- ${markdownLink(note.title, pathFromTarget(root, note.path))}`;

  /** The section with the first `inlinedCount` fitting hot notes inlined and `shownCount` list lines. */
  const layout = (inlinedCount: number, shownCount: number) => {
    const inlined = new Set(small.slice(0, inlinedCount).map((note) => note.id));
    const demoted = hot
      .filter((note) => !inlined.has(note.id))
      .map((note) => ({
        note,
        reason: note.size > maxNoteBytes ? ("size" as const) : ("budget" as const),
      }));
    const listed = [...demoted.map(({ note }) => note), ...warm];
    const shown = listed.slice(0, shownCount);
    const shownIds = new Set(shown.map((note) => note.id));
    const notices = (["budget", "size"] as const).flatMap((reason) => {
      const titles = demoted.filter(
        (entry) => entry.reason === reason && shownIds.has(entry.note.id),
      );
      if (titles.length === 0) return [];
      const why =
        reason === "budget"
          ? `to keep this section within ${budgetTokens} tokens`
          : `because ${titles.length === 1 ? "it is" : "each is"} over ${maxNoteBytes} bytes`;
      return [
        `Listed instead of inlined ${why}: ${titles.map((entry) => entry.note.title).join(", ")}.`,
      ];
    });
    const omitted = listed.length - shown.length;
    const body = [
      `<!-- Generated by agent-memory from ${pathFromTarget(root, "index.md")}: edit the notes, not this section, which is rewritten. -->`,
      "",
      "## Memory",
      "",
      hot.length + warm.length === 0
        ? "The memory's index note lists no hot or warm notes yet."
        : "Notes from the agent memory: the most important in full, then links to more. Open a linked note when it is relevant.",
      ...blocks.slice(0, inlinedCount).flatMap((block) => ["", block]),
      ...(listed.length === 0 ? [] : ["", "### More notes", ""]),
      ...shown.map(line),
      ...(omitted === 0
        ? []
        : [
            `- ${omitted} more ${omitted === 1 ? "note" : "notes"} in ${markdownLink("the index note", pathFromTarget(root, "index.md"))}`,
          ]),
      ...(notices.length === 0 ? [] : ["", ...notices]),
    ].join("\n");
    // One last pass over the whole: marker text could also form across two notes' texts.
    const text = `${START_MARKER}\n${neutralizeMarkers(body)}\n\n${END_MARKER}`;
    return {
      text,
      inlined: [...inlined],
      listed: shown.map((note) => note.id),
      demoted: demoted.map(({ note, reason }) => ({ id: note.id, reason })),
      omitted: listed.slice(shownCount).map((note) => note.id),
    };
  };

  // Every list line costs at least a token: a list longer than the budget cannot fit, and
  // not laying it out spares counting the tokens of a hand-made index of thousands of notes.
  const listable = Math.min(hot.length + warm.length, budgetTokens);
  const best = fitToBudget(layout, small.length, listable, fits);
  if (best !== undefined) return ok(best);
  const frame = input.tokenizer.countTokens(layout(0, 0).text);
  return err(
    new InvalidInputError(
      `A budget of ${budgetTokens} tokens cannot hold even the frame of the AGENTS.md section (${frame} tokens); raise it.`,
    ),
  );
}

/** A note's title as shown: scrubbed, on one line, never empty. */
function cleanTitle(note: SectionNote): string {
  const title = scrubSecrets(note.title).text.replace(/\s+/g, " ").trim();
  return title === "" ? note.id : title;
}

/** `### Title`, a blank line and the body (scrubbed, links and headings rewritten). */
function inlineBlock(note: HotSectionNote, input: SectionInput): string {
  // Leading blank lines and trailing whitespace go; leading spaces stay (indented code).
  const body = renderNoteBody(scrubSecrets(note.body).text.trimEnd(), input)
    .replace(/^(?:[ \t]*\n)+/, "")
    .trimEnd();
  return body === "" ? `### ${note.title}` : `### ${note.title}\n\n${body}`;
}

function byteLength(text: string): number {
  return new TextEncoder().encode(text).length;
}
