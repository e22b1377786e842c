/**
 * The old (v1) entry format: a file that opens with an HTML comment holding JSON metadata,
 * `<!-- agent-memory:meta {"id": ..., "title": ..., "tags": [...], ...} -->`, then the body.
 * Pure functions, no I/O.
 *
 * @module
 */

import { ID_SHAPE, isValidId } from "../model/id.js";
import { messageOf } from "../shared/message-of.js";

/** What every old-format file starts with (after an optional byte-order mark and blank space). */
export const LEGACY_HEADER_PREFIX = "<!-- agent-memory:meta";

/** The parts of an old header the new format keeps; usage counters, status and times are dropped. */
export interface LegacyHeader {
  /** The entry's id, when the header has one. */
  readonly id: string | undefined;
  /** The entry's title, when the header has one. */
  readonly title: string | undefined;
  /** Tag names as written in the header, without a leading `#`. */
  readonly tags: readonly string[];
  /** Whether the entry was pinned (top of mind). */
  readonly pinned: boolean;
}

/** A file read as a possible old-format entry. */
export type LegacyContent =
  | { readonly kind: "legacy"; readonly header: LegacyHeader; readonly body: string }
  | { readonly kind: "plain" }
  | { readonly kind: "malformed"; readonly reason: string };

const LEADING_SPACE = /^\uFEFF?\s*/;
const BLANK_LINES = /^(?:[ \t]*\r?\n)+/;

/**
 * Splits an old-format file into its header and its body. The body is everything after the
 * header comment and the blank lines that separate them, kept byte for byte.
 *
 * @returns `legacy` with the header fields and body, `plain` for a file without the header
 *   (new format, or not an entry), or `malformed` with the reason.
 * @example
 * ```ts
 * parseLegacyContent('<!-- agent-memory:meta {"id":"id__Kf9mNp","title":"Igor","tags":["people"]} -->\nHi\n');
 * // { kind: "legacy", header: { id: "id__Kf9mNp", title: "Igor", tags: ["people"], pinned: false }, body: "Hi\n" }
 * parseLegacyContent("# Igor\n"); // { kind: "plain" }
 * ```
 */
export function parseLegacyContent(content: string): LegacyContent {
  const start = LEADING_SPACE.exec(content)?.[0].length ?? 0;
  if (!content.startsWith(LEGACY_HEADER_PREFIX, start)) return { kind: "plain" };
  const jsonStart = start + LEGACY_HEADER_PREFIX.length;
  const close = content.indexOf("-->", jsonStart);
  if (close < 0) return malformed('the agent-memory:meta comment is never closed with "-->"');
  let data: unknown;
  try {
    data = JSON.parse(content.slice(jsonStart, close));
  } catch (cause) {
    return malformed(`the agent-memory:meta header is not valid JSON (${messageOf(cause)})`);
  }
  const header = readHeader(data);
  if (typeof header === "string") return malformed(header);
  return { kind: "legacy", header, body: bodyAfter(content.slice(close + "-->".length)) };
}

/** The body after the header: blank lines (or spaces on the header's own line) are separators, not content. */
function bodyAfter(rest: string): string {
  const blank = BLANK_LINES.exec(rest);
  if (blank !== null) return rest.slice(blank[0].length);
  return rest.replace(/^[ \t]+/, "");
}

/** The header's fields, or a reason why they cannot be trusted. */
function readHeader(data: unknown): LegacyHeader | string {
  if (typeof data !== "object" || data === null || Array.isArray(data)) {
    return "the agent-memory:meta header is not a JSON object";
  }
  const record = data as Record<string, unknown>;
  const { id, title, tags, pinned } = record;
  if (id !== undefined && (typeof id !== "string" || !isValidId(id.trim()))) {
    return `the header's id ${JSON.stringify(id)} is not a note id (${ID_SHAPE})`;
  }
  if (title !== undefined && typeof title !== "string") return "the header's title is not a string";
  if (
    tags !== undefined &&
    !(Array.isArray(tags) && tags.every((tag) => typeof tag === "string"))
  ) {
    return "the header's tags are not a list of strings";
  }
  return {
    id: typeof id === "string" ? id.trim() : undefined,
    title: typeof title === "string" && title.trim() !== "" ? title.trim() : undefined,
    tags: (tags ?? []).map((tag: string) => tag.trim().replace(/^#/, "")),
    pinned: pinned === true,
  };
}

function malformed(reason: string): LegacyContent {
  return { kind: "malformed", reason };
}
