import { ResultAsync } from "neverthrow";
import type { GitError, PersistenceError } from "../errors.js";
import { parseFilename } from "../model/filename.js";
import { parseNote, type ParsedNote } from "../model/note-format.js";
import type { Persistence } from "../ports/persistence.js";
import { mapConcurrently } from "../shared/map-concurrently.js";
import type { NoteMeta } from "../notes/note-meta.js";
import type { NotesMemory } from "../notes/notes-memory.js";
import type { IndexTiers } from "../notes/tiers/index-note.js";

/** One note as the site shows it: what the memory knows of it, and its text parsed. */
export interface SiteNote {
  readonly meta: NoteMeta;
  readonly parsed: ParsedNote;
  /** The file as read, for the search data. */
  readonly text: string;
}

/** Everything a site is rendered from, read once. */
export interface SiteModel {
  /** Every note, sorted by path. */
  readonly notes: readonly SiteNote[];
  /** The first note of each id (a duplicated id is a doctor error; the site shows one). */
  readonly byId: ReadonlyMap<string, SiteNote>;
  readonly tiers: IndexTiers;
}

/** What {@link loadSiteModel} reads through: the memory for metas and tiers, the files for text. */
export interface SiteSource {
  readonly memory: Pick<NotesMemory, "list" | "index">;
  readonly persistence: Pick<Persistence, "read">;
}

// Reads in flight at once: enough to keep the disk busy, few enough to hold no file handles.
const READS_AT_ONCE = 64;

/**
 * Reads the memory once: the notes' metas (times from git), every note file, the index tiers.
 * A note that vanished between the listing and its read is left out, as the memory would.
 */
export function loadSiteModel(
  source: SiteSource,
): ResultAsync<SiteModel, PersistenceError | GitError> {
  return source.memory.list().andThen((metas) =>
    ResultAsync.fromSafePromise(
      mapConcurrently(metas, READS_AT_ONCE, async (meta) => {
        const read = await source.persistence.read(meta.path);
        if (read.isErr()) return undefined;
        const slug = parseFilename(meta.path).match(
          (name) => name.slug,
          () => "",
        );
        return { meta, text: read.value, parsed: parseNote(read.value, meta.id, { slug }) };
      }),
    ).andThen((read) =>
      source.memory.index.get().map((tiers) => {
        const notes = read.filter((note) => note !== undefined);
        const byId = new Map<string, SiteNote>();
        for (const note of notes) if (!byId.has(note.meta.id)) byId.set(note.meta.id, note);
        return { notes, byId, tiers };
      }),
    ),
  );
}
