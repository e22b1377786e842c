import type { NoteLink } from "../../model/links.js";
import type { NoteStatus } from "../../model/layout.js";
import type { NoteFacts } from "./note-facts.js";
import type { StoredNote } from "./note-store.js";

/** When a note was created and last changed, and whether git knows it yet. */
export interface NoteTimes {
  /** Epoch ms: the first commit of the id, else the file's mtime. */
  readonly createdAt: number;
  /** Epoch ms: the latest commit of the id, else the file's mtime. */
  readonly updatedAt: number;
  /** False while the note has never been committed (or the memory has no git port). */
  readonly committed: boolean;
}

/** Everything the library derives about a note without its body. Nothing here is stored. */
export interface NoteMeta extends NoteTimes {
  readonly id: string;
  readonly title: string;
  readonly tags: readonly string[];
  readonly status: NoteStatus;
  /** Path relative to the memory root. */
  readonly path: string;
  /** Size of the file in bytes (UTF-8). */
  readonly size: number;
  /**
   * The file's version: pass it back as `expectedHash` to `update` or `append` and the write
   * is refused with CONFLICT if the note changed since it was read.
   */
  readonly hash: string;
  /**
   * The id of the note that replaces this one, when it is superseded as a whole (a note-level
   * `> Superseded by` mark, docs/file-format.md 5.1); absent for a current note.
   */
  readonly supersededById?: string;
}

/** A note with its content. */
export interface Note extends NoteMeta {
  /** The markdown after the heading and the tag line. */
  readonly body: string;
  /** Every link in the body. */
  readonly links: readonly NoteLink[];
  /**
   * Set when the whole note is superseded (its body starts with a `> Superseded by` mark): the
   * note that replaces it (title null when no note has that id), and the mark's date and reason.
   */
  readonly supersededBy?: SupersededBy;
}

/** The note replacing a superseded one, as a read reports it. */
export interface SupersededBy {
  readonly id: string;
  readonly title: string | null;
  readonly date?: string;
  readonly reason?: string;
}

/** Builds a note's meta from the store's view and its times. */
export function toNoteMeta(stored: NoteFacts, times: NoteTimes): NoteMeta {
  return {
    id: stored.note.id,
    title: stored.note.title,
    tags: stored.note.tags,
    status: stored.status,
    path: stored.path,
    size: stored.size,
    hash: stored.hash,
    ...(stored.supersededBy === undefined ? {} : { supersededById: stored.supersededBy }),
    createdAt: times.createdAt,
    updatedAt: times.updatedAt,
    committed: times.committed,
  };
}

/** Builds the full note from the store's view and its times. */
export function toNote(stored: StoredNote, times: NoteTimes): Note {
  return { ...toNoteMeta(stored, times), body: stored.note.body, links: stored.note.links };
}
