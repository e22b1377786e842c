/**
 * The text a term's postings are saved as, "gap gap:count ...": base 36, each gap the distance
 * from the previous document less one (the first from -1), a count only when above 1; a saved
 * table joins the terms' stretches with commas. PostingsList reads and writes one stretch;
 * the saved file's check reads them all.
 *
 * @module
 */

export const SPACE = 32;
const COLON = 58;
const COMMA = 44;
/** Documents and counts live in Int32Arrays: a larger number is damage. */
export const MAX_NUMBER = 0x7fffffff;

// Each character code's base-36 digit value, or -1: a table, because the file check visits
// every character of a 2 MB text.
const DIGITS = new Int8Array(128).fill(-1);
for (let code = 48; code <= 57; code++) DIGITS[code] = code - 48;
for (let code = 97; code <= 122; code++) DIGITS[code] = code - 87;

/** Where a reader of postings text stands, and the entry it read last. */
export interface EntryCursor {
  at: number;
  gap: number;
  count: number;
}

/**
 * Reads the entry at `cursor.at` ("gap" or "gap:count", base 36, before `end`) into the cursor,
 * leaving `at` on the character after it (a space, a comma or `end`). False when no
 * well-formed entry starts there: no gap digits, an empty count, a count of 0 or one beyond
 * Int32. One reader for the decoder and the file check, so both hold the same grammar.
 *
 * @example
 * ```ts
 * const cursor = { at: 2, gap: 0, count: 1 };
 * readEntry("0 9:2", cursor, 5); // true: cursor is { at: 5, gap: 9, count: 2 }
 * ```
 */
export function readEntry(text: string, cursor: EntryCursor, end: number): boolean {
  let at = cursor.at;
  const gapStart = at;
  let gap = 0;
  for (let digit = digitAt(text, at); at < end && digit >= 0; digit = digitAt(text, ++at))
    gap = gap * 36 + digit;
  if (at === gapStart) return false;
  let count = 1;
  if (at < end && text.charCodeAt(at) === COLON) {
    const countStart = ++at;
    count = 0;
    for (let digit = digitAt(text, at); at < end && digit >= 0; digit = digitAt(text, ++at))
      count = count * 36 + digit;
    if (at === countStart || count === 0 || count > MAX_NUMBER) return false;
  }
  cursor.at = at;
  cursor.gap = gap;
  cursor.count = count;
  return true;
}

/**
 * The value of the base-36 digit (0-9, a-z) at `at`, or -1 (also past the end).
 *
 * @example
 * ```ts
 * digitAt("0z", 1); // 35
 * ```
 */
function digitAt(text: string, at: number): number {
  return DIGITS[text.charCodeAt(at)] ?? -1;
}

/**
 * Whether `text` is one stretch per count, joined by commas, each stretch exactly as many
 * well-formed entries ("gap" or "gap:count", base 36, a count above 0) as its count says, and
 * every document it names below `documentCount`. One pass, so the saved frequencies can be
 * trusted: a query's postings and its feedback's frequencies come from the same file, and a
 * file where they disagree is refused instead of ranking by numbers its postings do not hold.
 *
 * @example
 * ```ts
 * stretchesHold("0 9:2,3", [2, 1], 11); // true: documents 0 and 10 (twice), then 3
 * stretchesHold("0 9:2,3", [2, 1], 10); // false: there is no document 10
 * ```
 */
export function stretchesHold(
  text: string,
  counts: readonly unknown[],
  documentCount: number,
): boolean {
  if (text === "") return counts.length === 0;
  const cursor: EntryCursor = { at: 0, gap: 0, count: 1 };
  let stretch = 0;
  let entries = 0;
  let doc = -1;
  for (;;) {
    if (!readEntry(text, cursor, text.length)) return false;
    doc += cursor.gap + 1;
    if (doc >= documentCount) return false;
    entries++;
    const next = text.charCodeAt(cursor.at);
    if (next === SPACE) {
      cursor.at++;
      continue;
    }
    if (next !== COMMA && cursor.at < text.length) return false;
    if (counts[stretch] !== entries) return false;
    stretch++;
    if (cursor.at >= text.length) return stretch === counts.length;
    cursor.at++;
    entries = 0;
    doc = -1;
  }
}
