/**
 * Cutting one rendered chunk to fit: its start (for the task statement) or its end (for the
 * newest message), keeping its role tag, never leaving the text inside a code fence and
 * never splitting a character.
 */
import { tailOfText } from "./session-text.js";

const FENCE = /^ {0,3}(```|~~~)/;
const ROLE_TAG = /^\[[^\]\n]{1,40}\] /;

/**
 * How many fence lines (```` ``` ```` or `~~~`) `text` has; odd means a fence is left open.
 *
 * @example
 * ```ts
 * fenceLines("a\n```ts\nx\n"); // 1
 * ```
 */
export function fenceLines(text: string): number {
  return text.split("\n").filter((line) => FENCE.test(line)).length;
}

/**
 * The start of `text` within `maxBytes` (UTF-8), ending in "…" and closing a fence the cut
 * left open.
 *
 * @example
 * ```ts
 * headOfChunk("[user] fix the flaky test in src/a.ts\n", 20); // "[user] fix the fla…\n"
 * ```
 */
export function headOfChunk(text: string, maxBytes: number): string {
  if (Buffer.byteLength(text) <= maxBytes) return text;
  const closing = "…\n```\n";
  const bytes = Buffer.from(text, "utf8");
  let end = Math.max(0, Math.min(bytes.length, maxBytes - Buffer.byteLength(closing)));
  // Back off UTF-8 continuation bytes so no character is split.
  while (end > 0 && ((bytes[end] ?? 0) & 0xc0) === 0x80) end--;
  const head = bytes.subarray(0, end).toString("utf8");
  return fenceLines(head) % 2 === 1 ? `${head}…\n\`\`\`\n` : `${head}…\n`;
}

/**
 * The end of `text` within `maxBytes`, starting on a whole line outside any code fence, its
 * role tag (`[assistant] `) kept in front with "…" to show the cut.
 *
 * @example
 * ```ts
 * tailOfChunk("[assistant] line one\nline two\n", 24); // "[assistant] …\nline two\n"
 * ```
 */
export function tailOfChunk(text: string, maxBytes: number): string {
  if (Buffer.byteLength(text) <= maxBytes) return text;
  const tag = ROLE_TAG.exec(text)?.[0] ?? "";
  // On its own line, so a fence opening the tail still starts a line.
  const prefix = `${tag}…\n`;
  const room = maxBytes - Buffer.byteLength(prefix);
  if (room <= 0) return "";
  let tail = tailOfText(text.slice(tag.length), room);
  if (fenceLines(tail) % 2 === 1) {
    // The text's fences are balanced and it ends outside one, so an odd count in the tail
    // means the cut fell inside a fence: start after the line that closes it.
    const lines = tail.split("\n");
    const closing = lines.findIndex((line) => FENCE.test(line));
    tail = lines.slice(closing + 1).join("\n");
  }
  return `${prefix}${tail}`;
}
