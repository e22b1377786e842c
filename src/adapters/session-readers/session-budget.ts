/**
 * Fitting a session into its byte budget. What a session was about is said in its first
 * prompt and what came of it in its newest part, so a cut keeps both: the first user prompt
 * (its start, when it alone is too long) and then the newest chunks that fit, with one
 * notice between them saying how much was left out.
 */
import type { SessionText } from "../../ports/session-reader.js";
import { headOfChunk, tailOfChunk } from "./session-cut.js";
import { formatBytes } from "./session-text.js";

/**
 * A piece of rendered session text and where it came from in the source.
 *
 * @example
 * ```ts
 * const chunk: SessionChunk = { text: "[user] fix the build\n", offset: 1024, sourceBytes: 310, prompt: true };
 * ```
 */
export interface SessionChunk {
  /** Rendered text, ending in a newline. */
  readonly text: string;
  /** Byte offset in the source where the chunk's source starts. */
  readonly offset: number;
  /** Bytes of source the chunk was rendered from. */
  readonly sourceBytes: number;
  /** True when the chunk is something the user typed (a prompt). */
  readonly prompt?: boolean;
}

/** A prompt that is only a slash command (`/model`, `/mode plan`): a setting, not a task. */
const BARE_COMMAND = /^\[[^\]\n]+\] \s*\/[\w:.-]+(?:[ \t]+\S+)?\s*$/;

/**
 * The prompt a cut keeps as the session's statement: the first prompt that is more than a
 * bare slash command (at most one argument), or the first prompt when every one is a
 * command. A session opened with `/model` states its task in the prompt after it.
 *
 * @example
 * ```ts
 * firstTaskPrompt([{ text: "[user] /mode\n", ...at, prompt: true }, { text: "[user] fix the build\n", ...at, prompt: true }]); // the second
 * ```
 */
export function firstTaskPrompt(chunks: readonly SessionChunk[]): SessionChunk | undefined {
  const prompts = chunks.filter((chunk) => chunk.prompt === true);
  return prompts.find((chunk) => !BARE_COMMAND.test(chunk.text)) ?? prompts[0];
}

/**
 * How the cut notice names a transcript: a path by its file name (the prompt needs no
 * home folder or user name), anything else (a command) as it is.
 *
 * @example
 * ```ts
 * markerLabel("/home/me/.claude/projects/-home-me-app/7d3c.jsonl"); // "7d3c.jsonl"
 * ```
 */
export function markerLabel(source: string): string {
  const absolute = source.startsWith("/") || /^[A-Za-z]:[\\/]/.test(source);
  return absolute ? (source.split(/[\\/]/).pop() ?? source) : source;
}

/**
 * The notice a cut session carries where the cut is.
 *
 * @example
 * ```ts
 * truncationMarker(2048, "/tmp/s.md"); // "[… truncated: the first 2.0 KB of s.md were left out; the newest part follows …]\n\n"
 * truncationMarker(2048, "/tmp/s.md", true); // "\n[… truncated: 2.0 KB of s.md were left out after the first prompt; the newest part follows …]\n\n"
 * ```
 */
export function truncationMarker(omittedBytes: number, source: string, afterFirst = false): string {
  // A long label would eat a small budget; its end names the source well enough.
  const label = markerLabel(source);
  const shown = label.length > 100 ? `…${label.slice(-99)}` : label;
  return afterFirst
    ? `\n[… truncated: ${formatBytes(omittedBytes)} of ${shown} were left out after the first prompt; the newest part follows …]\n\n`
    : `[… truncated: the first ${formatBytes(omittedBytes)} of ${shown} were left out; the newest part follows …]\n\n`;
}

/**
 * The most bytes the marker for `source` can take, whatever count it prints: a printed
 * count ("1023.9 MB") is never more than 9 characters longer than "0 B".
 *
 * @example
 * ```ts
 * const room = budgetBytes - markerReserve(path);
 * ```
 */
export function markerReserve(source: string): number {
  return Buffer.byteLength(truncationMarker(0, source, true)) + 9;
}

