import { buildFilename } from "../../model/filename.js";
import { basename, type NoteStatus } from "../../model/layout.js";
import type { NoteFacts } from "./note-facts.js";

/** The files of one id split into the one taken for the original and the copies. */
export interface DuplicateCopies<N extends NoteFacts> {
  readonly original: N;
  /** The other files with the id, in path order; empty when the id is on one file. */
  readonly copies: readonly N[];
}

// An active note is the one agents see: keeping that copy is the safer mistake (a move to
// archive/ is quick to redo, a note hidden by mistake is not noticed).
const STATUS_RANK: Readonly<Record<NoteStatus, number>> = { active: 0, inbox: 1, archived: 2 };

/**
 * Which file of a duplicated id is the original, by a fixed rule so every process and every
 * clone picks the same one: the file whose name is the one the library gives the note (its
 * title's slug and the id; a copy made by hand usually has another name, `... copy`, `(1)`),
 * then the one in topics/, then inbox/, then archive/ (a crash inside an old move left the
 * same file in two folders), then the first by path. `memory reid` re-ids a copy and `merge` folds the copies into the
 * original; a caller who knows better names the file itself.
 *
 * @example
 * ```ts
 * duplicateCopies([copy, original]).original === original; // when original's name is canonical
 * ```
 */
export function duplicateCopies<N extends NoteFacts>(
  files: readonly [N, ...N[]],
): DuplicateCopies<N> {
  const canonical = (file: N): boolean =>
    basename(file.path) === buildFilename(file.note.title, file.note.id);
  const sorted = files.toSorted((a, b) => {
    const byName = Number(canonical(b)) - Number(canonical(a));
    if (byName !== 0) return byName;
    const byStatus = STATUS_RANK[a.status] - STATUS_RANK[b.status];
    if (byStatus !== 0) return byStatus;
    return a.path < b.path ? -1 : a.path > b.path ? 1 : 0;
  });
  const original = sorted[0] ?? files[0];
  const copies = files.filter((file) => file !== original);
  return { original, copies: copies.toSorted((a, b) => (a.path < b.path ? -1 : 1)) };
}
