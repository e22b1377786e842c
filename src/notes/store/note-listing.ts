import type { Persistence, StoredFile } from "../../ports/persistence.js";
import { parseFilename, type ParsedFilename } from "../../model/filename.js";
import { OVERSIZE_FIX, oversizeReason } from "../../model/note-size.js";
import {
  NOTE_STATUSES,
  STATUS_FOLDERS,
  basename,
  statusOfPath,
  type NoteStatus,
} from "../../model/layout.js";

/** A file in the layout the library leaves alone, and why. */
export interface UnsafeFile {
  readonly path: string;
  readonly reason: string;
  /** What to do about it, when the reason calls for a fix of its own. */
  readonly fix?: string;
}

/** A listed note file with what its name says. */
export interface ListedNote {
  readonly file: StoredFile;
  readonly name: ParsedFilename;
  readonly status: NoteStatus;
}

/** The status folders' files, sorted into notes, files without an id, and unsafe files. */
export interface NoteListing {
  readonly notes: readonly ListedNote[];
  readonly unparsable: readonly StoredFile[];
  readonly unsafe: readonly UnsafeFile[];
}

/**
 * Lists the status folders (one call each, no file read) and sorts what is there.
 *
 * @example
 * ```ts
 * const listing = await listNoteFiles(persistence); // throws the PersistenceError of a failed list
 * ```
 */
export async function listNoteFiles(persistence: Persistence): Promise<NoteListing> {
  const notes: ListedNote[] = [];
  const unparsable: StoredFile[] = [];
  const unsafe: UnsafeFile[] = [];
  for (const folderStatus of NOTE_STATUSES) {
    const files = await persistence.list(STATUS_FOLDERS[folderStatus]);
    if (files.isErr()) throw files.error;
    for (const file of files.value) {
      if (file.unsafe !== undefined) {
        unsafe.push({ path: file.path, reason: file.unsafe });
        continue;
      }
      // Never read whole: parsing and indexing it would cost more than the rest of the memory.
      const oversize = oversizeReason(file.size);
      if (oversize !== undefined) {
        unsafe.push({ path: file.path, reason: oversize, fix: OVERSIZE_FIX });
        continue;
      }
      const status = statusOfPath(file.path);
      if (status === undefined) continue;
      const name = parseFilename(basename(file.path));
      if (name.isErr()) unparsable.push(file);
      else notes.push({ file, name: name.value, status });
    }
  }
  return { notes, unparsable, unsafe };
}

/**
 * The note files carrying `id`, from the names alone when the persistence can list without
 * stats (one readdir per folder), else from a full listing. Unsafe files are left out.
 *
 * @example
 * ```ts
 * const named = await noteFilesWithId(persistence, "id__Kf9mNp"); // normally one
 * ```
 */
export async function noteFilesWithId(persistence: Persistence, id: string): Promise<ListedNote[]> {
  const { listPaths, stat } = persistence;
  if (listPaths === undefined || stat === undefined) {
    const listing = await listNoteFiles(persistence);
    return listing.notes.filter((listed) => listed.name.id === id);
  }
  const found: ListedNote[] = [];
  for (const folderStatus of NOTE_STATUSES) {
    const paths = await listPaths.call(persistence, STATUS_FOLDERS[folderStatus]);
    if (paths.isErr()) throw paths.error;
    for (const listed of paths.value) {
      // Cheap test first: parsing 10,000 names to find one costs more than the readdir.
      // ("<slug> id__XXXXXX.md", or "id__XXXXXX.md" alone: the parse below tells them apart.)
      if (listed.unsafe !== undefined || !listed.path.endsWith(`${id}.md`)) continue;
      const status = statusOfPath(listed.path);
      const name = parseFilename(basename(listed.path));
      if (status === undefined || name.isErr() || name.value.id !== id) continue;
      const file = await stat.call(persistence, listed.path);
      if (file.isErr()) {
        // Removed since the listing: it is simply gone.
        if (file.error.code === "NOT_FOUND") continue;
        throw file.error;
      }
      if (file.value.unsafe === undefined && oversizeReason(file.value.size) === undefined)
        found.push({ file: file.value, name: name.value, status });
    }
  }
  return found;
}

/**
 * Why `content` cannot be a note, or undefined. A rewrite (a rename repointing links, a
 * merge) would save the U+FFFD a decoder put in place of bytes that were not UTF-8, so such
 * files, and binary ones, are never taken for notes.
 *
 * @example
 * ```ts
 * notTextReason("a\0b"); // "binary content (a NUL byte): not a markdown note"
 * ```
 */
export function notTextReason(content: string): string | undefined {
  if (content.includes("\0")) return "binary content (a NUL byte): not a markdown note";
  if (content.includes("\uFFFD"))
    return "not UTF-8 text (or it holds U+FFFD): a rewrite would lose its bytes";
  return undefined;
}
