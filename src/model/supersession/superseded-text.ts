/**
 * Which text of a note body is history rather than a current claim: all of it under a
 * note-level `> Superseded by` mark, and a superseded section's text (from its mark to the
 * next heading of the same or a higher level). Surfaces that inline a note as current drop
 * that text and keep the mark, so a reader learns where the current version is.
 *
 * @module
 */

import { findCodeRanges, isInsideRanges, type TextRange } from "../markdown/code-ranges.js";
import { readSupersessions } from "./supersession.js";

const HEADING = /^ {0,3}(#{1,6})(?:[ \t]|$)/;

/** A superseded stretch of a body: the mark line, and the text it retires after it. */
export interface SupersededSpan {
  readonly scope: "note" | "section";
  /** The mark line. */
  readonly mark: TextRange;
  /** The retired text: from the end of the mark line to the section's (or body's) end. */
  readonly text: TextRange;
}

/**
 * The superseded spans of a body, in order. A note-level mark retires the whole body.
 *
 * @example
 * ```ts
 * supersededSpans("Intro.\n\n## DB\n\n> Superseded by [[id__Ab3xYz]].\n\nSQLite.\n\n## Team\n\nFour.");
 * // [{ scope: "section", mark: { start: 15, end: 46 }, text: { start: 46, end: 57 } }]
 * ```
 */
export function supersededSpans(body: string): SupersededSpan[] {
  const marks = readSupersessions(body);
  if (marks.length === 0) return [];
  const note = marks.find((mark) => mark.scope === "note");
  if (note !== undefined) {
    return [{ scope: "note", mark: note.range, text: { start: note.range.end, end: body.length } }];
  }
  const headings = headingsOf(body);
  return marks.map((mark) => {
    const own = headings.filter((heading) => heading.start < mark.range.start).at(-1);
    const level = own?.level ?? 1;
    const next = headings.find(
      (heading) => heading.start > mark.range.start && heading.level <= level,
    );
    return {
      scope: "section",
      mark: mark.range,
      text: { start: mark.range.end, end: next?.start ?? body.length },
    };
  });
}

/**
 * The body as a reader of current facts should see it: each superseded section keeps its
 * heading and its mark, and its old text is left out. A body superseded as a whole keeps
 * only its mark. Returns the body itself when nothing in it is superseded.
 *
 * @example
 * ```ts
 * currentText("## DB\n\n> Superseded by [[id__Ab3xYz|DB]] on 2026-03-14.\n\nSQLite.\n\n## Team\n\nFour.");
 * // "## DB\n\n> Superseded by [[id__Ab3xYz|DB]] on 2026-03-14.\n\n## Team\n\nFour."
 * ```
 */
export function currentText(body: string): string {
  const spans = supersededSpans(body);
  if (spans.length === 0) return body;
  let out = "";
  let from = 0;
  for (const span of spans) {
    out += body.slice(from, span.text.start);
    const rest = body.slice(span.text.end);
    out += rest === "" ? "\n" : "\n\n";
    from = span.text.end;
  }
  return `${out}${body.slice(from)}`;
}

function headingsOf(body: string): { level: number; start: number }[] {
  const code = findCodeRanges(body);
  const found: { level: number; start: number }[] = [];
  let offset = 0;
  for (const line of body.split("\n")) {
    const start = offset;
    offset += line.length + 1;
    if (isInsideRanges(code, start)) continue;
    const heading = HEADING.exec(line);
    if (heading !== null) found.push({ level: heading[1]?.length ?? 1, start });
  }
  return found;
}
