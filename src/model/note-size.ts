/**
 * The largest note the library accepts. Every note is read whole, parsed and indexed for
 * search; a note of 100 MB made one search take 31 s and 3.7 GB. A note that big is data, not
 * a note: it belongs in several linked notes, or outside the memory with a note linking to it.
 *
 * @module
 */
import { err, ok, type Result } from "neverthrow";
import { InvalidInputError } from "../errors.js";

/** The largest note file accepted, in UTF-8 bytes: 1 MiB. */
export const MAX_NOTE_BYTES = 1_048_576;

const LIMIT = `1 MiB (${MAX_NOTE_BYTES} bytes)`;

/**
 * The length of `text` in UTF-8 bytes, without encoding it.
 *
 * @example
 * ```ts
 * utf8Length("é"); // 2
 * ```
 */
export function utf8Length(text: string): number {
  let bytes = text.length;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    // A surrogate pair (4 bytes) is two units: one more byte each.
    if (unit >= 0x800) bytes += unit >= 0xd800 && unit <= 0xdfff ? 1 : 2;
    else if (unit >= 0x80) bytes += 1;
  }
  return bytes;
}

/** Whether `text` is longer than the limit, counting only as far as needed. */
function overLimit(text: string): boolean {
  // Every UTF-16 unit is 1 to 3 bytes: most texts are decided by their length alone.
  if (text.length > MAX_NOTE_BYTES) return true;
  if (text.length * 3 <= MAX_NOTE_BYTES) return false;
  return utf8Length(text) > MAX_NOTE_BYTES;
}

/**
 * `markdown` (a whole note file, or a body) if it is within {@link MAX_NOTE_BYTES}, else an
 * error that says the size, the limit and how to fix it.
 *
 * @example
 * ```ts
 * checkNoteSize("# Small\n\ntext\n").isOk(); // true
 * ```
 */
export function checkNoteSize(markdown: string): Result<string, InvalidInputError> {
  if (!overLimit(markdown)) return ok(markdown);
  return err(
    new InvalidInputError(
      `The note would be ${utf8Length(markdown)} bytes; the largest note accepted is ${LIMIT}. ` +
        "Split it into several notes that link to each other, or keep the data outside the " +
        "memory and link to it from a short note.",
    ),
  );
}

/**
 * Why a note file of `size` bytes is left alone, or undefined when it is within the limit.
 *
 * @example
 * ```ts
 * oversizeReason(2_000_000); // "2000000 bytes, over the largest note size (1 MiB): ..."
 * ```
 */
export function oversizeReason(size: number): string | undefined {
  return size > MAX_NOTE_BYTES
    ? `${size} bytes, over the largest note size (1 MiB): it is not read, searched or rewritten`
    : undefined;
}

/** What doctor proposes for a file over the limit. */
export const OVERSIZE_FIX =
  "Split it into notes under 1 MiB that link to each other (or move the data out of the memory and link to it), then run doctor again.";
