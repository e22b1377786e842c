/**
 * The link-health findings, with the same definitions as the graph queries and doctor:
 * self-links never count, the index note's links count as inbound, a link to an archived note
 * is not broken, and archived notes are not orphans (archive/ is where orphans go).
 *
 * @module
 */
import type { BrokenLink } from "../graph/link-queries.js";
import type { AnalysisNote } from "./analysis-input.js";
import { compareIds } from "./id-order.js";

/** A note nothing links to, and how long it has existed. */
export interface Orphan {
  readonly id: string;
  /** Whole days since its createdAt (0 for a clock behind the note's time). */
  readonly ageDays: number;
}

/** A note over the size limit. */
export interface OversizeNote {
  readonly id: string;
  /** Bytes. */
  readonly size: number;
}

const DAY_MS = 86_400_000;

/**
 * The distinct ids a note links to, itself excluded, in order of first appearance.
 *
 * @example
 * ```ts
 * linkTargets({ id: "id__AAAAAA", links: ["id__BBBBBB", "id__AAAAAA", "id__BBBBBB"] });
 * // ["id__BBBBBB"]
 * ```
 */
export function linkTargets(note: Pick<AnalysisNote, "id" | "links">): string[] {
  return [...new Set(note.links)].filter((target) => target !== note.id);
}

/**
 * For each id, how many note files link to it (each file once, files carrying the id itself
 * excluded), as `links(id).inbound` counts them.
 *
 * @example
 * ```ts
 * inboundCounts([{ id: "a", links: ["b", "b"] }, { id: "b", links: ["b"] }]).get("b"); // 1
 * ```
 */
export function inboundCounts(
  notes: readonly Pick<AnalysisNote, "id" | "links">[],
): Map<string, number> {
  const counts = new Map<string, number>();
  for (const note of notes) {
    for (const target of linkTargets(note)) counts.set(target, (counts.get(target) ?? 0) + 1);
  }
  return counts;
}

/**
 * Notes outside archive/ that no other note and not the index note links to, each id once,
 * oldest first, then by id.
 *
 * @example
 * ```ts
 * findOrphans(notes, inboundCounts(notes), new Set(["id__Hub000"]), Date.now());
 * // [{ id: "id__Lonely", ageDays: 40 }]
 * ```
 */
export function findOrphans(
  notes: readonly AnalysisNote[],
  inbound: ReadonlyMap<string, number>,
  indexed: ReadonlySet<string>,
  now: number,
): Orphan[] {
  const orphans = new Map<string, Orphan>();
  for (const note of notes) {
    if (note.status === "archived" || orphans.has(note.id)) continue;
    if ((inbound.get(note.id) ?? 0) > 0 || indexed.has(note.id)) continue;
    orphans.set(note.id, {
      id: note.id,
      ageDays: Math.max(0, Math.floor((now - note.createdAt) / DAY_MS)),
    });
  }
  return [...orphans.values()].toSorted((a, b) => b.ageDays - a.ageDays || compareIds(a.id, b.id));
}

/**
 * Links to ids no note carries, each (source, target) once, by source id then target id.
 *
 * @example
 * ```ts
 * findBrokenLinks([{ id: "a", links: ["gone"] }], new Set(["a"]));
 * // [{ sourceId: "a", targetId: "gone" }]
 * ```
 */
export function findBrokenLinks(
  notes: readonly Pick<AnalysisNote, "id" | "links">[],
  existing: ReadonlySet<string>,
): BrokenLink[] {
  const broken = new Map<string, BrokenLink>();
  for (const note of notes) {
    for (const target of linkTargets(note)) {
      if (existing.has(target)) continue;
      broken.set(`${note.id} ${target}`, { sourceId: note.id, targetId: target });
    }
  }
  return [...broken.values()].toSorted(
    (a, b) => compareIds(a.sourceId, b.sourceId) || compareIds(a.targetId, b.targetId),
  );
}

/**
 * Ids of the notes that link to no other note (self-links aside; a broken link still counts
 * as a link out), whatever their status, sorted.
 *
 * @example
 * ```ts
 * findDeadEnds([{ id: "a", links: ["a"] }, { id: "b", links: ["a"] }]); // ["a"]
 * ```
 */
export function findDeadEnds(notes: readonly Pick<AnalysisNote, "id" | "links">[]): string[] {
  const ids = notes.filter((note) => linkTargets(note).length === 0).map((note) => note.id);
  return [...new Set(ids)].toSorted(compareIds);
}

/**
 * Note files larger than `maxBytes`, largest first, then by id.
 *
 * @example
 * ```ts
 * findOversize([{ id: "a", size: 9000 }, { id: "b", size: 10 }], 8192); // [{ id: "a", size: 9000 }]
 * ```
 */
export function findOversize(
  notes: readonly Pick<AnalysisNote, "id" | "size">[],
  maxBytes: number,
): OversizeNote[] {
  return notes
    .filter((note) => note.size > maxBytes)
    .map((note) => ({ id: note.id, size: note.size }))
    .toSorted((a, b) => b.size - a.size || compareIds(a.id, b.id));
}
