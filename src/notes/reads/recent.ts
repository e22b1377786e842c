import type { NoteMeta } from "../store/note-meta.js";

/** What {@link recentNotes} keeps. */
export interface RecentOptions {
  /** Only notes changed at or after this epoch ms. */
  readonly since?: number;
  /** At most this many. Default 20. */
  readonly limit?: number;
}

/**
 * The most recently changed notes first (by `updatedAt`, then id for a stable order).
 *
 * @example
 * ```ts
 * const listed = await memory.list();
 * if (listed.isOk()) recentNotes(listed.value, { since: Date.now() - 86_400_000 });
 * ```
 */
export function recentNotes(notes: readonly NoteMeta[], options: RecentOptions = {}): NoteMeta[] {
  const since = options.since ?? Number.NEGATIVE_INFINITY;
  return notes
    .filter((note) => note.updatedAt >= since)
    .toSorted((a, b) => b.updatedAt - a.updatedAt || a.id.localeCompare(b.id))
    .slice(0, options.limit ?? 20);
}
