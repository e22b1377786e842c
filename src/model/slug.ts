/**
 * Slugs: the human-readable, filesystem-safe part of a note's filename.
 *
 * @module
 */

/** The longest slug {@link slugify} produces, in characters. */
export const MAX_SLUG_LENGTH = 60;

/** What {@link slugify} returns when nothing usable is left of the title. */
export const EMPTY_SLUG = "untitled";

// Letters that are distinct base letters in Unicode, so NFKD has no decomposition
// to fold them into ASCII; without this table "Straße" would become "stra-e".
const EXTRA_FOLDS: Readonly<Record<string, string>> = {
  ß: "ss",
  æ: "ae",
  ø: "o",
  œ: "oe",
  đ: "d",
  ł: "l",
  þ: "th",
};

const EXTRA_FOLD_PATTERN = /[ßæøœđłþ]/g;

/**
 * Turns a title into a lowercase ASCII kebab-case slug of at most 60 characters.
 *
 * Accents are folded (`é` → `e`), a few letters NFKD cannot fold are transliterated
 * (`ß` → `ss`, `æ` → `ae`, `ø` → `o`, `œ` → `oe`, `đ` → `d`, `ł` → `l`, `þ` → `th`), every
 * other run of characters outside `[a-z0-9]` becomes one `-`. A long slug is cut at the
 * last `-` within the limit; a single word longer than the limit is cut hard.
 *
 * @returns A slug matching `/^[a-z0-9]+(-[a-z0-9]+)*$/`, or `"untitled"` when nothing is left.
 * @example
 * ```ts
 * slugify("Café Ñandú");                            // "cafe-nandu"
 * slugify("Igor — fullstack developer, design!");   // "igor-fullstack-developer-design"
 * slugify("日本語");                                 // "untitled"
 * ```
 */
export function slugify(title: string): string {
  // Lowercase on both sides of NFKD: before, so "İ" becomes "i" + a combining dot that the
  // mark removal drops; after, because compatibility forms can expand to capitals ("№" → "No").
  const folded = title
    .toLowerCase()
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(EXTRA_FOLD_PATTERN, (c) => EXTRA_FOLDS[c] ?? "-");
  const slug = folded.replace(/[^a-z0-9]+/g, "-").replace(/^-+|-+$/g, "");
  if (slug === "") return EMPTY_SLUG;
  return truncateSlug(slug);
}

/** Cuts an already clean slug to {@link MAX_SLUG_LENGTH}, preferring a word boundary. */
function truncateSlug(slug: string): string {
  if (slug.length <= MAX_SLUG_LENGTH) return slug;
  // A "-" at index 60 still leaves a 60-character slug before it.
  const boundary = slug.lastIndexOf("-", MAX_SLUG_LENGTH);
  return boundary > 0 ? slug.slice(0, boundary) : slug.slice(0, MAX_SLUG_LENGTH);
}

/**
 * Turns a slug back into words, for the title of a note that has no `# ` heading.
 *
 * @example
 * ```ts
 * readableSlug("igor-fullstack-dev"); // "igor fullstack dev"
 * ```
 */
export function readableSlug(slug: string): string {
  return slug
    .split("-")
    .filter((word) => word !== "")
    .join(" ");
}
