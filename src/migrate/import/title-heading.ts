/**
 * The first `# Heading` of an imported text, dropped when it only repeats the note's title:
 * the imported note is written with its own `# Title` line, and a second copy would be noise.
 * Any other first heading is kept, so no text is lost.
 *
 * @module
 */

const FIRST_HEADING = /^(?:[ \t]*\r?\n)*# +(.+?)[ \t#]*(?:\r?\n|$)/;

/**
 * `body` without a leading `# Heading` equal to `title` (ignoring case and surrounding spaces).
 *
 * @example
 * ```ts
 * withoutTitleHeading("# Notes\nText", "notes"); // "Text"
 * withoutTitleHeading("# Other\nText", "notes"); // "# Other\nText"
 * ```
 */
export function withoutTitleHeading(body: string, title: string): string {
  const match = FIRST_HEADING.exec(body);
  if (match === null || match[1]?.trim().toLowerCase() !== title.trim().toLowerCase()) return body;
  return body.slice(match[0].length);
}
