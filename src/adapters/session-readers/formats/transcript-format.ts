/**
 * What every transcript format module provides: a test on the first lines of a file, and a
 * renderer from parsed lines to session chunks. One module per harness, so a format's rules
 * (which lines are prompts, which are injected, which are bookkeeping) live in one place.
 */
import type { SessionChunk } from "../session-budget.js";

/**
 * One parsed line of a transcript and where it sits in the file.
 *
 * @example
 * ```ts
 * const line: ParsedLine = { value: { type: "user" }, offset: 0, bytes: 18 };
 * ```
 */
export interface ParsedLine {
  readonly value: unknown;
  /** Byte offset of the line in the file. */
  readonly offset: number;
  /** Bytes of the line, newline included. */
  readonly bytes: number;
}

/**
 * A transcript format: how to recognise it and how to render it.
 *
 * @example
 * ```ts
 * if (cursorFormat.detect(firstLines)) chunks = cursorFormat.render(lines);
 * ```
 */
export interface TranscriptFormat {
  /** The name people know it by, for messages: "Claude Code session". */
  readonly name: string;
  /** Whether the first parsed lines of a file (up to 20 JSON objects) are this format. */
  detect(first: readonly Record<string, unknown>[]): boolean;
  /**
   * The chunks of a contiguous run of lines (the whole file, or a window of it), oldest
   * first; user prompts carry `prompt: true`.
   */
  render(lines: readonly ParsedLine[]): SessionChunk[];
}

/**
 * A chunk for `text` rendered from `line` ("" renders nothing).
 *
 * @example
 * ```ts
 * chunksOf(line, "[user] hi\n", true); // [{ text: "[user] hi\n", offset, sourceBytes, prompt: true }]
 * ```
 */
export function chunksOf(line: ParsedLine, text: string, prompt = false): SessionChunk[] {
  if (text === "") return [];
  return [{ text, offset: line.offset, sourceBytes: line.bytes, ...(prompt ? { prompt } : {}) }];
}
