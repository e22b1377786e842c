/**
 * Links between notes: `[[id__XXXXXX|display text]]`, `[[id__XXXXXX]]`, an optional
 * `#anchor` after the id, and embeds written `![[...]]`.
 *
 * @module
 */

import { findCodeRanges, isInsideRanges, type TextRange } from "./markdown/code-ranges.js";
import { idLengthAt } from "./id.js";

/** One link found in a note body. */
export interface NoteLink {
  /** The id of the target note. */
  readonly id: string;
  /** The text after `|`, or the id when the link has none. */
  readonly displayText: string;
  /** Whether the link carries its own display text (`[[id|text]]`). */
  readonly hasDisplayText: boolean;
  /** The anchor after `#` (without the `#`), present only when the link has one. */
  readonly anchor?: string;
  /** Whether the link is an embed, written `![[...]]`. */
  readonly embed: boolean;
  /** Offsets of the whole token in the body, from `[[` (or the `!` of an embed) to after `]]`. */
  readonly position: TextRange;
}

/**
 * Tells whether a text can be written as a link's display text and read back unchanged:
 * non-empty, no newline, no `]]`, not ending in `]` (which would close the link early),
 * and every backtick part of a code span within the text (a stray one would pair with a
 * backtick elsewhere in the body and turn the text after it into code).
 *
 * @example
 * ```ts
 * isValidDisplayText("console app");  // true
 * isValidDisplayText("run `npm ci`"); // true
 * isValidDisplayText("see [x]");      // false
 * ```
 */
export function isValidDisplayText(text: string): boolean {
  if (text === "" || text.includes("\n") || text.includes("]]") || text.endsWith("]")) return false;
  const code = findCodeRanges(text);
  for (let i = text.indexOf("`"); i !== -1; i = text.indexOf("`", i + 1)) {
    if (!isInsideRanges(code, i)) return false;
  }
  return true;
}

/**
 * Finds every link of a note body, in order.
 *
 * A link ends at the first `]]` after its id, so brackets cannot nest:
 * `[[id__Ab3xYz|see [x]]]` has the display text `see [x` and is followed by a literal `]`.
 * Display text may hold any character except a newline and `]]`; an empty display text
 * (`[[id__Ab3xYz|]]`) counts as none. Ignored: links with an invalid id (wrong length or
 * characters), links that are malformed or unclosed, and links whose `[[` lies in fenced
 * or inline code (a code span inside the display text does not hide the link).
 *
 * @example
 * ```ts
 * extractLinks("works on the [[id__Kf9mNp|console app]]");
 * // [{ id: "id__Kf9mNp", displayText: "console app", hasDisplayText: true,
 * //    embed: false, position: { start: 13, end: 39 } }]
 * ```
 */
export function extractLinks(body: string): NoteLink[] {
  const code = findCodeRanges(body);
  const links: NoteLink[] = [];
  let from = 0;
  for (;;) {
    const open = body.indexOf("[[", from);
    if (open === -1) break;
    const link = isInsideRanges(code, open) ? undefined : parseLinkAt(body, open, code);
    if (link === undefined) {
      from = open + 1;
      continue;
    }
    links.push(link);
    from = link.position.end;
  }
  return links;
}

/** Parses the link whose `[[` is at `open`, or returns undefined when it is not one. */
function parseLinkAt(body: string, open: number, code: readonly TextRange[]): NoteLink | undefined {
  const idStart = open + 2;
  const idLength = idLengthAt(body, idStart);
  if (idLength === 0) return undefined;
  const id = body.slice(idStart, idStart + idLength);

  let cursor = idStart + idLength;
  let anchor: string | undefined;
  if (body.charAt(cursor) === "#") {
    const anchorEnd = firstOf(body, cursor + 1, ["|", "]]"]);
    if (anchorEnd === -1) return undefined;
    anchor = body.slice(cursor + 1, anchorEnd);
    cursor = anchorEnd;
  }

  let displayText = id;
  let hasDisplayText = false;
  let close = cursor;
  if (body.charAt(cursor) === "|") {
    close = body.indexOf("]]", cursor + 1);
    if (close === -1) return undefined;
    const text = body.slice(cursor + 1, close);
    if (text.includes("\n")) return undefined;
    if (text !== "") {
      displayText = text;
      hasDisplayText = true;
    }
  } else if (!body.startsWith("]]", cursor)) {
    return undefined;
  }

  const embed = open > 0 && body.charAt(open - 1) === "!" && !isInsideRanges(code, open - 1);
  const position = { start: embed ? open - 1 : open, end: close + 2 };
  return anchor === undefined
    ? { id, displayText, hasDisplayText, embed, position }
    : { id, displayText, hasDisplayText, anchor, embed, position };
}

/**
 * Offset of the earliest of `needles` at or after `from`, or -1 when a newline comes first
 * or none occurs: a link never spans lines.
 */
function firstOf(body: string, from: number, needles: readonly string[]): number {
  const newline = body.indexOf("\n", from);
  const limit = newline === -1 ? body.length : newline;
  let best = -1;
  for (const needle of needles) {
    const at = body.indexOf(needle, from);
    if (at !== -1 && at < limit && (best === -1 || at < best)) best = at;
  }
  return best;
}

/** Offset of the first id character of a link found by {@link extractLinks}. */
export function linkIdOffset(link: NoteLink): number {
  return link.position.start + (link.embed ? 1 : 0) + 2;
}
