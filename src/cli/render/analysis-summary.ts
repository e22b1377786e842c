/**
 * The human text of `memory analyze`: the counts, then the findings worth acting on, each
 * list cut short (`--json` has everything).
 *
 * @module
 */

import type { MemoryAnalysis } from "../../lifecycle/index.js";
import { lines, plural } from "./format.js";

/** Most clusters the text shows. */
const MAX_CLUSTERS = 5;
/** Most titles shown per cluster. */
const MAX_CLUSTER_TITLES = 3;
/** Most entries of any other list. */
const MAX_ITEMS = 10;

/**
 * The report: a line of note counts, a line of finding counts, then the largest clusters
 * (size, first id, first titles), near-duplicate pairs with their similarity, orphans with
 * their age, oversize notes, broken links and cycles. Empty lists are left out.
 *
 * @example
 * ```ts
 * describeAnalysis(analysis);
 * // "3 notes: 3 active, 0 in the inbox, 0 archived.\n0 clusters, ..., 1 orphan, ...\n\nOrphans ..."
 * ```
 */
export function describeAnalysis(analysis: MemoryAnalysis): string {
  const titles = new Map<string, string>();
  for (const note of analysis.notes) if (!titles.has(note.id)) titles.set(note.id, note.title);
  const named = (id: string): string => {
    const title = titles.get(id);
    return title === undefined ? id : `${id} "${title}"`;
  };
  const count = (status: string) => analysis.notes.filter((note) => note.status === status).length;
  const counts = [
    `${plural(analysis.notes.length, "note")}: ${count("active")} active, ${count("inbox")} in the inbox, ${count("archived")} archived.`,
    [
      plural(analysis.clusters.length, "cluster"),
      plural(analysis.nearDuplicates.length, "near-duplicate pair"),
      plural(analysis.orphans.length, "orphan"),
      plural(analysis.oversize.length, "oversize note"),
      plural(analysis.brokenLinks.length, "broken link"),
      plural(analysis.deadEnds.length, "dead end"),
      plural(analysis.cycles.length, "cycle"),
    ].join(", ") + ".",
  ];
  const ageWidth = Math.max(
    0,
    ...analysis.orphans.slice(0, MAX_ITEMS).map((o) => plural(o.ageDays, "day").length),
  );
  return lines(
    counts,
    section(
      "Largest clusters:",
      analysis.clusters.map((cluster) => {
        const shown = cluster.noteIds
          .slice(0, MAX_CLUSTER_TITLES)
          .map((id) => titles.get(id) ?? id);
        const more = cluster.noteIds.length - shown.length;
        const communities =
          cluster.communities === undefined
            ? ""
            : ` (${plural(cluster.communities.length, "community", "communities")})`;
        return `  ${plural(cluster.noteIds.length, "note")}  ${cluster.id}${communities}  ${shown.join(", ")}${more > 0 ? `, and ${more} more` : ""}`;
      }),
      MAX_CLUSTERS,
    ),
    section(
      "Near-duplicates (similarity):",
      analysis.nearDuplicates.map(
        (pair) => `  ${pair.similarity.toFixed(2)}  ${named(pair.a)} ~ ${named(pair.b)}`,
      ),
    ),
    section(
      "Orphans (nothing links to them), oldest first:",
      analysis.orphans.map((orphan) =>
        `  ${orphan.id}  ${plural(orphan.ageDays, "day").padStart(ageWidth)}  ${titles.get(orphan.id) ?? ""}`.trimEnd(),
      ),
    ),
    section(
      "Oversize notes:",
      analysis.oversize.map((note) =>
        `  ${note.id}  ${note.size} bytes  ${titles.get(note.id) ?? ""}`.trimEnd(),
      ),
    ),
    section(
      "Broken links:",
      analysis.brokenLinks.map((link) => `  ${named(link.sourceId)} -> ${link.targetId}`),
    ),
    section(
      "Cycles:",
      analysis.cycles.map((cycle) => `  ${[...cycle, cycle[0] ?? ""].join(" -> ")}`),
    ),
  );
}

/** A heading and at most `max` of its lines, with how many were left out; nothing when empty. */
function section(heading: string, items: readonly string[], max = MAX_ITEMS): string[] {
  if (items.length === 0) return [];
  const left = items.length - max;
  return [
    heading,
    ...items.slice(0, max),
    ...(left > 0 ? [`  ... and ${left} more ("memory analyze --json" lists all)`] : []),
  ];
}
