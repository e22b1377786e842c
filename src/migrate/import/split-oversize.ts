/**
 * Splitting an imported body that would make a note over the size limit: at its shallowest
 * headings first (each part keeps its heading line), a section still too big at its lines,
 * a line still too big at a character budget. Every character of the body is in exactly one
 * part, in order, so nothing is lost; the pipeline links the parts from the first one.
 *
 * @module
 */
import { MAX_NOTE_BYTES, utf8Length } from "../../model/note-size.js";
import { splitMarkdownSections } from "./markdown-sections.js";

/**
 * Room left in each part for the title, the tag line and the links to the other parts: a
 * part's body is at most the limit less this.
 */
const HEADROOM = 64 * 1024;

/** The largest body a part gets, in UTF-8 bytes. */
export const PART_BUDGET = MAX_NOTE_BYTES - HEADROOM;

/**
 * `body` cut into parts of at most `budget` UTF-8 bytes each (one part when it fits).
 *
 * @example
 * ```ts
 * splitBody("## A\nx\n## B\ny", 8); // ["## A\nx", "## B\ny"]
 * ```
 */
export function splitBody(body: string, budget = PART_BUDGET): string[] {
  if (utf8Length(body) <= budget) return [body];
  return pack(pieces(body, budget), budget);
}

/** The body as pieces each within the budget, at headings, then lines, then characters. */
function pieces(body: string, budget: number): string[] {
  const level = shallowestHeading(body);
  const sections =
    level === undefined
      ? [body]
      : splitMarkdownSections(body, level).map((section) =>
          section.heading === undefined
            ? section.text
            : `${"#".repeat(section.level)} ${section.heading}${section.text === "" ? "" : `\n${section.text}`}`,
        );
  return sections.flatMap((section) =>
    utf8Length(section) <= budget
      ? [section]
      : section.split("\n").flatMap((line) => byCharacters(line, budget)),
  );
}

/** A line cut at a third of the budget in characters (a UTF-16 unit is at most 3 bytes). */
function byCharacters(line: string, budget: number): string[] {
  if (utf8Length(line) <= budget) return [line];
  const step = Math.max(1, Math.floor(budget / 3));
  const cuts: string[] = [];
  for (let at = 0; at < line.length; at += step) cuts.push(line.slice(at, at + step));
  return cuts;
}

/** Consecutive pieces joined (by newlines) into parts as large as the budget allows. */
function pack(all: readonly string[], budget: number): string[] {
  const parts: string[] = [];
  let current: string[] = [];
  let size = 0;
  for (const piece of all) {
    const bytes = utf8Length(piece) + 1;
    if (current.length > 0 && size + bytes > budget) {
      parts.push(current.join("\n"));
      current = [];
      size = 0;
    }
    current.push(piece);
    size += bytes;
  }
  if (current.length > 0) parts.push(current.join("\n"));
  return parts;
}

function shallowestHeading(body: string): number | undefined {
  const levels = splitMarkdownSections(body)
    .map((section) => section.level)
    .filter((level) => level > 0);
  return levels.length === 0 ? undefined : Math.min(...levels);
}
