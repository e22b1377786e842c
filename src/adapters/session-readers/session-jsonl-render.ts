/**
 * Splitting the bytes of a JSON Lines transcript into parsed lines, counting what did not
 * parse. What the lines mean is up to the format modules in formats/.
 */
import type { ParsedLine } from "./formats/transcript-format.js";
import { decodeUtf8 } from "./session-text.js";

/**
 * The parsed lines of a byte range of a transcript, and what did not parse.
 *
 * @example
 * ```ts
 * const { lines, notJson } = parseJsonl(bytes, 0);
 * ```
 */
export interface ParsedJsonl {
  /** Lines that parsed as JSON, in order. */
  readonly lines: ParsedLine[];
  /** Non-empty lines that were not JSON. */
  readonly notJson: number;
  /** True when some line was not valid UTF-8. */
  readonly invalidUtf8: boolean;
  /** The decoded text of the first few KB, to describe a file of an unknown kind. */
  readonly headText: string;
}

/**
 * Parses every whole line of `bytes`, which start at byte `offset` of the transcript. A last
 * line without a newline is parsed too (a transcript still being written ends that way).
 *
 * @example
 * ```ts
 * parseJsonl(new TextEncoder().encode('{"role":"user","content":"hi"}\n'), 0).lines[0]?.value; // { role: "user", content: "hi" }
 * ```
 */
export function parseJsonl(bytes: Uint8Array, offset: number): ParsedJsonl {
  const lines: ParsedLine[] = [];
  let notJson = 0;
  let invalidUtf8 = false;
  let start = 0;
  while (start < bytes.length) {
    const newline = bytes.indexOf(0x0a, start);
    const end = newline < 0 ? bytes.length : newline + 1;
    const decoded = decodeUtf8(bytes.subarray(start, end));
    invalidUtf8 ||= decoded.invalid;
    const line = decoded.text.trim();
    if (line !== "") {
      const value = parseJson(line);
      if (value === undefined) notJson++;
      else lines.push({ value, offset: offset + start, bytes: end - start });
    }
    start = end;
  }
  const headText = decodeUtf8(bytes.subarray(0, Math.min(bytes.length, 4096))).text;
  return { lines, notJson, invalidUtf8, headText };
}

/**
 * `text` parsed as JSON, or undefined.
 *
 * @example
 * ```ts
 * parseJson("{\"a\":1}"); // { a: 1 }
 * ```
 */
export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
