/**
 * Inline markdown links and images, `[text](destination "title")` and `![alt](destination)`,
 * read the way an import needs them: to tell links to other notes of the source (`Other%20Note.md`,
 * `memory://permalink`) from external URLs and attachments.
 *
 * @module
 */
import { findCodeRanges, isInsideRanges } from "../../model/markdown/code-ranges.js";

/** One inline markdown link or image of a text. */
export interface MarkdownLink {
  /** Written `![...](...)`: an image or an embed. */
  readonly image: boolean;
  /** The bracketed text. */
  readonly text: string;
  /** The destination as written, without `<...>`: still percent-encoded. */
  readonly destination: string;
  readonly raw: string;
  readonly start: number;
}

// Destination: `<...>` or a bare run without spaces whose parentheses are balanced one deep.
const MARKDOWN_LINK =
  /(!?)\[([^\]\n]*)\]\(\s*(?:<([^<>\n]*)>|([^\s()<>]*(?:\([^\s()]*\)[^\s()<>]*)*))(?:\s+(?:"[^"\n]*"|'[^'\n]*'))?\s*\)/g;

/**
 * The inline links and images of `text`, in order, outside code.
 *
 * @example
 * ```ts
 * findMarkdownLinks("see [B](B%20note.md)")[0]?.destination; // "B%20note.md"
 * ```
 */
export function findMarkdownLinks(text: string): MarkdownLink[] {
  if (!text.includes("](")) return [];
  const code = findCodeRanges(text);
  const links: MarkdownLink[] = [];
  for (const match of text.matchAll(MARKDOWN_LINK)) {
    const bracket = match.index + (match[1] ?? "").length;
    if (isInsideRanges(code, bracket)) continue;
    links.push({
      image: match[1] === "!",
      text: match[2] ?? "",
      destination: match[3] ?? match[4] ?? "",
      raw: match[0],
      start: match.index,
    });
  }
  return links;
}

/** Whether a destination names a scheme (`https:`, `obsidian:`, `memory:`, `mailto:`). */
export function hasScheme(destination: string): boolean {
  return /^[A-Za-z][A-Za-z0-9+.-]*:/.test(destination);
}

/**
 * A destination with its percent-encoding undone (`Other%20Note.md` to `Other Note.md`);
 * a malformed escape leaves it as written.
 *
 * @example
 * ```ts
 * decodeDestination("Three%20laws.md"); // "Three laws.md"
 * ```
 */
export function decodeDestination(destination: string): string {
  try {
    return decodeURIComponent(destination);
  } catch {
    return destination;
  }
}
