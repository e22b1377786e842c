/**
 * Supersession written in the note itself: a blockquote line `> Superseded by [[id|title]]
 * on DATE: reason.` as the first line of a note's body (the whole note) or of a `##` (or
 * deeper) section (that section only). The old text stays below it, untouched; the link is
 * an ordinary link, so backlinks, the graph and link rewrites on rename or merge keep working.
 *
 * Reading is tolerant (hand-written marks); writing produces one canonical line.
 *
 * @module
 */

import { err, ok, type Result } from "neverthrow";
import { ConflictError, InvalidInputError, NotFoundError } from "../../errors.js";
import { findCodeRanges, isInsideRanges, type TextRange } from "../markdown/code-ranges.js";
import { ID_SHAPE, isValidId } from "../id.js";
import { extractLinks, isValidDisplayText } from "../links.js";

/** One supersession mark found in a note body. */
export interface Supersession {
  /** `note`: the whole note is superseded; `section`: one `##` (or deeper) section. */
  readonly scope: "note" | "section";
  /** The heading text of the superseded section (scope `section` only). */
  readonly section?: string;
  /** The id of the note that replaces this one (or this section). */
  readonly successorId: string;
  /** The date written on the mark, `YYYY-MM-DD`, when there is a valid one. */
  readonly date?: string;
  /** The reason written after `:` (a leading "because " and one final "." dropped). */
  readonly reason?: string;
  /** Offsets of the marker line in the body (newline excluded). */
  readonly range: TextRange;
}

/** What {@link markSuperseded} writes. */
export interface SupersessionMark {
  readonly successorId: string;
  /** The successor's title, written as the link's display text. */
  readonly successorTitle: string;
  /** `YYYY-MM-DD`. */
  readonly date: string;
  readonly reason?: string;
}

/**
 * Why {@link markSuperseded} refused: `INVALID_INPUT` (a newline in the title or reason, a
 * bad id or date, an ambiguous section), `NOT_FOUND` (no such section), `CONFLICT` (already
 * superseded by another note).
 */
export type SupersessionFormatError = InvalidInputError | NotFoundError | ConflictError;

