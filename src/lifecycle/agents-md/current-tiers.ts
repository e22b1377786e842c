/**
 * The index's tiers as a reader of current facts should get them: archived notes left out,
 * and each superseded note replaced by the note that replaces it (at the end of its chain).
 * AGENTS.md, `memory context`, the MCP `context` tool and the SessionStart hooks all read
 * the tiers through this, so no surface shows a superseded note as current.
 *
 * Why replace rather than drop: a note was put in a tier because its subject is top of mind,
 * and a reversed decision is exactly what an agent must not miss; the successor carries the
 * current fact and names the old note in its place (docs/file-format.md 5.1).
 *
 * @module
 */

import { followSupersession } from "../../model/supersession/supersession-chain.js";
import type { NoteMeta } from "../../notes/store/note-meta.js";

/** A tier entry that is superseded, and what the reader gets instead. */
export interface SupersededEntry {
  readonly id: string;
  /**
   * The current note shown in its place (the end of its chain), or null when the chain has no
   * current end (it loops, or ends at a note that is archived or missing): the entry is then
   * left out, and doctor reports the chain.
   */
  readonly by: string | null;
}

/** The tiers to show. */
export interface CurrentTierIds {
  /** Ids to show as hot, in index order, each once (an id no note has stays: callers skip it). */
  readonly hot: readonly string[];
  /** Ids to show as warm, likewise, without the hot ones. */
  readonly warm: readonly string[];
  /** Tier entries left out because they are archived. */
  readonly archived: readonly string[];
  /** Tier entries that are superseded, each once. */
  readonly superseded: readonly SupersededEntry[];
}

/**
 * Resolves the tiers against the notes' metas.
 *
 * @param tiers The ids of each tier as the index note lists them.
 * @param metas Every note's meta (`memory.list()`); with a duplicate id, the first wins.
 * @example
 * ```ts
 * const shown = currentTierIds({ hot: ["id__Old111"], warm: [] }, metas);
 * shown.hot; // ["id__New222"] when id__Old111 is superseded by id__New222
 * ```
 */
export function currentTierIds(
  tiers: { readonly hot: readonly string[]; readonly warm: readonly string[] },
  metas: readonly NoteMeta[],
): CurrentTierIds {
  const byId = new Map<string, NoteMeta>();
  for (const meta of metas) if (!byId.has(meta.id)) byId.set(meta.id, meta);
  const chainNotes = new Map(
    [...byId].map(([id, meta]) => [
      id,
      meta.supersededById === undefined ? {} : { supersededBy: meta.supersededById },
    ]),
  );
  const seen = new Set<string>();
  const archived: string[] = [];
  const superseded: SupersededEntry[] = [];
  const resolve = (ids: readonly string[]): string[] =>
    ids.flatMap((id) => {
      const meta = byId.get(id);
      if (meta?.status === "archived") {
        if (!archived.includes(id)) archived.push(id);
        return [];
      }
      const shown =
        meta?.supersededById === undefined ? id : successorOf(id, chainNotes, byId, superseded);
      if (shown === undefined || seen.has(shown)) return [];
      seen.add(shown);
      return [shown];
    });
  const hot = resolve(tiers.hot);
  const warm = resolve(tiers.warm);
  return { hot, warm, archived, superseded };
}

function successorOf(
  id: string,
  chainNotes: ReadonlyMap<string, { supersededBy?: string }>,
  byId: ReadonlyMap<string, NoteMeta>,
  superseded: SupersededEntry[],
): string | undefined {
  const end = followSupersession(id, chainNotes);
  const by = end.kind === "current" && byId.get(end.id)?.status !== "archived" ? end.id : null;
  if (!superseded.some((entry) => entry.id === id)) superseded.push({ id, by });
  return by ?? undefined;
}
