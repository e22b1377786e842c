/**
 * Tags: `#name` written inline in a note body. Tags are read from the text, never stored apart.
 *
 * @module
 */

import {
  findCodeRanges,
  isInsideRanges,
  mergeRanges,
  type TextRange,
} from "./markdown/code-ranges.js";

// Letters, combining marks, digits, "_", "-", "/". Marks are included so tags in scripts
// that need them (Devanagari, Thai, decomposed accents) are not cut after one letter.
const TAG_NAME = /^[\p{L}\p{M}\p{N}_\-/]+$/u;
const TAG_TOKEN = /#([\p{L}\p{M}\p{N}_\-/]+)/gu;
const HAS_NON_DIGIT = /[^\p{N}]/u;
const HEX_COLOUR = /^(?:[0-9a-f]{3}|[0-9a-f]{4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
const HAS_ASCII_DIGIT = /[0-9]/;
const ALLOWED_BEFORE = new Set(["(", "[", "{", "*", "~", ">", ",", ";"]);
const WHITESPACE = /\s/u;
const NON_ASCII = /[^\x20-\x7e]/;

// A link title: "...", '...' or (...), with backslash escapes, never across a blank line.
const TITLE = String.raw`(?:"(?:[^"\\\n]|\\.|\n(?![ \t]*\n))*"|'(?:[^'\\\n]|\\.|\n(?![ \t]*\n))*'|\((?:[^()\\\n]|\\.|\n(?![ \t]*\n))*\))`;
// A bare destination: no whitespace, parentheses balanced (one level deep is enough here).
const DESTINATION = String.raw`(?:<[^<>\n]*>|[^\s()]*(?:\([^\s()]*\)[^\s()]*)*)`;

// Places where a "#" is part of markdown or HTML syntax rather than a tag: the group named
// `skip` (or the whole match) is the region to skip. Link destinations and reference
// definitions are matched as CommonMark reads them, so that text which only looks like one
// (`[a](not a link)`) keeps its tags. `(?=(x))\N` is an atomic group: whitespace taken is
// never given back, which keeps a long run of spaces from costing quadratic time.
const NON_TAG_PATTERNS: readonly RegExp[] = [
  /\[\[[^\n]*?\]\]/g, // wiki links, including their anchor and display text
  // inline link and image destinations and titles: [text](#section "title")
  new RegExp(String.raw`\]\((?=(\s*))\1${DESTINATION}(?:(?=(\s+))\2${TITLE})?(?=(\s*))\3\)`, "g"),
  // link reference definitions: [ref]: #section "title"
  new RegExp(
    String.raw`^ {0,3}\[[^\]\n]+\]:(?=([ \t]*\n?[ \t]*))\1(?<skip>${DESTINATION})` +
      String.raw`(?=[ \t]*\r?$|[ \t]+${TITLE}[ \t]*\r?$)`,
    "gm",
  ),
  /<[A-Za-z][A-Za-z0-9+.-]{1,31}:[^\s<>]*>/g, // autolinks: <https://x.io/#frag>
  /:\/\/[^\s<>]*/g, // bare URLs (the scheme before "://" is a word, which never precedes a tag)
  /<!--(?:-?>|[\s\S]*?-->)/g, // HTML comments, including the empty <!--> and <!--->
];

/**
 * The key two tag spellings share when they name the same tag: tags compare
 * case-insensitively (and independent of Unicode composition).
 *
 * @example
 * ```ts
 * tagKey("Work") === tagKey("work"); // true
 * ```
 */
export function tagKey(name: string): string {
  // Composition only matters outside ASCII; skipping it there keeps list() cheap.
  return NON_ASCII.test(name) ? name.normalize("NFC").toLowerCase() : name.toLowerCase();
}

/**
 * Removes case-insensitive duplicates, keeping the first spelling and the order.
 *
 * @example
 * ```ts
 * dedupeTags(["Work", "people", "work"]); // ["Work", "people"]
 * ```
 */
export function dedupeTags(names: Iterable<string>): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const name of names) {
    const key = tagKey(name);
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(name);
  }
  return out;
}

/** True for names a "#" turns into a CSS colour rather than a tag: `0af`, `ff0000`, `abc1`. */
function isHexColour(name: string): boolean {
  return HEX_COLOUR.test(name) && HAS_ASCII_DIGIT.test(name);
}

/**
 * Tells whether a bare name (no `#`) is a tag name: one or more letters (any script),
 * combining marks, digits, `_`, `-` or `/`, with at least one non-digit, and not a hex colour.
 *
 * @example
 * ```ts
 * isValidTagName("area__work"); // true
 * isValidTagName("日本語");      // true
 * isValidTagName("123");        // false (all digits)
 * isValidTagName("ff0000");     // false (hex colour)
 * isValidTagName("cafe");       // true  (no digit, so not a colour)
 * ```
 */
export function isValidTagName(name: string): boolean {
  return TAG_NAME.test(name) && HAS_NON_DIGIT.test(name) && !isHexColour(name);
}

/**
 * Extracts the tags of a note body, without `#`, deduplicated case-insensitively (first
 * spelling kept), in order of appearance.
 *
 * A `#` starts a tag only at the start of the text or after whitespace or one of
 * `( [ { * ~ > , ;`, which rules out `C#`, `issue#12`, `page.md#section`, `&#39;`, `\#` and
 * `##`. Never tags: headings (`# Title`), anything in fenced or inline code, URLs and link
 * destinations, autolinks, HTML comments, the inside of `[[...]]` wiki links, hex colours
 * (`#0af`, `#ff0000`) and all-digit names (`#123`). The name is read greedily, so
 * `#a/b` is the tag `a/b` and `#area__work` the tag `area__work`.
 *
 * @example
 * ```ts
 * extractTags("# Igor\n\n#people #Work, see `#not-a-tag` and C#.\n#work");
 * // ["people", "Work"]
 * ```
 */
export function extractTags(body: string): string[] {
  // Most text has few "#": find the candidates first, and only work out the regions to
  // skip (code, links, URLs) when there is a candidate to check against them.
  const candidates: { name: string; hash: number }[] = [];
  for (const match of body.matchAll(TAG_TOKEN)) {
    const name = match[1];
    if (name !== undefined && canStartTag(body, match.index) && isValidTagName(name)) {
      candidates.push({ name, hash: match.index });
    }
  }
  if (candidates.length === 0) return [];
  const code = findCodeRanges(body);
  const skipped = mergeRanges([...code, ...nonTagRanges(body, code)]);
  return dedupeTags(
    candidates.filter(({ hash }) => !isInsideRanges(skipped, hash)).map(({ name }) => name),
  );
}

/** Whether the character before a "#" lets it start a tag. */
function canStartTag(body: string, hash: number): boolean {
  if (hash === 0) return true;
  const before = body.charAt(hash - 1);
  return ALLOWED_BEFORE.has(before) || WHITESPACE.test(before);
}

/** Regions where a "#" is markdown or HTML syntax; matches that begin inside code are ignored. */
function nonTagRanges(body: string, code: readonly TextRange[]): TextRange[] {
  const ranges: TextRange[] = [];
  for (const pattern of NON_TAG_PATTERNS) {
    for (const match of body.matchAll(pattern)) {
      if (isInsideRanges(code, match.index)) continue;
      const end = match.index + match[0].length;
      const region = match.groups?.["skip"] ?? match[0];
      ranges.push({ start: end - region.length, end });
    }
  }
  return ranges;
}
