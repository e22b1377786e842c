/**
 * What a (re-)import does with each planned note, given the memory as it is and the record of
 * the earlier import (docs/cli.md, "memory import", says the rules for people):
 * - no note with its id: create it (a new key, or a run stopped before it wrote the note);
 * - the note holds exactly what the import would write: unchanged;
 * - the note is as the last import wrote it: update it to the new text;
 * - the note was edited in the memory since: left alone, as `edited` when the source did not
 *   change either, as a `conflict` when it did (the source's new text is not written over the
 *   edit; the report names the note).
 *
 * @module
 */
import { noteHash } from "../../model/note-hash.js";
import { serializeNote } from "../../model/note-format.js";
import type { ImportRecord } from "./import-record.js";
import type { PlannedNote } from "./import-plan.js";

/** What happens to one planned note. */
export type ImportAction = "create" | "update" | "unchanged" | "edited" | "conflict";

/** A note of the memory as the listing shows it. */
export interface CurrentNote {
  readonly title: string;
  readonly hash: string;
}

/** A planned note and what happens to it; `expectedHash` is the version an update replaces. */
export interface ImportDecision {
  readonly note: PlannedNote;
  readonly action: ImportAction;
  readonly expectedHash?: string;
}

/**
 * The action for `note`.
 *
 * @example
 * ```ts
 * decide(note, undefined, undefined).action; // "create"
 * ```
 */
export function decide(
  note: PlannedNote,
  current: CurrentNote | undefined,
  record: ImportRecord | undefined,
): ImportDecision {
  if (current === undefined) return { note, action: "create" };
  if (current.hash === note.hash) return { note, action: "unchanged" };
  const recorded = record?.notes[note.key];
  if (recorded !== undefined && recorded.id === note.id) {
    if (current.hash === recorded.note)
      return { note, action: "update", expectedHash: current.hash };
    // A run stopped between an update's body write and its rename: only the title is left.
    const bodyWritten = noteHash(
      serializeNote({ title: current.title, tags: note.tags, body: note.body }),
    );
    if (current.hash === bodyWritten) return { note, action: "update", expectedHash: current.hash };
    if (recorded.source === note.sourceHash) return { note, action: "edited" };
  }
  return { note, action: "conflict" };
}
