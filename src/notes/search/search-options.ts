import { err, ok, type Result } from "neverthrow";
import { InvalidInputError } from "../../errors.js";
import { isNoteStatus, type NoteStatus } from "../../model/layout.js";
import { isValidTagName } from "../../model/tags.js";
import { tokenizeWords } from "./search-text.js";

/**
 * How to narrow and size a search.
 *
 * @example
 * ```ts
 * const options: SearchOptions = { limit: 5, status: "active" };
 * ```
 */
export interface SearchOptions {
  /** How many results at most, 1 to 100. Default 10. */
  readonly limit?: number;
  /** Only notes in this state. */
  readonly status?: NoteStatus;
  /** Only notes with this tag (with or without `#`, any case) or a tag nested under it. */
  readonly tag?: string;
}

/**
 * The result count when `limit` is not given.
 *
 * @example
 * ```ts
 * validateSearch("igor")._unsafeUnwrap().limit === DEFAULT_SEARCH_LIMIT; // true
 * ```
 */
export const DEFAULT_SEARCH_LIMIT = 10;
/**
 * The most results one search returns: past that, a search is a listing.
 *
 * @example
 * ```ts
 * validateSearch("igor", { limit: MAX_SEARCH_LIMIT + 1 }).isErr(); // true
 * ```
 */
export const MAX_SEARCH_LIMIT = 100;
/**
 * The longest query accepted, in UTF-16 code units: each word costs a fuzzy lookup.
 *
 * @example
 * ```ts
 * validateSearch("x".repeat(MAX_QUERY_LENGTH + 1)).isErr(); // true
 * ```
 */
export const MAX_QUERY_LENGTH = 1000;

/**
 * A query and options that passed validation.
 *
 * @example
 * ```ts
 * const search: ValidSearch = { query: "igor", limit: 10, status: undefined, tag: undefined };
 * ```
 */
export interface ValidSearch {
  readonly query: string;
  readonly limit: number;
  readonly status: NoteStatus | undefined;
  /** The tag without its `#`. */
  readonly tag: string | undefined;
}

/**
 * Checks a query and its options. Refused: a query that is not a string, is blank, has no
 * letter or digit, or is over MAX_QUERY_LENGTH; a limit that is not an integer from 1 to 100;
 * an unknown status; a tag that is not a valid tag name.
 *
 * @example
 * ```ts
 * validateSearch("igor", { limit: 5 }); // ok({ query: "igor", limit: 5, status: undefined, tag: undefined })
 * validateSearch("  ", {}).isErr();     // true
 * ```
 */
export function validateSearch(
  query: string,
  options: SearchOptions = {},
): Result<ValidSearch, InvalidInputError> {
  // Hosts calling from JavaScript can pass anything; a clear refusal beats a crash inside.
  const text: unknown = query;
  if (typeof text !== "string" || text.trim() === "") {
    return invalid("A search needs a query: pass one or more words to look for.");
  }
  if (text.length > MAX_QUERY_LENGTH) {
    return invalid(
      `The query is ${text.length} characters long; the limit is ${MAX_QUERY_LENGTH}. Search for the few words that matter.`,
    );
  }
  if (tokenizeWords(text).length === 0) {
    return invalid(`The query "${text}" has no letter or digit to search for.`);
  }
  const limit: unknown = options.limit ?? DEFAULT_SEARCH_LIMIT;
  if (
    typeof limit !== "number" ||
    !Number.isInteger(limit) ||
    limit < 1 ||
    limit > MAX_SEARCH_LIMIT
  ) {
    return invalid(
      `The limit must be a whole number from 1 to ${MAX_SEARCH_LIMIT}, not ${String(limit)}.`,
    );
  }
  const status: unknown = options.status;
  if (status !== undefined && (typeof status !== "string" || !isNoteStatus(status))) {
    return invalid(`Unknown status "${String(status)}": use inbox, active or archived.`);
  }
  const tag: unknown = options.tag;
  const tagName = typeof tag === "string" ? tag.trim().replace(/^#/, "") : undefined;
  if (tag !== undefined && (tagName === undefined || !isValidTagName(tagName))) {
    return invalid(
      `"${String(tag)}" is not a tag name: pass letters, digits, "_", "-" or "/", e.g. "project/console".`,
    );
  }
  return ok({ query: text, limit, status, tag: tagName });
}

function invalid(message: string): Result<never, InvalidInputError> {
  return err(new InvalidInputError(message));
}
