/**
 * Current first: a search result whose note is superseded (a note-level mark, see
 * docs/file-format.md 5.1) goes right below its successor when the successor is among the
 * results, and below every current result otherwise.
 *
 * @module
 */

import type { SearchResult } from "./rank-notes.js";

/**
 * Reorders ranked results so no superseded note comes before the note replacing it. Results
 * keep their scores; current notes keep their order; the superseded notes hanging under one
 * note keep theirs. A chain (A by B by C) comes out C, B, A; a loop, or a successor outside
 * the results, puts the note at the end.
 *
 * @example
 * ```ts
 * currentFirst([old, current]); // [current, old] when old.supersededBy?.id === current.id
 * ```
 */
export function currentFirst(results: readonly SearchResult[]): SearchResult[] {
  if (results.every((result) => result.supersededBy === undefined)) return [...results];
  const under = new Map<string, SearchResult[]>();
  for (const result of results) {
    const successor = result.supersededBy?.id;
    if (successor === undefined) continue;
    under.set(successor, [...(under.get(successor) ?? []), result]);
  }
  const placed = new Set<string>();
  const ordered: SearchResult[] = [];
  const place = (result: SearchResult): void => {
    if (placed.has(result.id)) return;
    placed.add(result.id);
    ordered.push(result);
    for (const replaced of under.get(result.id) ?? []) place(replaced);
  };
  for (const result of results) if (result.supersededBy === undefined) place(result);
  for (const result of results) place(result);
  return ordered;
}
