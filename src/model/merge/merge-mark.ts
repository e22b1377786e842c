/**
 * The mark a merge by meaning leaves where both clones changed the same paragraph
 * differently: both versions are kept, each after a mark line, and an end line closes them.
 * They are blockquote callouts (`> [!conflict] ...`), so a person sees them in any markdown
 * view, and `doctor` reports them; never git's raw `<<<<<<<` markers.
 *
 * @module
 */

import { findCodeRanges, isInsideRanges } from "../markdown/code-ranges.js";

/** The start of every mark line. */
export const MERGE_MARK = "> [!conflict]";

const MARK_LINE = /^> \[!conflict\](?: .*)?$/gmu;

/**
 * The blocks that keep two versions of one place, in a deterministic order: a mark, the
 * first version, a mark, the second, an end mark.
 *
 * @example
 * ```ts
 * markedVersions(["Deploys at 9."], ["Deploys at 10."]);
 * // ["> [!conflict] Version 1 of 2 ...", "Deploys at 9.", "> [!conflict] Version 2 of 2", "Deploys at 10.", "> [!conflict] End"]
 * ```
 */
export function markedVersions(first: readonly string[], second: readonly string[]): string[] {
  return [
    `${MERGE_MARK} Version 1 of 2: this text was changed on two clones at once and memory sync kept both. Keep what is right, then delete the other version and these three marks.`,
    ...first,
    `${MERGE_MARK} Version 2 of 2`,
    ...second,
    `${MERGE_MARK} End of the two versions`,
  ];
}

/**
 * The 1-based line numbers of merge marks in `text` (outside code), or an empty list.
 *
 * @example
 * ```ts
 * mergeMarkLines("# A\n\n> [!conflict] Version 1 of 2\n"); // [3]
 * ```
 */
export function mergeMarkLines(text: string): number[] {
  if (!text.includes(MERGE_MARK)) return [];
  const code = findCodeRanges(text);
  const lines: number[] = [];
  for (const match of text.matchAll(MARK_LINE)) {
    if (isInsideRanges(code, match.index)) continue;
    lines.push(text.slice(0, match.index).split("\n").length);
  }
  return lines;
}
