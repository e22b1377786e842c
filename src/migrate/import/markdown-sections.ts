/**
 * Splits markdown at its ATX headings, for import kinds that turn one big file (CLAUDE.md,
 * MEMORY.md, AGENTS.md) into one note per section. Headings inside fenced code blocks are not
 * headings; setext headings (`===` underlines) are left as text, they are rare in these files.
 *
 * @module
 */
import { fencedBlockEnd, openingFence } from "../../model/markdown/code-fences.js";

/** One section: its heading (absent for the text before the first heading) and its text. */
export interface MarkdownSection {
  /** The heading's text without the `#` marks; undefined for the preamble. */
  readonly heading: string | undefined;
  /** 1-6 for a heading, 0 for the preamble. */
  readonly level: number;
  /** The section's lines after its heading line, up to the next heading of level <= maxLevel. */
  readonly text: string;
}

const ATX_HEADING = /^ {0,3}(#{1,6})(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$/;

/**
 * The sections of `text` split at headings of level `maxLevel` or shallower; deeper headings
 * stay inside their section's text. Every line of `text` except the heading lines themselves
 * is in exactly one section's text, so nothing is lost.
 *
 * @example
 * ```ts
 * splitMarkdownSections("intro\n## A\nx\n## B\ny", 2).map((s) => s.heading); // [undefined, "A", "B"]
 * ```
 */
export function splitMarkdownSections(text: string, maxLevel = 6): MarkdownSection[] {
  const sections: MarkdownSection[] = [];
  let heading: string | undefined;
  let level = 0;
  let body: string[] = [];
  let offset = 0;
  const flush = (): void => {
    const joined = body.join("\n");
    if (heading !== undefined || joined.trim() !== "") {
      sections.push({ heading, level, text: joined });
    }
  };
  while (offset < text.length) {
    const lineEnd = text.indexOf("\n", offset);
    const next = lineEnd === -1 ? text.length : lineEnd + 1;
    const line = text.slice(offset, lineEnd === -1 ? text.length : lineEnd);
    const fence = openingFence(line);
    if (fence !== undefined) {
      const block = fencedBlockEnd(text, next, fence);
      body.push(text.slice(offset, block.end));
      offset = block.next;
      continue;
    }
    const match = ATX_HEADING.exec(line);
    const marks = match?.[1];
    if (match !== null && marks !== undefined && marks.length <= maxLevel) {
      flush();
      heading = (match[2] ?? "").trim();
      level = marks.length;
      body = [];
    } else {
      body.push(line);
    }
    offset = next;
  }
  flush();
  return sections;
}
