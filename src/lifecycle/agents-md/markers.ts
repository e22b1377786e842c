/**
 * The two comment lines that fence the generated part of an AGENTS.md, and the defence that
 * keeps note text from forging them.
 *
 * Two patterns on purpose. {@link findMarkerLines} (what splicing trusts) only counts a marker
 * alone on its line, so prose or docs that mention the marker in passing are left alone.
 * {@link neutralizeMarkers} (what rendering applies to note text) matches far more loosely:
 * anywhere in a line, across line breaks, any whitespace, any case. Every text splicing could
 * take for a marker is therefore neutralised first.
 *
 * @module
 */

/** The line that opens the generated section. */
export const START_MARKER = "<!-- agent-memory:start -->";

/** The line that closes the generated section. */
export const END_MARKER = "<!-- agent-memory:end -->";

const LOOSE_MARKER = /<!--(?=\s*agent-memory\s*:\s*(?:start|end)\s*-->)/gi;
const MARKER_LINE = /^([ \t]*)(<!--[ \t]*agent-memory[ \t]*:[ \t]*(start|end)[ \t]*-->)[ \t]*\r?$/i;

/**
 * Makes every marker-like text harmless: `<!--` becomes `<\!--`. In rendered markdown the
 * backslash escape disappears, so a reader still sees the original text; in the raw file it
 * no longer matches any marker pattern, so a note can never close (or open) the section.
 *
 * @example
 * ```ts
 * neutralizeMarkers("x <!-- AGENT-MEMORY:end --> y"); // "x <\\!-- AGENT-MEMORY:end --> y"
 * ```
 */
export function neutralizeMarkers(text: string): string {
  // The lookahead leaves the rest of the match in place, and an inserted backslash can never
  // complete another `<!--`, so one pass leaves no match behind.
  return text.replace(LOOSE_MARKER, "<\\!--");
}

/**
 * Whether a text still holds something {@link neutralizeMarkers} would change.
 *
 * @example
 * ```ts
 * hasMarkerText("see <!--agent-memory: start-->"); // true
 * hasMarkerText(neutralizeMarkers("see <!--agent-memory: start-->")); // false
 * ```
 */
export function hasMarkerText(text: string): boolean {
  LOOSE_MARKER.lastIndex = 0;
  const found = LOOSE_MARKER.test(text);
  LOOSE_MARKER.lastIndex = 0;
  return found;
}

/** A marker found on a line of its own. */
export interface MarkerLine {
  readonly kind: "start" | "end";
  /** Offset of the marker's `<`: leading indentation is not part of it. */
  readonly start: number;
  /** Offset just after the marker's `>`: trailing spaces are not part of it. */
  readonly end: number;
  /** 1-based line number, for messages. */
  readonly line: number;
}

/**
 * The marker lines of a file, in order. Tolerant of case, inner whitespace and CRLF, so a
 * section someone reformatted by hand is still found.
 *
 * @example
 * ```ts
 * findMarkerLines("a\n<!-- agent-memory:start -->\n<!-- agent-memory:end -->\n");
 * // [{ kind: "start", start: 2, end: 29, line: 2 }, { kind: "end", start: 30, end: 55, line: 3 }]
 * ```
 */
export function findMarkerLines(text: string): MarkerLine[] {
  const found: MarkerLine[] = [];
  let offset = 0;
  let line = 1;
  for (const content of text.split("\n")) {
    const match = MARKER_LINE.exec(content);
    if (match !== null) {
      const indent = (match[1] ?? "").length;
      const marker = match[2] ?? "";
      const kind = (match[3] ?? "").toLowerCase() === "start" ? "start" : "end";
      found.push({ kind, start: offset + indent, end: offset + indent + marker.length, line });
    }
    offset += content.length + 1;
    line += 1;
  }
  return found;
}
