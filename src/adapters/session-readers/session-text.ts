/**
 * Bytes to session text, shared by the readers: spotting binary content, decoding UTF-8
 * without failing on bad bytes, and finding a clean place to start a cut tail.
 */

/**
 * The offset of the first NUL byte, or -1. Text transcripts never contain NUL; binary
 * files (images, archives, databases) almost always do.
 *
 * @example
 * ```ts
 * firstNul(new Uint8Array([104, 0, 105])); // 1
 * ```
 */
export function firstNul(bytes: Uint8Array): number {
  return bytes.indexOf(0);
}

/**
 * Decodes UTF-8; bytes that are not valid UTF-8 become U+FFFD and `invalid` says so.
 *
 * @example
 * ```ts
 * decodeUtf8(new Uint8Array([0x68, 0xff])); // { text: "h\uFFFD", invalid: true }
 * ```
 */
export function decodeUtf8(bytes: Uint8Array): { text: string; invalid: boolean } {
  try {
    return { text: new TextDecoder("utf-8", { fatal: true }).decode(bytes), invalid: false };
  } catch {
    return { text: new TextDecoder("utf-8").decode(bytes), invalid: true };
  }
}

/**
 * Where a tail cut from the middle of a file should start: just past the first newline
 * when there is one in the first half (so the text starts on a whole line), else past any
 * UTF-8 continuation bytes (so no character is split).
 *
 * @example
 * ```ts
 * cleanStart(new TextEncoder().encode("ial line\nwhole line\n")); // 9
 * ```
 */
export function cleanStart(bytes: Uint8Array): number {
  const newline = bytes.indexOf(0x0a);
  if (newline >= 0 && newline < bytes.length / 2) return newline + 1;
  let start = 0;
  while (start < bytes.length && start < 3 && isContinuation(bytes[start])) start++;
  return start;
}

/**
 * The last `maxBytes` UTF-8 bytes of `text`, starting on a whole line when one starts in
 * the first half, else on a whole character.
 *
 * @example
 * ```ts
 * tailOfText("first line\nsecond line\n", 14); // "second line\n"
 * ```
 */
export function tailOfText(text: string, maxBytes: number): string {
  const bytes = Buffer.from(text, "utf8");
  if (bytes.length <= maxBytes) return text;
  const tail = bytes.subarray(bytes.length - Math.max(0, maxBytes));
  return tail.subarray(cleanStart(tail)).toString("utf8");
}

/**
 * A byte count for people: `512 B`, `1.5 KB`, `200.0 MB`.
 *
 * @example
 * ```ts
 * formatBytes(209_715_200); // "200.0 MB"
 * ```
 */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  if (bytes < 1024 ** 3) return `${(bytes / 1024 ** 2).toFixed(1)} MB`;
  return `${(bytes / 1024 ** 3).toFixed(1)} GB`;
}

function isContinuation(byte: number | undefined): boolean {
  return byte !== undefined && byte >= 0x80 && byte < 0xc0;
}
