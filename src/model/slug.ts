/**
 * Slugs: the human-readable, filesystem-safe part of a note's filename.
 *
 * @module
 */

/** The longest slug {@link slugify} produces, in characters (code points). */
export const MAX_SLUG_LENGTH = 60;

/**
 * The longest slug {@link slugify} produces, in UTF-8 bytes: with " id__XXXXXX.md" after
 * it a filename stays near half of the 255-byte limit of ext4 and APFS (and of NTFS's 255
 * UTF-16 units, even after macOS decomposes it), leaving room for the folders in front.
 */
export const MAX_SLUG_BYTES = 120;

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
// Accents on Latin letters are dropped (the slug of "Café" is "cafe", as it always was);
// marks on letters of other scripts are part of the letter (Cyrillic й, Devanagari, Thai).
const LATIN_MARKS = /(?<=[a-z])\p{M}+/gu;
// Invisible format characters (zero-width joiners, bidi controls) are dropped, not turned
// into a separator: they sit inside words.
const FORMAT_CHARACTERS = /\p{Cf}+/gu;
const NOT_SLUG_CHARACTERS = /[^\p{L}\p{M}\p{N}]+/gu;
// A mark with no letter before it (after a separator) would attach to the "-".
const STRAY_MARKS = /(^|-)\p{M}+/gu;
// Names Windows reserves for devices, whatever the extension.
const WINDOWS_RESERVED = /^(?:con|prn|aux|nul|com[0-9]|lpt[0-9])$/;

// Made on first use: building a Segmenter loads ICU's break rules, 15-20 ms that every
// process importing the model paid at startup, though only a long title needs it.
let graphemes: Intl.Segmenter | undefined;
const utf8 = new TextEncoder();

/**
 * Turns a title into a lowercase kebab-case slug that any file system accepts: letters and
 * digits of every script, runs of anything else made one `-`.
 *
 * The title is NFKC-normalised (compatibility forms fold: `ﬁ` → `fi`, full-width `Ａ` →
 * `a`), lowercased, and put back in NFC, the form Linux and Windows tools expect. Accents
 * on Latin letters are dropped (`é` → `e`) and a few Latin letters NFKD cannot fold are
 * transliterated (`ß` → `ss`, `æ` → `ae`, `ø` → `o`, `œ` → `oe`, `đ` → `d`, `ł` → `l`,
 * `þ` → `th`); other scripts keep their letters and marks. The result has no character a
 * file system reserves, no leading or trailing `-`, is never a Windows device name (`con`
 * becomes `con-note`), and holds at most {@link MAX_SLUG_LENGTH} characters and
 * {@link MAX_SLUG_BYTES} UTF-8 bytes: a long slug is cut at the last `-` within the limit,
 * a single long word at a character (grapheme) boundary.
 *
 * @returns The slug, or `"untitled"` when nothing is left.
 * @example
 * ```ts
 * slugify("Café Ñandú");                            // "cafe-nandu"
 * slugify("Igor — fullstack developer, design!");   // "igor-fullstack-developer-design"
 * slugify("日本語のメモ");                           // "日本語のメモ"
 * slugify("Привет, мир");                           // "привет-мир"
 * ```
 */
export function slugify(title: string): string {
  // Lowercase on both sides of NFKD: before, so "İ" becomes "i" + a combining dot that the
  // mark removal drops; after, because compatibility forms can expand to capitals ("№" → "No").
  const folded = title
    .normalize("NFKC")
    .toLowerCase()
    .normalize("NFKD")
    .toLowerCase()
    // Folded before the marks go, so a mark on one of these letters ("ǣ" = æ + macron) is
    // dropped with the other Latin marks instead of landing on the fold's last letter.
    .replace(EXTRA_FOLD_PATTERN, (c) => EXTRA_FOLDS[c] ?? "-")
    .replace(LATIN_MARKS, "")
    .replace(FORMAT_CHARACTERS, "")
    .normalize("NFC");
  const slug = folded
    .replace(NOT_SLUG_CHARACTERS, "-")
    .replace(STRAY_MARKS, "$1")
    .replace(/-{2,}/g, "-")
    .replace(/^-+|-+$/g, "");
  if (slug === "") return EMPTY_SLUG;
  const cut = truncateSlug(slug);
  return WINDOWS_RESERVED.test(cut) ? `${cut}-note` : cut;
}

/** Whether a slug is within both length limits. */
function fits(slug: string): boolean {
  return [...slug].length <= MAX_SLUG_LENGTH && utf8.encode(slug).length <= MAX_SLUG_BYTES;
}

/** Cuts an already clean slug to the limits, preferring a word boundary. */
function truncateSlug(slug: string): string {
  if (fits(slug)) return slug;
  let kept = "";
  let lastBoundary = -1;
  graphemes ??= new Intl.Segmenter(undefined, { granularity: "grapheme" });
  for (const { segment } of graphemes.segment(slug)) {
    if (!fits(kept + segment)) break;
    if (segment === "-") lastBoundary = kept.length;
    kept += segment;
  }
  // A "-" right after the limit still leaves a whole last word before it.
  const next = slug.charAt(kept.length);
  if (next === "-") return kept.replace(/-+$/, "");
  const cut = lastBoundary > 0 ? kept.slice(0, lastBoundary) : kept;
  return cut.replace(/-+$/, "");
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
