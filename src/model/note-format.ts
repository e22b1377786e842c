/**
 * The note file format: a `# title` heading, an optional line of tags, then the body.
 * Parsing accepts whatever people and agents write by hand; serializing writes the
 * canonical form, and the two round-trip.
 *
 * @module
 */

import { findCodeRanges, isInsideRanges, type TextRange } from "./markdown/code-ranges.js";
import { extractLinks, type NoteLink } from "./links.js";
import { readableSlug } from "./slug.js";
import { dedupeTags, extractTags, isValidTagName } from "./tags.js";

/** What a note says, independent of where it is stored. */
export interface NoteContent {
  /** The title, written as the `# ` heading. */
  readonly title: string;
  /** Tag names without `#`, written on the line under the heading. */
  readonly tags: readonly string[];
  /** The markdown under the tag line. */
  readonly body: string;
}

/** A note file read back into its parts. */
export interface ParsedNote {
  /** The note id (from the filename, passed in). */
  readonly id: string;
  /** The heading text, or a fallback when the note has no `# ` heading. */
  readonly title: string;
  /** Every tag: the tag line's, then the body's, deduplicated case-insensitively. */
  readonly tags: string[];
  /** The links of the body, with positions relative to {@link ParsedNote.body}. */
  readonly links: NoteLink[];
  /** The text without the heading and the tag line. */
  readonly body: string;
  /** Whether the note has a `# ` heading. */
  readonly hasHeading: boolean;
  /** The tags of the tag line under the heading (empty when there is none). */
  readonly tagLine: string[];
}

/** Options of {@link parseNote}. */
export interface ParseNoteOptions {
  /** The filename slug, used for the title when the note has no heading. */
  readonly slug?: string;
}

const BLANK_LINE = /^[ \t]*$/;
const LEADING_BLANK_LINES = /^(?:[ \t]*\n)+/;
// "# " and its text; `##` and deeper levels are sections, not the title.
const TITLE_LINE = /^ {0,3}#[ \t]+([^\n]*)$/;

/**
 * Puts a body into the canonical form the format stores: `\n` line endings, no leading
 * blank lines, no trailing whitespace. Bodies in this form survive a serialize/parse
 * round trip.
 *
 * @example
 * ```ts
 * normalizeBody("\n\r\nhello\r\nworld  \n\n"); // "hello\nworld"
 * ```
 */
export function normalizeBody(text: string): string {
  const unix = text.includes("\r") ? text.replace(/\r\n/g, "\n") : text;
  return unix.trimEnd().replace(LEADING_BLANK_LINES, "");
}

/**
 * Writes a note in the canonical format: heading, blank line, tag line, blank line, body,
 * final newline. The tag line and the body, with the blank line before each, are left out
 * when empty.
 *
 * @example
 * ```ts
 * serializeNote({ title: "Igor", tags: ["people", "work"], body: "A developer." });
 * // "# Igor\n\n#people #work\n\nA developer.\n"
 * serializeNote({ title: "Igor", tags: [], body: "" }); // "# Igor\n"
 * ```
 */
export function serializeNote(content: NoteContent): string {
  const tagLine =
    content.tags.length > 0 ? `\n${content.tags.map((t) => `#${t}`).join(" ")}\n` : "";
  const body = content.body === "" ? "" : `\n${content.body}\n`;
  return `# ${content.title}\n${tagLine}${body}`;
}

/**
 * Reads a note file. Accepts `\n` and `\r\n` line endings and notes edited by hand.
 *
 * The title is the first `# ` heading outside fenced code; without one it is the readable
 * form of `options.slug`, or else the id. The heading line leaves the body; so does the first
 * non-blank line after it when it holds only tags (the tag line). Text before the heading
 * stays at the start of the body, separated from the rest by one blank line. Leading blank
 * lines and trailing whitespace are trimmed.
 *
 * @param markdown - The file content.
 * @param id - The note id, taken from the filename.
 * @example
 * ```ts
 * const note = parseNote("# Igor\n\n#people\n\nWorks with [[id__Kf9mNp|Ana]] #design.\n", "id__Ab3xYz");
 * note.title; // "Igor"
 * note.tags;  // ["people", "design"]
 * note.body;  // "Works with [[id__Kf9mNp|Ana]] #design."
 * ```
 */
