import type { Note } from "../notes/store/note-meta.js";
import { escapeHtml } from "./html.js";

/** A note linking to another, with the sentence around the link. */
export interface Backlink {
  readonly sourceId: string;
  /** The sentence as HTML: the link shown as its text, marked. */
  readonly sentence: string;
}

// A sentence longer than this is cut around the link: a backlink is a glance, not a read.
const MAX_SIDE = 120;
// At most this many sentences from one source: a note naming another ten times shows three.
const MAX_PER_SOURCE = 3;

/**
 * Every note's backlinks, in the sources' order, each with the sentence around the link:
 * the text from the previous sentence end (or line start) to the next one, links in it shown
 * as their text. Self-links are left out.
 *
 * @example
 * ```ts
 * backlinksByTarget([{ id: "id__Ab3xYz", parsed }]).get("id__Kf9mNp");
 * // [{ sourceId: "id__Ab3xYz", sentence: "He works on <mark>the console</mark>." }]
 * ```
 */
export function backlinksByTarget(
  sources: readonly { readonly id: string; readonly parsed: Pick<Note, "body" | "links"> }[],
): Map<string, Backlink[]> {
  const byTarget = new Map<string, Backlink[]>();
  for (const { id, parsed } of sources) {
    const readable = readableWithRanges(parsed);
    const counts = new Map<string, number>();
    parsed.links.forEach((link, at) => {
      const count = counts.get(link.id) ?? 0;
      if (link.id === id || count >= MAX_PER_SOURCE) return;
      counts.set(link.id, count + 1);
      const range = readable.ranges[at];
      if (range === undefined) return;
      const list = byTarget.get(link.id) ?? [];
      list.push({ sourceId: id, sentence: sentenceAround(readable.text, range) });
      byTarget.set(link.id, list);
    });
  }
  return byTarget;
}

/** The body with each link replaced by its text, and where each link's text now is. */
function readableWithRanges(parsed: Pick<Note, "body" | "links">): {
  text: string;
  ranges: (readonly [number, number])[];
} {
  let text = "";
  let from = 0;
  const ranges: (readonly [number, number])[] = [];
  for (const link of parsed.links) {
    text += parsed.body.slice(from, link.position.start);
    ranges.push([text.length, text.length + link.displayText.length]);
    text += link.displayText;
    from = link.position.end;
  }
  return { text: text + parsed.body.slice(from), ranges };
}

function sentenceAround(text: string, [start, end]: readonly [number, number]): string {
  let left = start;
  while (left > 0 && left > start - MAX_SIDE && !endsSentence(text, left - 1)) left--;
  let right = end;
  while (right < text.length && right < end + MAX_SIDE && !endsSentence(text, right)) right++;
  if (right < text.length && text[right] !== "\n") right++;
  const before = text.slice(left, start).trimStart();
  const after = text.slice(end, right).trimEnd();
  return (
    (left > 0 && !endsSentence(text, left - 1) ? "…" : "") +
    escapeHtml(before) +
    `<mark>${escapeHtml(text.slice(start, end))}</mark>` +
    escapeHtml(after) +
    (right < text.length && !endsSentence(text, right - 1) && text[right] !== "\n" ? "…" : "")
  );
}

const NEWLINE = 10;
const FULL_STOP = 46;
const EXCLAMATION = 33;
const QUESTION = 63;

// Called for every character around every link: character codes, no regex, no strings.
function endsSentence(text: string, at: number): boolean {
  const code = text.charCodeAt(at);
  if (code === NEWLINE) return true;
  if (code !== FULL_STOP && code !== EXCLAMATION && code !== QUESTION) return false;
  return at + 1 >= text.length || isSpace(text.charCodeAt(at + 1));
}

/** Whether a character code is whitespace as `\s` means it. */
function isSpace(code: number): boolean {
  return (
    code === 32 ||
    (code >= 9 && code <= 13) ||
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff
  );
}
