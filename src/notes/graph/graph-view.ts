import type { ResultAsync } from "neverthrow";
import type { PersistenceError } from "../../errors.js";
import type { NoteSnapshot, StoredNote } from "../store/note-store.js";
import type { NotesDeps } from "../notes-deps.js";
import { INDEX_SOURCE } from "./inbound-links.js";

/** A consistent view of the notes and their links at one moment. */
export interface GraphView {
  readonly snapshot: NoteSnapshot;
  /** The notes linking to `id`, once each, itself excluded. */
  inboundNotes(id: string): StoredNote[];
  /** Whether the index note links to `id`. */
  indexed(id: string): boolean;
}

/** Refreshes the store (re-reading only changed files) and brings the link index up to date. */
export function loadGraph(ctx: NotesDeps): ResultAsync<GraphView, PersistenceError> {
  return ctx.store.snapshot().map((snapshot) => {
    ctx.links.sync(snapshot);
    const byPath = new Map(snapshot.notes.map((stored) => [stored.path, stored]));
    return {
      snapshot,
      inboundNotes(id) {
        const notes: StoredNote[] = [];
        for (const source of ctx.links.sources(id)) {
          const stored = byPath.get(source);
          if (stored !== undefined && stored.note.id !== id) notes.push(stored);
        }
        return notes.toSorted((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
      },
      indexed(id) {
        return ctx.links.sources(id).has(INDEX_SOURCE);
      },
    };
  });
}
