/**
 * Following supersession marks from note to note: A superseded by B, B by C, gives C. Pure
 * and loop-safe, since a person can write a loop by hand (A by B, B by A) even though
 * `memory supersede` refuses to.
 *
 * @module
 */

/** What a note needs for the walk: the successor of a note superseded as a whole, if any. */
export interface ChainLink {
  readonly supersededBy?: string;
}

/** Where a chain of supersession marks ends. */
export type ChainEnd =
  /** At a note that is not superseded; `path` is every id walked, the start and the end included. */
  | { readonly kind: "current"; readonly id: string; readonly path: readonly string[] }
  /** At an id no note has; `id` is that id. */
  | { readonly kind: "missing"; readonly id: string; readonly path: readonly string[] }
  /** Back at a note already walked: `path` ends with the first id met twice. */
  | { readonly kind: "loop"; readonly path: readonly string[] };

/**
 * Follows the marks from `start` to the first note not superseded.
 *
 * @param start An id; a start no note has ends `missing` at once.
 * @param notes The notes by id.
 * @example
 * ```ts
 * const notes = new Map([["id__Aaaaa1", { supersededBy: "id__Bbbbb2" }], ["id__Bbbbb2", {}]]);
 * followSupersession("id__Aaaaa1", notes); // { kind: "current", id: "id__Bbbbb2", path: ["id__Aaaaa1", "id__Bbbbb2"] }
 * ```
 */
export function followSupersession(start: string, notes: ReadonlyMap<string, ChainLink>): ChainEnd {
  const path: string[] = [];
  const seen = new Set<string>();
  let id = start;
  for (;;) {
    if (seen.has(id)) return { kind: "loop", path: [...path, id] };
    seen.add(id);
    path.push(id);
    const note = notes.get(id);
    if (note === undefined) return { kind: "missing", id, path };
    if (note.supersededBy === undefined) return { kind: "current", id, path };
    id = note.supersededBy;
  }
}
