/**
 * The `## Hot` list of a memory root's index note (`index.md`): pure text edits that add
 * links and keep everything else in the file as it was.
 *
 * @module
 */

import { isValidDisplayText, extractLinks } from "../links.js";

/** A note to list under `## Hot`. */
export interface HotLink {
  readonly id: string;
  readonly title: string;
}

/** The index note of a new memory: a title and the two lists, empty. */
export const EMPTY_INDEX_NOTE = "# Index\n\n## Hot\n\n## Warm\n";

const HOT_HEADING = /^##[ \t]+hot[ \t]*$/i;
const SECTION_END = /^#{1,2}[ \t]/;
const WARM_HEADING = /^##[ \t]+warm[ \t]*$/i;

/**
 * The list item for a note: `- [[id|title]]`, or `- [[id]]` for a title that cannot be a
 * link's display text (one ending in `]`, say).
 *
 * @example
 * ```ts
 * hotItem({ id: "id__Kf9mNp", title: "Igor" }); // "- [[id__Kf9mNp|Igor]]"
 * ```
 */
export function hotItem(link: HotLink): string {
  return isValidDisplayText(link.title) ? `- [[${link.id}|${link.title}]]` : `- [[${link.id}]]`;
}

/**
 * Adds the links `## Hot` does not have yet to an index note's text.
 *
 * Without a file (`undefined`) the result is a new index note. Without a `## Hot` section,
 * one is added before `## Warm` (or at the end). Otherwise the new items go after the last
 * line of the section's content. Links the section already holds are not repeated.
 *
 * @returns The new text and the links added; `text` is undefined when nothing changes.
 * @example
 * ```ts
 * addHotLinks(undefined, [{ id: "id__Kf9mNp", title: "Igor" }]).text;
 * // "# Index\n\n## Hot\n\n- [[id__Kf9mNp|Igor]]\n\n## Warm\n"
 * ```
 */
export function addHotLinks(
  existing: string | undefined,
  links: readonly HotLink[],
): { text: string | undefined; added: HotLink[] } {
  const lines = (existing ?? EMPTY_INDEX_NOTE).split("\n");
  const start = lines.findIndex((line) => HOT_HEADING.test(line));
  const end = start < 0 ? -1 : sectionEnd(lines, start);
  const present = new Set(
    start < 0 ? [] : extractLinks(lines.slice(start + 1, end).join("\n")).map((link) => link.id),
  );
  const added = uniqueById(links).filter((link) => !present.has(link.id));
  if (added.length === 0) return { text: existing, added };
  const items = added.map(hotItem);
  if (start >= 0) {
    let last = end - 1;
    while (last > start && lines[last]?.trim() === "") last--;
    const gap = last === start ? [""] : [];
    const after = lines.slice(last + 1);
    // Keep a blank line before the next heading, and the file's final newline.
    const spacing = after.length === 0 || after[0]?.trim() !== "" ? [""] : [];
    return {
      text: [...lines.slice(0, last + 1), ...gap, ...items, ...spacing, ...after].join("\n"),
      added,
    };
  }
  const section = ["## Hot", "", ...items, ""];
  const warm = lines.findIndex((line) => WARM_HEADING.test(line));
  if (warm >= 0) {
    return { text: [...lines.slice(0, warm), ...section, ...lines.slice(warm)].join("\n"), added };
  }
  const body = (existing ?? "").replace(/\s+$/, "");
  return { text: `${body === "" ? "" : `${body}\n\n`}${section.join("\n")}`, added };
}

/** The index of the line that ends the section starting at `start` (a heading of level 1-2, or the end). */
function sectionEnd(lines: readonly string[], start: number): number {
  for (let i = start + 1; i < lines.length; i++) {
    if (SECTION_END.test(lines[i] ?? "")) return i;
  }
  return lines.length;
}

function uniqueById(links: readonly HotLink[]): HotLink[] {
  const seen = new Set<string>();
  const unique: HotLink[] = [];
  for (const link of links) {
    if (seen.has(link.id)) continue;
    seen.add(link.id);
    unique.push(link);
  }
  return unique;
}
