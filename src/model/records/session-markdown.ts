/**
 * The text of a session in the log, both ways:
 *
 * ```markdown
 * ## session 2 (14:05 UTC)
 *
 * ### what
 * ...
 * ### why
 * ...
 * ### how
 * ...
 *
 * - next: the pickup line
 * ```
 *
 * Parsing is lenient (people edit these files by hand); writing is strict.
 */

/** A session header line; its number and time. */
export const SESSION_HEADER = /^## session (\d{1,6}) \((\d{2}:\d{2}) UTC\)[ \t]*$/;
/** A subsection heading of this format. */
export const PART_HEADING = /^### (what|why|how)[ \t]*$/i;
const NEXT_LINE = /^- next:[ \t]*(.*?)[ \t]*$/;

/**
 * The four parts a session is written from.
 *
 * @example
 * ```ts
 * const parts: SessionParts = { what: "ran the tests", why: "CI was red", how: "npm test", next: "fix flaky test" };
 * ```
 */
export interface SessionParts {
  readonly what: string;
  readonly why: string;
  readonly how: string;
  readonly next: string;
}

/**
 * One session as found in a log file.
 *
 * @example
 * ```ts
 * const [first] = parseSessions(text);
 * first?.next; // "fix flaky test"
 * ```
 */
export interface ParsedSession {
  /** K of `## session K`. */
  readonly number: number;
  /** `HH:MM` (UTC) of the header. */
  readonly time: string;
  /** The session as written: header to last non-blank line. */
  readonly text: string;
  readonly what: string;
  readonly why: string;
  readonly how: string;
  /** The pickup line, or null when the session has none. */
  readonly next: string | null;
  /** UTF-8 byte offset just past the session's last line in the file. */
  readonly endOffset: number;
}

/**
 * The markdown of session `number`, ending in a newline.
 *
 * @example
 * ```ts
 * formatSession(1, "09:30", parts); // "## session 1 (09:30 UTC)\n\n### what\n..."
 * ```
 */
export function formatSession(number: number, time: string, parts: SessionParts): string {
  return [
    `## session ${number} (${time} UTC)`,
    "",
    "### what",
    parts.what,
    "",
    "### why",
    parts.why,
    "",
    "### how",
    parts.how,
    "",
    `- next: ${parts.next}`,
    "",
  ].join("\n");
}

/**
 * Every session in a log file, in file order. Text before the first header is ignored.
 *
 * @example
 * ```ts
 * parseSessions(await persistence.read("sessions/2026/04/16/agent0.md")).map((s) => s.number);
 * ```
 */
export function parseSessions(content: string): ParsedSession[] {
  const lines = content.split("\n");
  const sessions: ParsedSession[] = [];
  let offset = 0;
  let current: { number: number; time: string; lines: string[]; end: number } | undefined;
  const close = (): void => {
    if (current !== undefined)
      sessions.push(toSession(current.number, current.time, current.lines, current.end));
  };
  for (const [index, line] of lines.entries()) {
    const lineBytes = Buffer.byteLength(line) + (index < lines.length - 1 ? 1 : 0);
    const header = SESSION_HEADER.exec(line);
    if (header !== null) {
      close();
      current = { number: Number(header[1]), time: header[2] ?? "00:00", lines: [], end: offset };
    }
    offset += lineBytes;
    if (current === undefined) continue;
    current.lines.push(line);
    if (line.trim() !== "") current.end = offset;
  }
  close();
  return sessions;
}

function toSession(number: number, time: string, lines: string[], end: number): ParsedSession {
  const text = trimBlankLines(lines).join("\n");
  let nextIndex = -1;
  for (const [index, line] of lines.entries()) if (NEXT_LINE.test(line)) nextIndex = index;
  const nextMatch = nextIndex < 0 ? null : NEXT_LINE.exec(lines[nextIndex] ?? "");
  const parts = { what: "", why: "", how: "" };
  let part: keyof typeof parts | undefined;
  let body: string[] = [];
  const flush = (): void => {
    if (part !== undefined) parts[part] = trimBlankLines(body).join("\n");
  };
  for (const [index, line] of lines.entries()) {
    if (index === 0 || index === nextIndex) continue;
    const heading = PART_HEADING.exec(line);
    const name = heading?.[1]?.toLowerCase();
    if (name === "what" || name === "why" || name === "how") {
      flush();
      part = name;
      body = [];
    } else if (part !== undefined && (nextIndex < 0 || index < nextIndex)) {
      body.push(line);
    }
  }
  flush();
  return { number, time, text, ...parts, next: nextMatch?.[1] ?? null, endOffset: end };
}

/**
 * Lines without the blank ones at either end.
 *
 * @example
 * ```ts
 * trimBlankLines(["", "a", ""]); // ["a"]
 * ```
 */
export function trimBlankLines(lines: readonly string[]): string[] {
  let start = 0;
  let end = lines.length;
  while (start < end && (lines[start] ?? "").trim() === "") start++;
  while (end > start && (lines[end - 1] ?? "").trim() === "") end--;
  return lines.slice(start, end);
}
