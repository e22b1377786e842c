import type { Persistence } from "../../ports/persistence.js";
import { INDEX_NOTE_PATH } from "../../model/layout.js";
import { extractLinks, type NoteLink } from "../../model/links.js";

/** The index note (`index.md` at the root): not a note with an id, but a source of links. */
export interface IndexNoteFile {
  readonly path: string;
  readonly content: string;
  readonly links: readonly NoteLink[];
}

/**
 * Reads the index note on every refresh (one small file, no stat needed) and keeps the
 * previous object when the text is unchanged, so consumers can compare by identity.
 */
export async function readIndexNote(
  persistence: Persistence,
  previous: IndexNoteFile | undefined,
): Promise<IndexNoteFile | undefined> {
  const content = await persistence.read(INDEX_NOTE_PATH);
  if (content.isErr()) {
    if (content.error.code === "NOT_FOUND") return undefined;
    throw content.error;
  }
  if (previous?.content === content.value) return previous;
  return { path: INDEX_NOTE_PATH, content: content.value, links: extractLinks(content.value) };
}
