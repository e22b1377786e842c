/**
 * A note's lines as reference extraction sees them: prose (with its inline code spans),
 * lines of a shell code block, and lines of any other code block; and whether a line tells
 * history ("renamed", "removed", ...), whose references are expected to be gone.
 *
 * @module
 */

import { openingFence } from "../markdown/code-fences.js";

/** Where a line sits in the note. */
export type ReferenceLineKind = "prose" | "shell" | "code";

/** One line of a note, classified. */
export interface ReferenceLine {
  readonly kind: ReferenceLineKind;
  readonly text: string;
  /** The line talks about something that was renamed, removed or replaced. */
  readonly historical: boolean;
  /** Which block (paragraph, list item, heading, code block) the line belongs to, from 0. */
  readonly block: number;
}

// Info strings of blocks whose lines are commands a person runs.
const SHELL_INFO = new Set(["sh", "bash", "shell", "zsh", "fish"]);
// Transcripts of a terminal: only the lines after a `$ ` prompt are commands, the rest output.
const SESSION_INFO = new Set(["console", "shell-session", "terminal"]);
const CLOSING = /^ {0,3}(`{3,}|~{3,})[ \t]*$/;
// Words that say a line is about the past: a reference in it names what no longer exists on
// purpose ("src/old.ts was renamed to src/new.ts"). Such references are not reported.
const HISTORICAL =
  /\b(?:renamed|removed|deleted|dropped|replaced|moved|retired|deprecated|formerly|no longer|used to|obsolete|superseded|was called|were called|gone)\b/i;
// A heading or a list item starts a block of its own.
const BLOCK_START = /^\s{0,3}(?:#{1,6}\s|[-*+]\s|\d{1,9}[.)]\s)/;
// Strikethrough marks text as no longer true.
const STRUCK = /~~[^~]+~~/g;

/**
 * Splits a note body into classified lines. A fenced block's info string decides whether
 * its lines are shell (`sh`, `bash`, ...; in a `console` block only the `$ ` lines) or other
 * code; strikethrough text is
 * dropped from prose.
 *
 * @example
 * ```ts
 * referenceLines("Run it:\n```sh\nnpm run build\n```");
 * // [{ kind: "prose", text: "Run it:", ... }, { kind: "shell", text: "npm run build", ... }]
 * ```
 */
export function referenceLines(body: string): ReferenceLine[] {
  const lines: ReferenceLine[] = [];
  let fence: { char: string; length: number; kind: ReferenceLineKind | "session" } | undefined;
  let block = 0;
  let blockHasLines = false;
  const startBlock = () => {
    if (blockHasLines) block += 1;
    blockHasLines = false;
  };
  for (const text of body.split(/\r?\n/)) {
    if (fence !== undefined) {
      const closing = CLOSING.exec(text)?.[1];
      if (
        closing !== undefined &&
        closing.charAt(0) === fence.char &&
        closing.length >= fence.length
      ) {
        fence = undefined;
        startBlock();
        continue;
      }
      const kind = fence.kind !== "session" ? fence.kind : /^\s*\$ /.test(text) ? "shell" : "code";
      lines.push({ kind, text, historical: HISTORICAL.test(text), block });
      blockHasLines = true;
      continue;
    }
    const opened = openingFence(text);
    if (opened !== undefined) {
      const info = (text.trim().slice(opened.length).trim().split(/\s+/)[0] ?? "").toLowerCase();
      const kind = SHELL_INFO.has(info) ? "shell" : SESSION_INFO.has(info) ? "session" : "code";
      fence = { ...opened, kind };
      startBlock();
      continue;
    }
    if (text.trim() === "" || BLOCK_START.test(text)) startBlock();
    if (text.trim() === "") continue;
    const prose = text.replace(STRUCK, " ");
    lines.push({ kind: "prose", text: prose, historical: HISTORICAL.test(prose), block });
    blockHasLines = true;
  }
  return lines;
}

/** The inline code spans of a prose line, and the line with them blanked out. */
export function splitCodeSpans(line: string): { spans: string[]; rest: string } {
  const spans: string[] = [];
  const rest = line.replace(/(`+)([^`]+?)\1(?!`)/g, (whole, _ticks: string, inner: string) => {
    spans.push(inner.trim());
    return " ".repeat(whole.length);
  });
  return { spans, rest };
}
