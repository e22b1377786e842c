/**
 * Validation of what callers (people, agents, LLM output) pass in as a note's title, body
 * and tags. Each check returns the cleaned value, or an error that says how to fix the input.
 *
 * @module
 */

import { err, ok, type Result } from "neverthrow";
import { InvalidInputError } from "../errors.js";
import { normalizeBody } from "./note-format.js";
import { checkNoteSize } from "./note-size.js";
import { dedupeTags, isValidTagName } from "./tags.js";

/** The longest title accepted, in characters (code points). */
export const MAX_TITLE_LENGTH = 200;

// Control characters, plus the Unicode line and paragraph separators that editors
// display as line breaks: a title must stay on its heading line.
const TITLE_FORBIDDEN = /[\p{Cc}\u2028\u2029]/u;
const HEX_COLOUR = /^(?:[0-9a-f]{3}|[0-9a-f]{4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;

/**
 * Checks a note title and returns it trimmed.
 *
 * Refused: an empty title, one over 200 characters, one with a newline or another control
 * character, and one containing `]]` (it would end any link that quotes the title).
 *
 * @example
 * ```ts
 * validateTitle("  Igor — developer "); // ok("Igor — developer")
 * validateTitle("a\nb").isErr();         // true
 * ```
 */
export function validateTitle(title: string): Result<string, InvalidInputError> {
  const trimmed = title.trim();
  if (trimmed === "") {
    return err(
      new InvalidInputError(
        "The title is empty. Give the note a short title that names what it is about.",
      ),
    );
  }
  const length = [...trimmed].length;
  if (length > MAX_TITLE_LENGTH) {
    return err(
      new InvalidInputError(
        `The title is ${length} characters long; the limit is ${MAX_TITLE_LENGTH}. ` +
          "Shorten it and move the details into the body.",
      ),
    );
  }
  if (TITLE_FORBIDDEN.test(trimmed)) {
    return err(
      new InvalidInputError(
        "The title contains a line break or another control character. Write it on one line, without tabs.",
      ),
    );
  }
  if (trimmed.includes("]]")) {
    return err(
      new InvalidInputError(
        'The title contains "]]", which would end the links that quote it. Remove or reword it.',
      ),
    );
  }
  return ok(trimmed);
}

/**
 * Checks a note body and returns it in canonical form: `\n` line endings, no leading blank
 * lines, no trailing whitespace (see {@link normalizeBody}). Refuses NUL characters and a
 * body over the largest note size (`MAX_NOTE_BYTES`).
 *
 * @example
 * ```ts
 * validateBody("\r\nhello\r\n\r\n"); // ok("hello")
 * validateBody("a\u0000b").isErr();   // true
 * ```
 */
export function validateBody(body: string): Result<string, InvalidInputError> {
  if (body.includes("\u0000")) {
    return err(
      new InvalidInputError(
        "The body contains a NUL character (\\u0000), which a text note cannot hold. " +
          "Remove it; binary data does not belong in a note.",
      ),
    );
  }
  return checkNoteSize(body).map(normalizeBody);
}

/**
 * Checks tag names and returns them without `#`, deduplicated case-insensitively (first
 * spelling kept). Each name may be given with or without a leading `#`; surrounding
 * whitespace is ignored.
 *
 * @example
 * ```ts
 * validateTags(["#people", "Work", "work"]); // ok(["people", "Work"])
 * validateTags(["my tag"]).isErr();          // true
 * ```
 */
export function validateTags(tags: readonly string[]): Result<string[], InvalidInputError> {
  const names: string[] = [];
  const problems: string[] = [];
  for (const tag of tags) {
    const trimmed = tag.trim();
    const name = trimmed.startsWith("#") ? trimmed.slice(1) : trimmed;
    if (isValidTagName(name)) names.push(name);
    else problems.push(describeBadTag(tag, name));
  }
  if (problems.length > 0) {
    return err(
      new InvalidInputError(
        `Invalid tag${problems.length > 1 ? "s" : ""}: ${problems.join("; ")}. ` +
          'A tag name is letters (any script), digits, "_", "-" or "/", with at least one non-digit, ' +
          'for example "people", "area__work" or "lang/rust".',
      ),
    );
  }
  return ok(dedupeTags(names));
}

/** Why one tag was refused, phrased for the error message. */
function describeBadTag(original: string, name: string): string {
  const quoted = JSON.stringify(original);
  if (name === "") return `${quoted} is empty`;
  if (/\s/u.test(name)) return `${quoted} contains whitespace (use "-" or "_" between words)`;
  if (/^\p{N}+$/u.test(name)) return `${quoted} is all digits (add a word, e.g. "issue-${name}")`;
  if (HEX_COLOUR.test(name))
    return `${quoted} reads as a hex colour (add a word, e.g. "color-${name}")`;
  return `${quoted} contains characters other than letters, digits, "_", "-" and "/"`;
}
