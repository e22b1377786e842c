import type { NoteStatus } from "../../model/layout.js";

/** A link as the facts keep it: its target and its text. */
export interface FactLink {
  readonly id: string;
  readonly displayText: string;
}

/**
 * What the store knows of a note file without its body: enough to list, filter, and walk the
 * link graph. A {@link StoredNote} is one too, so code that needs only these fields takes
 * either. These are what the persisted cache under `.agent-memory/` holds, because reading
 * them back is an order of magnitude cheaper than parsing every note (10,000 LoCoMo notes:
 * about 1 MB of JSON in 20 ms, against 14 MB and 190 ms with the bodies).
 */
export interface NoteFacts {
  readonly path: string;
  readonly status: NoteStatus;
  readonly slug: string;
  readonly mtimeMs: number;
  readonly size: number;
  /** The file's version (noteHash of its bytes when read). */
  readonly hash: string;
  /**
   * Set when the file is less readable than the memory (see StoredFile.restricted): none of
   * this note goes into the facts or search caches.
   */
  readonly restricted?: true;
  /**
   * The id of the note that replaces this one, when its body starts with a note-level
   * `> Superseded by [[id|…]]` mark (docs/file-format.md 5.1); absent for a current note.
   * Kept with the facts so every surface that lists notes (AGENTS.md, the session context,
   * doctor) can keep a superseded note out of "current" without reading its body.
   */
  readonly supersededBy?: string;
  readonly note: {
    readonly id: string;
    readonly title: string;
    readonly tags: readonly string[];
    readonly links: readonly FactLink[];
  };
}

/**
 * The facts of a parsed note, without the body and link positions.
 *
 * @example
 * ```ts
 * const facts = factsOf(stored); // what the persisted cache keeps of a StoredNote
 * ```
 */
export function factsOf(stored: NoteFacts): NoteFacts {
  return {
    path: stored.path,
    status: stored.status,
    slug: stored.slug,
    mtimeMs: stored.mtimeMs,
    size: stored.size,
    hash: stored.hash,
    ...(stored.restricted === true ? { restricted: true } : {}),
    ...(stored.supersededBy === undefined ? {} : { supersededBy: stored.supersededBy }),
    note: {
      id: stored.note.id,
      title: stored.note.title,
      tags: stored.note.tags,
      links: stored.note.links.map((link) => ({ id: link.id, displayText: link.displayText })),
    },
  };
}
