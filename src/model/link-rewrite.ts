/**
 * Rewriting links in place: the only edits the library makes to a body it did not write,
 * so each one changes the targeted bytes and nothing else.
 *
 * @module
 */

import { isValidId, normalizeIdInput } from "./id.js";
import { extractLinks, isValidDisplayText, linkIdOffset, type NoteLink } from "./links.js";

/** One replacement of `body[start, end)` by `text`. */
interface Edit {
  readonly start: number;
  readonly end: number;
  readonly text: string;
}

/** Applies non-overlapping edits given in ascending order. */
function applyEdits(body: string, edits: readonly Edit[]): string {
  let out = "";
  let cursor = 0;
  for (const edit of edits) {
    out += body.slice(cursor, edit.start) + edit.text;
    cursor = edit.end;
  }
  return out + body.slice(cursor);
}

/**
 * Points every link to `oldId` at `newId`, keeping display text, anchors and embeds.
 * Links inside code are left alone, as is every byte outside the link ids.
 *
 * Both ids may be given with or without the `id__` prefix. When `newId` is not a valid id
 * the body is returned unchanged, so this never writes a link that would not parse.
 *
 * @example
 * ```ts
 * replaceLink("see [[id__Ab3xYz|Bob]] and ![[id__Ab3xYz#cv]]", "id__Ab3xYz", "id__Zz9Zz9");
 * // "see [[id__Zz9Zz9|Bob]] and ![[id__Zz9Zz9#cv]]"
 * ```
 */
export function replaceLink(body: string, oldId: string, newId: string): string {
  const from = normalizeIdInput(oldId);
  const to = normalizeIdInput(newId);
  if (!isValidId(to)) return body;
  const edits = extractLinks(body)
    .filter((link) => link.id === from)
    .map((link) => {
      const start = linkIdOffset(link);
      return { start, end: start + link.id.length, text: to };
    });
  return applyEdits(body, edits);
}

/** The outcome of {@link replaceLinkText}. */
export interface ReplaceLinkTextResult {
  /** The body with the display texts replaced. */
  readonly body: string;
  /** How many links changed. */
  readonly count: number;
}

/**
 * Replaces the display text of every link to `targetId` whose display text is exactly
 * `oldText`, so inbound links follow a renamed note while custom text is kept.
 *
 * Links without their own display text, links in code, and every other byte stay as they
 * are. When `newText` could not be read back as display text (empty, a newline, `]]`, or
 * a final `]`; see {@link isValidDisplayText}) nothing is changed and `count` is 0.
 *
 * @example
 * ```ts
 * replaceLinkText("[[id__Ab3xYz|Old]] [[id__Ab3xYz|my text]]", "id__Ab3xYz", "Old", "New");
 * // { body: "[[id__Ab3xYz|New]] [[id__Ab3xYz|my text]]", count: 1 }
 * ```
 */
export function replaceLinkText(
  body: string,
  targetId: string,
  oldText: string,
  newText: string,
): ReplaceLinkTextResult {
  if (!isValidDisplayText(newText)) return { body, count: 0 };
  const target = normalizeIdInput(targetId);
  const matches = (link: NoteLink): boolean =>
    link.id === target && link.hasDisplayText && link.displayText === oldText;
  const edits = extractLinks(body)
    .filter(matches)
    .map((link) => {
      // The display text always sits right before the closing "]]".
      const end = link.position.end - 2;
      return { start: end - link.displayText.length, end, text: newText };
    });
  return { body: applyEdits(body, edits), count: edits.length };
}

/**
 * Turns every link to `id` into its plain text: the display text, else `fallbackText` (the
 * note's title). For a note that would link to itself, e.g. after a merge repointed its
 * sources' links: a self-link says nothing, and the words around it stay.
 *
 * @example
 * ```ts
 * unlinkId("as [[id__Ab3xYz|Bob]] said", "id__Ab3xYz", "Bob's note"); // "as Bob said"
 * ```
 */
export function unlinkId(body: string, id: string, fallbackText: string): string {
  const target = normalizeIdInput(id);
  const edits = extractLinks(body)
    .filter((link) => link.id === target)
    .map((link) => ({
      start: link.position.start,
      end: link.position.end,
      text: link.hasDisplayText ? link.displayText : fallbackText,
    }));
  return applyEdits(body, edits);
}
