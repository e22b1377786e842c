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
  /**
   * The notes whose whole body the prompt shows: only these may get a new body (split,
   * relink, merge with a body). Absent: none.
   */
  readonly shown?: ReadonlySet<string>;
}

/** A shown body as the prompt holds it: whole, between delimiters it cannot close early. */
export function shownBlock(id: string, body: string): string {
  const neutral = body.replace(/<\/?note\b/gi, (tag) => tag.replace("<", "< "));
  return `<note id="${id}">\n${neutral}\n</note>`;
}

/** The characters showing a body costs in a prompt: its block, and its id in the list of shown ids. */
export function shownCost(id: string, body: string): number {
  return shownBlock(id, body).length + 1 + id.length + 2;
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
 * Packs clusters into batches whose note lines, and the bodies shown with them, fit
 * `budgetChars`, in the clusters' order. A body is shown when it takes at most
 * `maxBodyChars` (its {@link shownCost}, given in `bodyChars` by id); a larger note is listed without its body and
 * offered only the actions that need none. A cluster too large for one batch is cut along its
 * communities, and a community still too large into runs of notes in id order: every prompt
 * stays within budget at any memory size, at the price of merges across the cut not being
 * proposed in that run.
 */
export function planBatches(
  lines: ReadonlyMap<string, DefragNoteLine>,
  clusters: readonly BatchCluster[],
  budgetChars: number,
  bodies: { readonly bodyChars: ReadonlyMap<string, number>; readonly maxBodyChars: number } = {
    bodyChars: new Map(),
    maxBodyChars: 0,
  },
): DefragBatch[] {
  const shown = (id: string): boolean => {
    const chars = bodies.bodyChars.get(id);
    return chars !== undefined && chars <= bodies.maxBodyChars;
  };
  const notes: CostedNotes = {
    get: (id) => lines.get(id),
    cost: (id) => {
      const line = lines.get(id);
      if (line === undefined) return 0;
      const body = shown(id) ? (bodies.bodyChars.get(id) ?? 0) : 0;
      return noteLine(line).length + 1 + body;
    },
  };
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
    shown: new Set(ids.filter(shown)),
  }));
}

/** The notes being packed: each one's line, and what it costs in the prompt. */
interface CostedNotes {
  get(id: string): DefragNoteLine | undefined;
  cost(id: string): number;
}

function cost(ids: readonly string[], notes: CostedNotes): number {
  let total = 0;
  for (const id of ids) total += notes.cost(id);
  return total;
}

function chunk(ids: readonly string[], notes: CostedNotes, budgetChars: number): string[][] {
  const chunks: string[][] = [];
  let current: string[] = [];
  let used = 0;
  for (const id of ids) {
    const size = notes.cost(id);
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
