/**
 * Changing a note's title in place: the heading line and nothing else.
 *
 * @module
 */

import { findCodeRanges, isInsideRanges } from "./markdown/code-ranges.js";

// The same rule parseNote uses: "# " and text; `##` and deeper are sections.
const TITLE_LINE = /^ {0,3}#[ \t]+(\S[^\n]*)$/;

/**
 * Replaces the title heading of a note's markdown (the first `# ` heading with text outside
 * code) with `# newTitle`, changing no other byte; a note without one gets the heading on
 * top, followed by a blank line. A rename uses it so that hand-written text, the tag line
 * and the file's line endings stay exactly as they were.
 *
 * @example
 * ```ts
 * replaceTitle("# Old\n\n#tag\n\nbody\n", "New"); // "# New\n\n#tag\n\nbody\n"
 * replaceTitle("just text\n", "New");            // "# New\n\njust text\n"
 * ```
 */
export function replaceTitle(markdown: string, newTitle: string): string {
  const code = findCodeRanges(markdown);
  let lineStart = 0;
  while (lineStart <= markdown.length) {
    const newline = markdown.indexOf("\n", lineStart);
    const lineEnd = newline === -1 ? markdown.length : newline;
    // A CRLF file keeps its "\r" after the new heading.
    const contentEnd = markdown.charAt(lineEnd - 1) === "\r" ? lineEnd - 1 : lineEnd;
    const line = markdown.slice(lineStart, contentEnd);
    if (TITLE_LINE.test(line) && line.trim() !== "#" && !isInsideRanges(code, lineStart)) {
      return `${markdown.slice(0, lineStart)}# ${newTitle}${markdown.slice(contentEnd)}`;
    }
    if (newline === -1) break;
    lineStart = newline + 1;
  }
  return markdown === "" ? `# ${newTitle}\n` : `# ${newTitle}\n\n${markdown}`;
}
