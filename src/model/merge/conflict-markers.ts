/**
 * Git's conflict markers left in a file: a merge that stopped on a conflict writes both sides
 * between `<<<<<<<`, `=======` and `>>>>>>>` lines, and a note committed like that reads as
 * two versions of itself.
 *
 * @module
 */

import { findCodeRanges, isInsideRanges } from "../markdown/code-ranges.js";

const OPENING = /^<{7}(?: |$)/mu;
const CLOSING = /^>{7}(?: |$)/mu;
const ANY_MARKER = /^(?:<{7}(?: .*)?|={7}|>{7}(?: .*)?)$/gmu;

/**
 * The 1-based line numbers of the conflict markers in `text`, or an empty list when it has
 * none: an opening `<<<<<<<` and a closing `>>>>>>>` line must both be there, outside code
 * (a note about git may quote them in a fence).
 *
 * @example
 * ```ts
 * conflictMarkerLines("a\n<<<<<<< HEAD\nx\n=======\ny\n>>>>>>> theirs\n"); // [2, 4, 6]
 * conflictMarkerLines("```\n<<<<<<< HEAD\n>>>>>>> b\n```\n");             // []
 * ```
 */
export function conflictMarkerLines(text: string): number[] {
  if (!OPENING.test(text) || !CLOSING.test(text)) return [];
  const code = findCodeRanges(text);
  const lines: number[] = [];
  for (const match of text.matchAll(ANY_MARKER)) {
    if (isInsideRanges(code, match.index)) continue;
    lines.push(lineOf(text, match.index));
  }
  const opens = lines.some((line) => OPENING.test(lineText(text, line)));
  const closes = lines.some((line) => CLOSING.test(lineText(text, line)));
  return opens && closes ? lines : [];
}

function lineOf(text: string, index: number): number {
  let line = 1;
  for (let at = text.indexOf("\n"); at !== -1 && at < index; at = text.indexOf("\n", at + 1))
    line++;
  return line;
}

function lineText(text: string, line: number): string {
  return text.split("\n")[line - 1] ?? "";
}