const MARKER_WORD = /superseded/i;
const QUOTE_PREFIX = /^ {0,3}>[ \t]?/;
const HEADING = /^ {0,3}(#{1,6})(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const DATE_PART = /^(?:(?:on|as of)[ \t]+)?(\d{4}-\d{2}-\d{2})\b/i;
const EMPHASIS = /[*_]/g;
const BECAUSE = /^[,.]?[ \t]*because[ \t]+/i;

/**
 * Every supersession mark of a note body: the note-level one (the body's first line) and one
 * per section whose first line is a mark. Lines inside code are ignored, and so is a mark
 * anywhere else (it is then a quote like any other).
 *
 * @param body The note body, as `parseNote` returns it (without the title and tag line).
 * @example
 * ```ts
 * readSupersessions("> Superseded by [[id__Ab3xYz|Postgres]] on 2026-03-14: too slow.\n\nWe use SQLite.");
 * // [{ scope: "note", successorId: "id__Ab3xYz", date: "2026-03-14", reason: "too slow", range: { start: 0, end: 64 } }]
 * ```
 */
export function readSupersessions(body: string): Supersession[] {
  if (!MARKER_WORD.test(body)) return [];
  const code = findCodeRanges(body);
  const found: Supersession[] = [];
  let section: string | undefined;
  let awaitingFirstLine = true;
  let scope: "note" | "section" = "note";
  let offset = 0;
  for (const line of body.split("\n")) {
    const start = offset;
    offset += line.length + 1;
    if (line.trim() === "" || isInsideRanges(code, start)) {
      if (line.trim() !== "") awaitingFirstLine = false;
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading !== null) {
      const level = heading[1]?.length ?? 1;
      awaitingFirstLine = level >= 2;
      scope = "section";
      section = (heading[2] ?? "").trim();
      continue;
    }
    if (!awaitingFirstLine) continue;
    awaitingFirstLine = false;
    const mark = parseMarkLine(line, start, code);
    if (mark === undefined) continue;
    found.push(scope === "note" ? { scope, ...mark } : { scope, section: section ?? "", ...mark });
  }
  return found;
}

/**
 * The note-level mark of a body (its first line), if any.
 *
 * @example
 * ```ts
 * noteSupersession("> Superseded by [[id__Ab3xYz]].\n\nOld text.")?.successorId; // "id__Ab3xYz"
 * noteSupersession("Old text."); // undefined
 * ```
 */
export function noteSupersession(body: string): Supersession | undefined {
  const first = readSupersessions(body)[0];
  return first?.scope === "note" ? first : undefined;
}

/**
 * The canonical mark line. Line breaks in the title or reason become spaces (use
 * {@link markSuperseded}, which refuses them); a reason gets a final "." unless it already
 * ends with `.`, `!` or `?`.
 *
 * @example
 * ```ts
 * formatSupersessionLine({ successorId: "id__Ab3xYz", successorTitle: "Postgres", date: "2026-03-14", reason: "too slow" });
 * // "> Superseded by [[id__Ab3xYz|Postgres]] on 2026-03-14: too slow."
 * ```
 */
export function formatSupersessionLine(mark: SupersessionMark): string {
  const title = oneLine(mark.successorTitle);
  const link = isValidDisplayText(title)
    ? `[[${mark.successorId}|${title}]]`
    : `[[${mark.successorId}]]`;
  const reason = mark.reason === undefined ? "" : oneLine(mark.reason);
  const ending = reason === "" ? "." : `: ${reason}${/[.!?]$/.test(reason) ? "" : "."}`;
  return `> Superseded by ${link} on ${mark.date}${ending}`;
}

/**
 * Writes a mark into a body: as its first line (the whole note), or as the first line under
 * the heading `options.section` (matched case-insensitively, `#`s optional). Idempotent: a
 * body already marked with the same successor at that place comes back unchanged.
 *
 * @example
 * ```ts
 * markSuperseded("We use SQLite.", { successorId: "id__Ab3xYz", successorTitle: "Postgres", date: "2026-03-14" });
 * // ok("> Superseded by [[id__Ab3xYz|Postgres]] on 2026-03-14.\n\nWe use SQLite.")
 * ```
 */
export function markSuperseded(
  body: string,
  mark: SupersessionMark,
  options: { readonly section?: string } = {},
): Result<string, SupersessionFormatError> {
  const invalid = checkMark(mark);
  if (invalid !== undefined) return err(invalid);
  const line = formatSupersessionLine(mark);
  const existing = readSupersessions(body);
  if (options.section === undefined) {
    const current = existing.find((found) => found.scope === "note");
    if (current !== undefined) return sameOrConflict(body, current, mark, "this note");
    return ok(body.trim() === "" ? line : `${line}\n\n${body.replace(/^\n+/, "")}`);
  }
  const wanted = headingKey(options.section);
  const headings = findSectionHeadings(body).filter((h) => headingKey(h.text) === wanted);
  const target = headings[0];
  if (target === undefined) {
    return err(
      new NotFoundError(
        `The note has no section headed "${options.section.trim()}"; give the text of one of its ## headings, or leave the section out to mark the whole note. Nothing was written.`,
      ),
    );
  }
  if (headings.length > 1) {
    return err(
      new InvalidInputError(
        `The note has ${headings.length} sections headed "${target.text}"; rename one so the section is unambiguous, or mark the whole note. Nothing was written.`,
      ),
    );
  }
  const current = existing.find(
    (found) =>
      found.scope === "section" &&
      found.range.start > target.end &&
      found.range.start < target.nextStart,
  );
  if (current !== undefined) return sameOrConflict(body, current, mark, `section "${target.text}"`);
  const before = body.slice(0, target.end);
  const after = body
    .slice(target.end)
    .replace(/^(?:[ \t]*\n)*/, "")
    .replace(/^[ \t]*$/, "");
  return ok(after === "" ? `${before}\n\n${line}` : `${before}\n\n${line}\n\n${after}`);
}

function sameOrConflict(
  body: string,
  current: Supersession,
  mark: SupersessionMark,
  where: string,
): Result<string, SupersessionFormatError> {
  if (current.successorId === mark.successorId) return ok(body);
  return err(
    new ConflictError(
      `${where[0]?.toUpperCase() ?? ""}${where.slice(1)} is already superseded by ${current.successorId}; ` +
        `remove or change that mark first (memory edit) if ${mark.successorId} replaces it instead. Nothing was written.`,
    ),
  );
}

function checkMark(mark: SupersessionMark): InvalidInputError | undefined {
  if (!isValidId(mark.successorId)) {
    return new InvalidInputError(
      `"${mark.successorId}" is not a note id (${ID_SHAPE}). Nothing was written.`,
    );
  }
  if (!isIsoDate(mark.date)) {
    return new InvalidInputError(
      `"${mark.date}" is not a date; give it as YYYY-MM-DD, e.g. 2026-03-14. Nothing was written.`,
    );
  }
  if (/[\r\n]/.test(mark.successorTitle) || /[\r\n]/.test(mark.reason ?? "")) {
    return new InvalidInputError(
      "A supersession mark is one line: take the line breaks out of the title and the reason. Nothing was written.",
    );
  }
  return undefined;
}

/** Whether a text is a real calendar date written `YYYY-MM-DD`. */
export function isIsoDate(text: string): boolean {
  if (!ISO_DATE.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}

interface SectionHeading {
  readonly text: string;
  /** End of the heading line. */
  readonly end: number;
  /** Start of the next heading of the same or a higher level, or the body's length. */
  readonly nextStart: number;
}

function findSectionHeadings(body: string): SectionHeading[] {
  const code = findCodeRanges(body);
  const all: { level: number; text: string; start: number; end: number }[] = [];
  let offset = 0;
  for (const line of body.split("\n")) {
    const start = offset;
    offset += line.length + 1;
    if (isInsideRanges(code, start)) continue;
    const heading = HEADING.exec(line);
    if (heading === null) continue;
    all.push({
      level: heading[1]?.length ?? 1,
      text: (heading[2] ?? "").trim(),
      start,
      end: start + line.length,
    });
  }
  return all.flatMap((heading, index) => {
    if (heading.level < 2) return [];
    const next = all.slice(index + 1).find((other) => other.level <= heading.level);
    return [{ text: heading.text, end: heading.end, nextStart: next?.start ?? body.length }];
  });
}

function headingKey(text: string): string {
  return text
    .trim()
    .replace(/^#+[ \t]*/, "")
    .replace(/\s+/g, " ")
    .toLowerCase();
}

function oneLine(text: string): string {
  return text.replace(/[\r\n]+/g, " ").trim();
}

/** Parses one line as a mark, or undefined when it is not one. */
function parseMarkLine(
  line: string,
  start: number,
  code: readonly TextRange[],
): Omit<Supersession, "scope" | "section"> | undefined {
  const quote = QUOTE_PREFIX.exec(line);
  if (quote === null) return undefined;
  const link = extractLinks(line)[0];
  if (link === undefined || link.embed || isInsideRanges(code, start + link.position.start)) {
    return undefined;
  }
  const lead = line.slice(quote[0].length, link.position.start).replace(EMPHASIS, "");
  if (lead.trim().replace(/\s+/g, " ").toLowerCase() !== "superseded by") return undefined;
  const rest = line
    .slice(link.position.end)
    .replace(/^[*_]+/, "")
    .trim()
    .replace(/^,[ \t]*/, "");
  const dated = DATE_PART.exec(rest);
  const date = dated?.[1] !== undefined && isIsoDate(dated[1]) ? dated[1] : undefined;
  const afterDate = dated === null ? rest : rest.slice(dated[0].length);
  const reason = readReason(afterDate);
  return {
    successorId: link.id,
    ...(date === undefined ? {} : { date }),
    ...(reason === undefined ? {} : { reason }),
    range: { start, end: start + line.length },
  };
}

function readReason(text: string): string | undefined {
  const colon = text.indexOf(":");
  const raw = colon !== -1 ? text.slice(colon + 1) : BECAUSE.test(text) ? text : "";
  const reason = raw
    .replace(BECAUSE, "")
    .replace(/[*_]+$/, "")
    .trim()
    .replace(/\.$/, "")
    .trim();
  return reason === "" ? undefined : reason;
}