/** Options of {@link fitChunks}. */
export interface FitOptions {
  readonly budgetBytes: number;
  readonly totalBytes: number;
  readonly source: string;
  readonly warnings: readonly string[];
  /** Source bytes before the first chunk that were skipped without being read. */
  readonly unreadBytes?: number;
  /**
   * The session's first prompt when it lies before `chunks` (read from the head of a file
   * whose middle was not read); default: the first prompt among `chunks`.
   */
  readonly firstPrompt?: SessionChunk;
}

/**
 * The session text for `chunks` (oldest first) within `budgetBytes`. Chunks whose offset
 * does not start at 0 mean the source's beginning was never read: that also counts as cut.
 * `omittedBytes` counts the source bytes between the first prompt (or the start) and the
 * newest part, estimated where a single chunk had to be cut.
 *
 * @example
 * ```ts
 * fitChunks(chunks, { budgetBytes: 4096, totalBytes: size, source: path, warnings: [] });
 * ```
 */
export function fitChunks(chunks: readonly SessionChunk[], options: FitOptions): SessionText {
  const { budgetBytes, totalBytes, source, warnings } = options;
  const unread = options.unreadBytes ?? chunks[0]?.offset ?? totalBytes;
  const whole = chunks.reduce((sum, chunk) => sum + Buffer.byteLength(chunk.text), 0);
  if (unread === 0 && whole <= budgetBytes) {
    const text = chunks.map((chunk) => chunk.text).join("");
    return { text, source, truncated: false, omittedBytes: 0, totalBytes, warnings };
  }
  const room = Math.max(0, budgetBytes - markerReserve(source));
  const first = options.firstPrompt ?? firstTaskPrompt(chunks);
  const at = first === undefined ? -1 : chunks.indexOf(first);
  // Chunks after the first prompt: by position when it is one of them (several chunks may
  // share a source line), by offset when it came from the unread head.
  const rest =
    first === undefined
      ? chunks
      : at >= 0
        ? chunks.slice(at + 1)
        : chunks.filter((chunk) => chunk.offset > first.offset);
  const restBytes = rest.reduce((sum, chunk) => sum + Buffer.byteLength(chunk.text), 0);
  // The first prompt gets half the room, or more when the newest part needs less.
  const firstText =
    first === undefined
      ? ""
      : headOfChunk(first.text, Math.max(Math.floor(room / 2), room - restBytes));
  const tail = newestPart(rest, room - Buffer.byteLength(firstText));
  const firstEnd = first === undefined ? 0 : first.offset + first.sourceBytes;
  const firstCut = first === undefined ? 0 : cutShare(first, firstText);
  const omitted =
    Math.max(0, (tail.startOffset ?? totalBytes) - firstEnd) + firstCut + tail.cutBytes;
  const marker = truncationMarker(omitted, source, first !== undefined);
  const text = `${firstText}${marker}${tail.text}`;
  return { text, source, truncated: true, omittedBytes: omitted, totalBytes, warnings };
}

/** The newest chunks that fit `room`; a newest chunk larger than the room keeps its end. */
function newestPart(
  chunks: readonly SessionChunk[],
  room: number,
): { text: string; startOffset: number | undefined; cutBytes: number } {
  const kept: string[] = [];
  let used = 0;
  let startOffset: number | undefined;
  let cutBytes = 0;
  for (let index = chunks.length - 1; index >= 0; index--) {
    const chunk = chunks[index];
    if (chunk === undefined) continue;
    const size = Buffer.byteLength(chunk.text);
    if (used + size <= room) {
      kept.unshift(chunk.text);
      used += size;
      startOffset = chunk.offset;
      continue;
    }
    if (kept.length === 0) {
      // A single message larger than the budget: keep its end rather than nothing.
      const end = tailOfChunk(chunk.text, room);
      if (end !== "") {
        kept.unshift(end);
        startOffset = chunk.offset;
        cutBytes = cutShare(chunk, end);
      }
    }
    break;
  }
  return { text: kept.join(""), startOffset, cutBytes };
}

/** Source bytes of `chunk` not represented by `keptText`, estimated by rendered share. */
function cutShare(chunk: SessionChunk, keptText: string): number {
  const size = Buffer.byteLength(chunk.text);
  if (size === 0) return 0;
  const kept = Math.min(1, Buffer.byteLength(keptText) / size);
  return Math.round(chunk.sourceBytes * (1 - kept));
}
