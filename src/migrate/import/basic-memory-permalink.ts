/**
 * basic-memory's permalink of a path or title (`generate_permalink` in
 * basicmachines-co/basic-memory `src/basic_memory/utils.py`): lower-case, camelCase split with
 * `-`, `_` and every character other than letters, digits, `/`, `.` and `-` turned into `-`,
 * apostrophes dropped, runs of `-` collapsed and trimmed from each path segment.
 *
 * One difference: basic-memory transliterates accented and non-Latin letters to ASCII with
 * `unidecode` (except CJK); here accents are stripped (NFKD) and letters of other scripts kept,
 * so a permalink written in such a script may not be matched. It is only used to match links
 * written as slugs; a note's own permalink is always read from its frontmatter.
 *
 * @module
 */

/**
 * The permalink basic-memory derives from `text` (a path without `.md`, or a title).
 *
 * @example
 * ```ts
 * permalinkOf("docs/My Feature"); // "docs/my-feature"
 * permalinkOf("design/unified_model_refactor"); // "design/unified-model-refactor"
 * ```
 */
export function permalinkOf(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .replace(/([\p{Ll}\p{N}])(\p{Lu})/gu, "$1-$2")
    .toLowerCase()
    .replaceAll("_", "-")
    .replaceAll("'", "")
    .replace(/[^\p{L}\p{N}/.-]/gu, "-")
    .replace(/-+/g, "-")
    .split("/")
    .map((segment) => segment.replace(/^-+|-+$/g, ""))
    .join("/");
}
