/**
 * The index note (`index.md`): `# Index`, a `## Hot` and a `## Warm` list of
 * `[[id__XXXXXX|title]]` links, each optionally followed by a short line of text. It is the
 * only place top of mind lives. People edit it by hand, so rewriting the tiers keeps every
 * other line, and the text after a link whose note stays in the list.
 *
 * @module
 */

import { ID_SOURCE } from "../id.js";

/** One line of a tier list. */
export interface IndexEntry {
  readonly id: string;
  readonly title: string;
  /** The text after the link, e.g. " — owner of the console"; "" when none. */
  readonly note: string;
}

/** The tiers of an index note. */
export interface IndexTiers {
  readonly hot: readonly IndexEntry[];
  readonly warm: readonly IndexEntry[];
}

const ITEM = new RegExp(
  String.raw`^\s*[-*+]\s+!?\[\[(${ID_SOURCE})(?:#[^|\]\n]*)?(?:\|((?:(?!\]\])[^\n])*))?\]\](.*)$`,
);
const SECTION = /^##\s+(.+?)\s*$/;

type Tier = "hot" | "warm";

function tierOf(line: string): Tier | undefined | null {
  const heading = SECTION.exec(line);
  if (heading === null) return null;
  const name = (heading[1] ?? "").toLowerCase();
  return name === "hot" ? "hot" : name === "warm" ? "warm" : undefined;
}

/**
 * Reads the tiers of an index note; links outside the two sections are not tier entries.
 *
 * @example
 * ```ts
 * readIndexTiers("# Index\n\n## Hot\n\n- [[id__Kf9mNp|Console]] ships daily\n").hot;
 * // [{ id: "id__Kf9mNp", title: "Console", note: " ships daily" }]
 * ```
 */
export function readIndexTiers(markdown: string): IndexTiers {
  const tiers: Record<Tier, IndexEntry[]> = { hot: [], warm: [] };
  let current: Tier | undefined;
  for (const line of markdown.split(/\r?\n/)) {
    const section = tierOf(line);
    if (section !== null) {
      current = section;
      continue;
    }
    const item = current === undefined ? null : ITEM.exec(line);
    if (item !== null && current !== undefined) {
      tiers[current].push({
        id: item[1] ?? "",
        title: item[2] ?? item[1] ?? "",
        note: item[3] ?? "",
      });
    }
  }
  return tiers;
}

/** What to list in each tier; a kept entry keeps its hand-written note unless one is given. */
export interface TierUpdate {
  readonly hot: readonly { readonly id: string; readonly title: string; readonly note?: string }[];
  readonly warm: readonly { readonly id: string; readonly title: string; readonly note?: string }[];
}

/**
 * Writes the tiers into an index note (a new one when `markdown` is undefined): the item
 * lines of `## Hot` and `## Warm` are replaced, every other line stays where it was, and a
 * missing section is added at the end. Deterministic: the same input gives the same bytes.
 *
 * @example
 * ```ts
 * writeIndexTiers(undefined, { hot: [{ id: "id__Kf9mNp", title: "Console" }], warm: [] });
 * // "# Index\n\n## Hot\n\n- [[id__Kf9mNp|Console]]\n\n## Warm\n"
 * ```
 */
export function writeIndexTiers(markdown: string | undefined, update: TierUpdate): string {
  const previous = markdown === undefined ? { hot: [], warm: [] } : readIndexTiers(markdown);
  const notes = new Map([...previous.hot, ...previous.warm].map((entry) => [entry.id, entry.note]));
  const render = (tier: Tier): string[] =>
    update[tier].map(
      (entry) =>
        `- [[${entry.id}|${entry.title.replace(/\]\]/g, "] ]")}]]${entry.note ?? notes.get(entry.id) ?? ""}`,
    );
  const source = markdown ?? "# Index\n";
  const lines = source.replace(/\r\n/g, "\n").replace(/\n+$/, "").split("\n");
  const out: string[] = [];
  const written = new Set<Tier>();
  let current: Tier | undefined;
  for (const line of lines) {
    const section = tierOf(line);
    if (section !== null) {
      current = section;
      out.push(line);
      if (section !== undefined) {
        out.push("", ...render(section));
        written.add(section);
      }
      continue;
    }
    if (
      current !== undefined &&
      (ITEM.test(line) || (line.trim() === "" && out.at(-1)?.trim() === ""))
    )
      continue;
    if (current !== undefined && line.trim() !== "" && out.at(-1)?.trim() !== "") out.push("");
    out.push(line);
  }
  for (const tier of ["hot", "warm"] as const) {
    if (written.has(tier)) continue;
    out.push("", `## ${tier === "hot" ? "Hot" : "Warm"}`, "", ...render(tier));
  }
  return `${out
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .replace(/\n+$/, "")}\n`;
}
