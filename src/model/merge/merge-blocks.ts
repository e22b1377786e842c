/**
 * A note's text as the units a merge by meaning compares: paragraphs, each list item, each
 * heading line, each fenced code block whole; and back. Within one paragraph, sentences.
 *
 * @module
 */

import { fencedBlockEnd, openingFence } from "../markdown/code-fences.js";

const LIST_ITEM = /^[ \t]*(?:[-*+]|\d{1,9}[.)])[ \t]/;
const HEADING = /^ {0,3}#{1,6}(?:[ \t]|$)/;

/**
 * The units of `text` (`\n` line ends): blank lines separate paragraphs; a list item, a
 * heading line or a fenced code block is a unit of its own.
 *
 * @example
 * ```ts
 * textUnits("Intro.\n\n- a\n- b\n"); // ["Intro.", "- a", "- b"]
 * ```
 */
export function textUnits(text: string): string[] {
  const units: string[] = [];
  let current: string[] = [];
  const flush = () => {
    if (current.length > 0) units.push(current.join("\n"));
    current = [];
  };
  let at = 0;
  while (at < text.length) {
    const newline = text.indexOf("\n", at);
    const lineEnd = newline === -1 ? text.length : newline;
    const line = text.slice(at, lineEnd);
    const fence = openingFence(line);
    if (fence !== undefined) {
      flush();
      const block = fencedBlockEnd(text, lineEnd + 1, fence);
      units.push(text.slice(at, Math.max(block.end, lineEnd)));
      at = block.next;
      continue;
    }
    if (line.trim() === "") flush();
    else if (HEADING.test(line)) {
      flush();
      units.push(line);
    } else {
      if (LIST_ITEM.test(line)) flush();
      current.push(line);
    }
    at = lineEnd + 1;
  }
  flush();
  return units;
}

/**
 * Units joined back: list items one per line, everything else separated by a blank line.
 *
 * @example
 * ```ts
 * joinUnits(["Intro.", "- a", "- b"]); // "Intro.\n\n- a\n- b"
 * ```
 */
export function joinUnits(units: readonly string[]): string {
  let out = "";
  units.forEach((unit, i) => {
    if (i > 0) {
      const previous = units[i - 1] ?? "";
      out += LIST_ITEM.test(previous) && LIST_ITEM.test(unit) ? "\n" : "\n\n";
    }
    out += unit;
  });
  return out;
}

/**
 * The sentences of one paragraph with the whitespace before each kept, so that joining them
 * with "" gives the paragraph back.
 *
 * @example
 * ```ts
 * sentenceUnits("One. Two!"); // ["One.", " Two!"]
 * ```
 */
export function sentenceUnits(paragraph: string): string[] {
  return paragraph.split(/(?<=[.!?])(?=\s)/u);
}
