import { err, ok, type Result } from "neverthrow";
import { parseNote } from "../../model/note-format.js";
import { noteHash } from "../../model/note-hash.js";
import type { NoteMeta } from "../store/note-meta.js";
import type { NotesMemory } from "../notes-memory.js";
import type { MemoryError } from "../../errors.js";
import type { Persistence } from "../../ports/persistence.js";

/** A note's title, tags and body, as a batch read returns them. */
export interface NoteBody {
  readonly id: string;
  readonly title: string;
  readonly tags: readonly string[];
  readonly body: string;
  /** The version of the file the body was read from (see NoteMeta.hash). */
  readonly hash: string;
}

/**
 * Reads the bodies of notes listed in one listing: one refresh of the store, then one file
 * read per note, instead of a refresh (a stat of every file) per `memory.read`.
 */
export async function readNoteBodies(
  memory: NotesMemory,
  persistence: Persistence,
  wanted: (metas: readonly NoteMeta[]) => readonly NoteMeta[],
): Promise<Result<{ metas: readonly NoteMeta[]; notes: NoteBody[] }, MemoryError>> {
  const metas = await memory.list();
  if (metas.isErr()) return err(metas.error);
  const notes: NoteBody[] = [];
  for (const meta of wanted(metas.value)) {
    const text = await persistence.read(meta.path);
    if (text.isErr()) {
      if (text.error.code === "NOT_FOUND") continue; // removed since the listing
      return err(text.error);
    }
    const parsed = parseNote(text.value, meta.id);
    notes.push({
      id: meta.id,
      title: meta.title,
      tags: meta.tags,
      body: parsed.body,
      hash: noteHash(text.value),
    });
  }
  return ok({ metas: metas.value, notes });
}
