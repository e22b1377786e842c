import type { ResultAsync } from "neverthrow";
import type { GitError, PersistenceError } from "../errors.js";
import type { Note, NoteMeta } from "../notes/store/note-meta.js";
import type { NotesMemory } from "../notes/notes-memory.js";
import type { IndexTiers } from "../model/records/index-note.js";

/** One note as the site shows it: what the memory knows of it, and its body with its links. */
export interface SiteNote {
  readonly meta: NoteMeta;
  readonly parsed: Pick<Note, "body" | "links">;
}

/** Everything a site is rendered from, read once. */
export interface SiteModel {
  /** Every note, sorted by path. */
  readonly notes: readonly SiteNote[];
  /** The first note of each id (a duplicated id is a doctor error; the site shows one). */
  readonly byId: ReadonlyMap<string, SiteNote>;
  readonly tiers: IndexTiers;
}

/** What {@link loadSiteModel} reads through: the memory, for the notes and the tiers. */
export interface SiteSource {
  readonly memory: Pick<NotesMemory, "readAll" | "index">;
}

/**
 * Reads the memory once: every note with its body and times (one look at the files, each
 * read and parsed at most once, through `readAll`), then the index tiers.
 */
export function loadSiteModel(
  source: SiteSource,
): ResultAsync<SiteModel, PersistenceError | GitError> {
  return source.memory.readAll().andThen((read) =>
    source.memory.index.get().map((tiers) => {
      const notes = read.map((note) => ({ meta: note, parsed: note }));
      const byId = new Map<string, SiteNote>();
      for (const note of notes) if (!byId.has(note.meta.id)) byId.set(note.meta.id, note);
      return { notes, byId, tiers };
    }),
  );
}
