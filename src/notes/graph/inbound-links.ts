import type { NoteLink } from "../../model/links.js";
import type { NoteSnapshot, StoredNote } from "../store/note-store.js";

/** The key the index note's links are filed under, beside note paths. */
export const INDEX_SOURCE = "index.md";

/**
 * Who links to whom, kept in step with the note store. `sync` compares the snapshot with
 * the one it saw last by object identity (the store hands out a new object only for a file
 * it re-read), so a refresh costs one pass over the paths plus the work for what changed.
 */
export interface InboundLinks {
  /** Brings the index up to date with a snapshot. */
  sync(snapshot: NoteSnapshot): void;
  /** The paths of the notes (and `index.md`) with a link to `id`; self-links included. */
  sources(id: string): ReadonlySet<string>;
}

/** Creates an empty index; the first `sync` fills it. */
export function createInboundLinks(): InboundLinks {
  let seen = new Map<string, StoredNote>();
  let indexLinks: readonly NoteLink[] = [];
  // target id -> source path -> number of links
  const inbound = new Map<string, Map<string, number>>();

  const add = (source: string, links: readonly NoteLink[], delta: 1 | -1): void => {
    for (const link of links) {
      let bySource = inbound.get(link.id);
      if (bySource === undefined) {
        bySource = new Map();
        inbound.set(link.id, bySource);
      }
      const count = (bySource.get(source) ?? 0) + delta;
      if (count > 0) bySource.set(source, count);
      else bySource.delete(source);
      if (bySource.size === 0) inbound.delete(link.id);
    }
  };

  return {
    sync(snapshot) {
      const next = new Map<string, StoredNote>();
      for (const stored of snapshot.notes) {
        next.set(stored.path, stored);
        const previous = seen.get(stored.path);
        if (previous === stored) continue;
        if (previous !== undefined) add(stored.path, previous.note.links, -1);
        add(stored.path, stored.note.links, 1);
      }
      for (const [path, previous] of seen) {
        if (!next.has(path)) add(path, previous.note.links, -1);
      }
      seen = next;
      const currentIndexLinks = snapshot.indexNote?.links ?? [];
      if (currentIndexLinks !== indexLinks) {
        add(INDEX_SOURCE, indexLinks, -1);
        add(INDEX_SOURCE, currentIndexLinks, 1);
        indexLinks = currentIndexLinks;
      }
    },
    sources(id) {
      return new Set(inbound.get(id)?.keys() ?? []);
    },
  };
}
