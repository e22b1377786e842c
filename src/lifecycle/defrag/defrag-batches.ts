import type { NoteStatus } from "../../model/layout.js";

/** One note as a defrag prompt shows it: identity and graph signals, no usage counters. */
export interface DefragNoteLine {
  readonly id: string;
  readonly title: string;
  readonly tags: readonly string[];
  readonly size: number;
  readonly inbound: number;
  readonly outbound: number;
  readonly ageDays: number;
  readonly status: NoteStatus;
}

/** A group of clusters whose notes fit one prompt; merges stay inside it. */
export interface DefragBatch {
  readonly ids: ReadonlySet<string>;
  readonly notes: readonly DefragNoteLine[];
}

/** A cluster as the analysis reports it: its notes and, for large ones, its communities. */
export interface BatchCluster {
  readonly noteIds: readonly string[];
  readonly communities?: readonly (readonly string[])[];
}

/** The characters one note's line takes in the prompt (its rendering plus a newline). */
export function noteLine(note: DefragNoteLine): string {
  const tags = note.tags.length > 0 ? note.tags.map((t) => `#${t}`).join(" ") : "-";
  return `${note.id} | ${note.title} | ${tags} | ${note.size} B | in ${note.inbound} | out ${note.outbound} | ${note.ageDays} d | ${note.status}`;
}

/**
 * Packs clusters into batches whose note lines fit `budgetChars`, in the clusters' order. A
 * cluster too large for one batch is cut along its communities, and a community still too
 * large into runs of notes in id order: every prompt stays within budget at any memory size,
 * at the price of merges across the cut not being proposed in that run.
 */
export function planBatches(
  notes: ReadonlyMap<string, DefragNoteLine>,
  clusters: readonly BatchCluster[],
  budgetChars: number,
): DefragBatch[] {
  const groups: string[][] = [];
  for (const cluster of clusters) {
    if (cost(cluster.noteIds, notes) <= budgetChars) {
      groups.push([...cluster.noteIds]);
      continue;
    }
    for (const community of cluster.communities ?? [cluster.noteIds]) {
      if (cost(community, notes) <= budgetChars) groups.push([...community]);
      else groups.push(...chunk([...community].toSorted(), notes, budgetChars));
    }
  }
  const batches: string[][] = [];
  let current: string[] = [];
  let used = 0;
  for (const group of groups) {
    const size = cost(group, notes);
    if (current.length > 0 && used + size > budgetChars) {
      batches.push(current);
      current = [];
      used = 0;
    }
    current.push(...group);
    used += size;
  }
  if (current.length > 0) batches.push(current);
  return batches.map((ids) => ({
    ids: new Set(ids),
    notes: ids.map((id) => notes.get(id)).filter((n): n is DefragNoteLine => n !== undefined),
  }));
}

function cost(ids: readonly string[], notes: ReadonlyMap<string, DefragNoteLine>): number {
  let total = 0;
  for (const id of ids) {
    const note = notes.get(id);
    if (note !== undefined) total += noteLine(note).length + 1;
  }
  return total;
}

function chunk(
  ids: readonly string[],
  notes: ReadonlyMap<string, DefragNoteLine>,
  budgetChars: number,
): string[][] {
  const chunks: string[][] = [];
  let current: string[] = [];
  let used = 0;
  for (const id of ids) {
    const note = notes.get(id);
    const size = note === undefined ? 0 : noteLine(note).length + 1;
    if (current.length > 0 && used + size > budgetChars) {
      chunks.push(current);
      current = [];
      used = 0;
    }
    current.push(id);
    used += size;
  }
  if (current.length > 0) chunks.push(current);
  return chunks;
}
