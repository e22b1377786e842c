/**
 * The merge by meaning of `index.md` changed on two clones: the hot and warm tiers as sets
 * of note ids, the rest of the file as note text.
 *
 * A note's place (hot, warm, or not listed) changed on one side only takes that side's
 * place. Changed differently on both (say warm in the base, promoted to hot on one clone and
 * demoted out of the tiers on the other) it takes the hotter place: being top of mind costs a
 * line a person can remove, dropping it loses what one clone asked for.
 *
 * @module
 */

import { mergeNoteText, type MergedText } from "./merge-note.js";
import { mergeSequence, unionInOrder } from "./merge-sequence.js";
import { ID_SOURCE } from "../id.js";

type Tier = "hot" | "warm";

const TIER_HEADING = /^##\s+(.+?)\s*$/;
const TIER_ITEM = new RegExp(
  String.raw`^\s*[-*+]\s+!?\[\[(${ID_SOURCE})(?:#[^\]|]*)?(?:\|[^\]]*)?\]\]`,
);

interface IndexParts {
  /** The file without its tier items. */
  readonly skeleton: string;
  readonly ids: Record<Tier, string[]>;
  /** The item line of each id (its first, hottest one). */
  readonly lines: Map<string, string>;
}

/**
 * Merges `index.md` changed on two clones from their common `base`.
 *
 * @example
 * ```ts
 * const base = "# Index\n\n## Hot\n\n## Warm\n\n- [[id__Ab3xYz|A]]\n";
 * mergeIndexText(base, base.replace("## Hot\n", "## Hot\n\n- [[id__Qw2vBc|Q]]\n"), base).text;
 * ```
 */
export function mergeIndexText(base: string, ours: string, theirs: string): MergedText {
  if (ours === theirs || base === theirs) return { text: ours, marked: 0, decisions: [] };
  if (base === ours) return { text: theirs, marked: 0, decisions: [] };
  const [b, o, t] = [base, ours, theirs].map((text) => indexParts(text.replace(/\r\n/g, "\n"))) as [
    IndexParts,
    IndexParts,
    IndexParts,
  ];
  const skeleton = mergeNoteText(b.skeleton, o.skeleton, t.skeleton);
  const placeOf = (parts: IndexParts, id: string): number =>
    parts.ids.hot.includes(id) ? 2 : parts.ids.warm.includes(id) ? 1 : 0;
  const items: Record<Tier, string[]> = { hot: [], warm: [] };
  for (const tier of ["hot", "warm"] as const) {
    const order = mergeSequence(b.ids[tier], o.ids[tier], t.ids[tier], (clash) =>
      unionInOrder(clash.ours, clash.theirs),
    );
    for (const id of [...order, ...[...o.ids[tier], ...t.ids[tier]].toSorted()]) {
      if (items.hot.includes(id) || items.warm.includes(id)) continue;
      const place = mergedPlace(placeOf(b, id), placeOf(o, id), placeOf(t, id));
      if (place === (tier === "hot" ? 2 : 1)) items[tier].push(id);
    }
  }
  const line = (id: string): string =>
    mergedLine(b.lines.get(id), o.lines.get(id), t.lines.get(id));
  const text = withTiers(skeleton.text, {
    hot: items.hot.map(line),
    warm: items.warm.map(line),
  });
  return { text, marked: skeleton.marked, decisions: skeleton.decisions };
}

/** Three-way on a note's place (2 hot, 1 warm, 0 not listed); both changed: the hotter. */
function mergedPlace(base: number, ours: number, theirs: number): number {
  if (ours === theirs || theirs === base) return ours;
  if (ours === base) return theirs;
  return Math.max(ours, theirs);
}

/** An item's line: the side that changed it; both changed, the one that sorts last. */
function mergedLine(
  base: string | undefined,
  ours: string | undefined,
  theirs: string | undefined,
): string {
  if (ours === undefined) return theirs ?? "";
  if (theirs === undefined || ours === theirs || theirs === base) return ours;
  if (ours === base) return theirs;
  return ours > theirs ? ours : theirs;
}

/** The tiers' ids and item lines (an id listed twice: its first), and the file without them. */
function indexParts(text: string): IndexParts {
  const ids: Record<Tier, string[]> = { hot: [], warm: [] };
  const lines = new Map<string, string>();
  const kept: string[] = [];
  let tier: Tier | undefined;
  for (const line of text.split("\n")) {
    const heading = TIER_HEADING.exec(line);
    if (heading !== null) {
      const name = (heading[1] ?? "").toLowerCase();
      tier = name === "hot" || name === "warm" ? name : undefined;
      kept.push(line);
      continue;
    }
    const id = tier === undefined ? undefined : TIER_ITEM.exec(line)?.[1];
    if (tier === undefined || id === undefined) {
      kept.push(line);
      continue;
    }
    if (!lines.has(id)) {
      lines.set(id, line.trimStart());
      ids[tier].push(id);
    }
  }
  return { skeleton: kept.join("\n").replace(/\n{3,}/g, "\n\n"), ids, lines };
}

/** The skeleton with each tier's items right after its heading, as the index writer puts them. */
function withTiers(skeleton: string, items: Record<Tier, string[]>): string {
  const lines = skeleton.replace(/\n+$/, "").split("\n");
  const out: string[] = [];
  const placed = new Set<Tier>();
  for (const line of lines) {
    out.push(line);
    const name = (TIER_HEADING.exec(line)?.[1] ?? "").toLowerCase();
    if ((name === "hot" || name === "warm") && !placed.has(name)) {
      placed.add(name);
      if (items[name].length > 0) out.push("", ...items[name], "");
    }
  }
  for (const tier of ["hot", "warm"] as const) {
    if (placed.has(tier) || items[tier].length === 0) continue;
    out.push("", tier === "hot" ? "## Hot" : "## Warm", "", ...items[tier]);
  }
  return `${out
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .replace(/\n+$/, "")}\n`;
}