export function parseNote(
  markdown: string,
  id: string,
  options: ParseNoteOptions = {},
): ParsedNote {
  const text = markdown.includes("\r") ? markdown.replace(/\r\n/g, "\n") : markdown;
  const canonical = parseCanonical(text, id);
  if (canonical !== undefined) return canonical;
  const lines = text.split("\n");
  const heading = findTitleLine(lines);
  if (heading === undefined) {
    const slugTitle = readableSlug(options.slug ?? "");
    const title = slugTitle === "" ? id : slugTitle;
    return assemble(id, title, false, [], normalizeBody(lines.join("\n")));
  }

  const after = lines.slice(heading.index + 1);
  const firstContent = after.findIndex((line) => !BLANK_LINE.test(line));
  const tagLine = readTagLine(after[firstContent] ?? "");
  if (tagLine !== undefined) after.splice(firstContent, 1);
  // Text above the heading stays first, one blank line away from the rest, so the
  // removed heading does not leave a gap or glue two paragraphs together.
  const above = normalizeBody(lines.slice(0, heading.index).join("\n"));
  const below = normalizeBody(after.join("\n"));
  const body = above !== "" && below !== "" ? `${above}\n\n${below}` : above + below;
  return assemble(id, heading.title, true, tagLine ?? [], body);
}

/**
 * The fast path for the format the library writes (the title on the first line), which is
 * nearly every note: no line arrays and no code scan, since nothing above line one can
 * open a fence. Returns undefined for any other shape.
 */
function parseCanonical(text: string, id: string): ParsedNote | undefined {
  const firstBreak = text.indexOf("\n");
  const title = TITLE_LINE.exec(firstBreak === -1 ? text : text.slice(0, firstBreak))?.[1]?.trim();
  if (title === undefined || title === "") return undefined;
  const rest = firstBreak === -1 ? "" : text.slice(firstBreak + 1);
  const contentStart = LEADING_BLANK_LINES.exec(rest)?.[0].length ?? 0;
  const lineEnd = rest.indexOf("\n", contentStart);
  const tagLine = readTagLine(rest.slice(contentStart, lineEnd === -1 ? undefined : lineEnd));
  const below = tagLine === undefined ? rest : lineEnd === -1 ? "" : rest.slice(lineEnd + 1);
  return assemble(id, title, true, tagLine ?? [], normalizeBody(below));
}

function assemble(
  id: string,
  title: string,
  hasHeading: boolean,
  tagLine: string[],
  body: string,
): ParsedNote {
  return {
    id,
    title,
    tags: dedupeTags([...tagLine, ...extractTags(body)]),
    links: extractLinks(body),
    body,
    hasHeading,
    tagLine,
  };
}

/** The first `# ` heading with text whose line is not inside fenced code. */
function findTitleLine(lines: readonly string[]): { index: number; title: string } | undefined {
  const code: readonly TextRange[] = findCodeRanges(lines.join("\n"));
  let offset = 0;
  for (const [index, line] of lines.entries()) {
    const title = TITLE_LINE.exec(line)?.[1]?.trim();
    if (title !== undefined && title !== "" && !isInsideRanges(code, offset))
      return { index, title };
    offset += line.length + 1;
  }
  return undefined;
}

// Four columns of indentation (a tab reaches the next multiple of four) make a line code.
const INDENTED_CODE = /^(?: {4}| {0,3}\t)/;

/**
 * The tag names of a line made only of `#tag` tokens, or undefined for any other line. An
 * indented line is code, whatever it holds: a body that opens with an indented `#x` keeps it.
 */
function readTagLine(line: string): string[] | undefined {
  if (INDENTED_CODE.test(line)) return undefined;
  const tokens = line.split(/[ \t]+/).filter((token) => token !== "");
  if (tokens.length === 0) return undefined;
  const names: string[] = [];
  for (const token of tokens) {
    const name = token.slice(1);
    if (!token.startsWith("#") || !isValidTagName(name)) return undefined;
    names.push(name);
  }
  return dedupeTags(names);
}
