/**
 * Fitting a session into its byte budget: keep the newest chunks (lines or messages) that
 * fit, and say at the top how much older text was left out.
 */
import type { SessionText } from "../../ports/session-reader.js";
import { formatBytes, tailOfText } from "./session-text.js";

/**
 * A piece of rendered session text and where it came from in the source.
 *
 * @example
 * ```ts
 * const chunk: SessionChunk = { text: "[user] fix the build\n", offset: 1024, sourceBytes: 310 };
 * ```
 */
export interface SessionChunk {
  /** Rendered text, ending in a newline. */
  readonly text: string;
  /** Byte offset in the source where the chunk's source starts. */
  readonly offset: number;
  /** Bytes of source the chunk was rendered from. */
  readonly sourceBytes: number;
}

/**
 * The marker a cut session starts with.
 *
 * @example
 * ```ts
 * truncationMarker(2048, "/tmp/s.md"); // "[… truncated: the first 2.0 KB of /tmp/s.md were left out; the newest part follows …]\n\n"
 * ```
 */
export function truncationMarker(omittedBytes: number, source: string): string {
  // A long path would eat a small budget; its end names the file well enough.
  const shown = source.length > 100 ? `…${source.slice(-99)}` : source;
  return `[… truncated: the first ${formatBytes(omittedBytes)} of ${shown} were left out; the newest part follows …]\n\n`;
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
  return Buffer.byteLength(truncationMarker(0, source)) + 9;
}

/**
 * The session text for `chunks` (oldest first) within `budgetBytes`. Chunks whose offset
 * does not start at 0 mean the source's beginning was never read: that also counts as cut.
 *
 * @example
 * ```ts
 * fitChunks(chunks, { budgetBytes: 4096, totalBytes: size, source: path, warnings: [] });
 * ```
 */
export function fitChunks(
  chunks: readonly SessionChunk[],
  options: {
    readonly budgetBytes: number;
    readonly totalBytes: number;
    readonly source: string;
    readonly warnings: readonly string[];
    /** Source bytes before the first chunk that were skipped without being read. */
    readonly unreadBytes?: number;
  },
): SessionText {
  const { budgetBytes, totalBytes, source, warnings } = options;
  const sizes = chunks.map((chunk) => Buffer.byteLength(chunk.text));
  const whole = sizes.reduce((sum, size) => sum + size, 0);
  const unread = options.unreadBytes ?? chunks[0]?.offset ?? totalBytes;
  if (unread === 0 && whole <= budgetBytes) {
    const text = chunks.map((chunk) => chunk.text).join("");
    return { text, source, truncated: false, omittedBytes: 0, totalBytes, warnings };
  }
  const room = Math.max(0, budgetBytes - markerReserve(source));
  const kept: string[] = [];
  let used = 0;
  let omitted = unread;
  for (let index = chunks.length - 1; index >= 0; index--) {
    const chunk = chunks[index];
    const size = sizes[index] ?? 0;
    if (chunk === undefined) continue;
    if (used + size <= room) {
      kept.unshift(chunk.text);
      used += size;
      omitted = chunk.offset;
      continue;
    }
    if (kept.length === 0) {
      // A single message larger than the budget: keep its end rather than nothing.
      const tail = tailOfText(chunk.text, room);
      kept.unshift(tail);
      const keptShare = size === 0 ? 0 : Buffer.byteLength(tail) / size;
      omitted = chunk.offset + Math.round(chunk.sourceBytes * (1 - keptShare));
    }
    break;
  }
  if (kept.length === 0) omitted = totalBytes;
  const text = truncationMarker(omitted, source) + kept.join("");
  return { text, source, truncated: true, omittedBytes: omitted, totalBytes, warnings };
}
