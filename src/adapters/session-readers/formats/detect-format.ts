/**
 * Which transcript format a file is, from its first lines; and, when none matches, a short
 * account of what the file holds instead, so the error says what was expected and found.
 */
import { isRecord } from "../../../shared/is-record.js";
import { chatMessagesFormat } from "./chat-messages.js";
import { claudeCodeFormat } from "./claude-code.js";
import { codexExecFormat } from "./codex-exec.js";
import { codexRolloutFormat } from "./codex-rollout.js";
import { cursorFormat } from "./cursor.js";
import { geminiFormat } from "./gemini.js";
import { piFormat } from "./pi.js";
import type { ParsedLine, TranscriptFormat } from "./transcript-format.js";

/** The formats the `jsonl` reader renders, most specific first. */
export const TRANSCRIPT_FORMATS: readonly TranscriptFormat[] = [
  piFormat,
  claudeCodeFormat,
  codexRolloutFormat,
  codexExecFormat,
  geminiFormat,
  cursorFormat,
  chatMessagesFormat,
];

/** How many JSON objects detection looks at. */
const DETECT_LINES = 20;

/**
 * The format of a transcript whose first lines are `lines`; undefined when none matches.
 *
 * @example
 * ```ts
 * detectFormat(parsedHead)?.name; // "Claude Code session"
 * ```
 */
export function detectFormat(lines: readonly ParsedLine[]): TranscriptFormat | undefined {
  const first = lines
    .flatMap((line) => (isRecord(line.value) ? [line.value] : []))
    .slice(0, DETECT_LINES);
  return TRANSCRIPT_FORMATS.find((format) => format.detect(first));
}

/**
 * The names of the formats the reader knows, for error messages.
 *
 * @example
 * ```ts
 * knownFormats(); // "Pi session, Claude Code session, ..."
 * ```
 */
export function knownFormats(): string {
  return TRANSCRIPT_FORMATS.map((format) => format.name).join(", ");
}

/**
 * What a file that matched no format holds, in a few words.
 *
 * @example
 * ```ts
 * describeUnknown("---\nthreadId: T-1\n", []); // "an Amp thread export (markdown): read it with the \"file\" method"
 * ```
 */
export function describeUnknown(headText: string, lines: readonly ParsedLine[]): string {
  const start = headText.trimStart();
  if (start.startsWith("---") && /^threadId: T-/m.test(start.slice(0, 2048))) {
    return 'an Amp thread export (markdown); read it with the "file" retrieval method';
  }
  const only = lines.length === 1 ? lines[0]?.value : undefined;
  if (Array.isArray(only)) {
    const item: unknown = only[0];
    if (
      isRecord(item) &&
      typeof item["messageId"] === "number" &&
      typeof item["sessionId"] === "string"
    ) {
      return "a Gemini CLI logs.json (the prompts alone, no replies): point the entry at chats/session-*.jsonl";
    }
    return `a JSON array of ${only.length} values`;
  }
  const objects = lines.flatMap((line) => (isRecord(line.value) ? [line.value] : []));
  const first = objects[0];
  if (first === undefined) {
    return lines.length === 0
      ? "no JSON line at all"
      : `${lines.length} JSON values that are not objects`;
  }
  if (isRecord(first["history"]) || Array.isArray(first["history"])) {
    return "a Gemini CLI checkpoint (`/chat save`), not a chat: point the entry at chats/session-*.jsonl";
  }
  const keys = Object.keys(first).slice(0, 8).join(", ");
  return `${objects.length} JSON objects of an unknown shape (the first has the keys: ${keys || "none"})`;
}
