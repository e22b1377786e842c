/**
 * `tag`: adds and removes tags on a note's tag line, as a compare-and-swap, in one commit.
 *
 * @module
 */

import { errAsync, okAsync, type ResultAsync } from "neverthrow";
import { serializeNote } from "../../model/note-format.js";
import { changeTagLine, checkTagChange, type TagChange } from "../../model/tag-change.js";
import { changedNote } from "./changed-note.js";
import type { ChangedNote } from "../mutation-options.js";
import type { NotesDeps } from "../notes-deps.js";
import { writeSingleNote } from "./single-note-write.js";
import type { UpdateError, UpdateOptions } from "./update.js";

/** What a tag change did: the note as it now is, and the tags really added and removed. */
export interface TagResult extends ChangedNote {
  readonly added: readonly string[];
  readonly removed: readonly string[];
  /** False when the note already had the tags to add and none of those to remove (nothing written). */
  readonly changed: boolean;
}

/**
 * Changes a note's tag line: `add` tags it lacks, `remove` tags on the line. The note is read
 * and written under the memory's lock; with `expectedHash` a note changed since the caller
 * read it is refused with CONFLICT. The title, body and file stay as they are, apart from
 * the tag line. Refused, with nothing written: an invalid tag name, no tag at all, a tag both
 * added and removed, and removing a tag that is written in the body's text.
 *
 * @example
 * ```ts
 * const tagged = await memory.tag("id__Kf9mNp", { add: ["people"], remove: ["draft"] }, { commit: "memory: tag" });
 * if (tagged.isOk()) console.log(tagged.value.added, tagged.value.removed, tagged.value.commit);
 * ```
 */
export function tagNote(
  ctx: NotesDeps,
  id: string,
  change: TagChange,
  options: UpdateOptions = {},
): ResultAsync<TagResult, UpdateError> {
  const checked = checkTagChange(change);
  if (checked.isErr()) return errAsync(checked.error);
  return writeSingleNote(ctx, id, options, {
    plan: ({ note }) => {
      const next = changeTagLine(note.tagLine, note.tags, checked.value);
      if (next.isErr()) return errAsync(next.error);
      const { added, removed, tagLine } = next.value;
      const changed = added.length > 0 || removed.length > 0;
      return okAsync({
        // Nothing to add or remove: nothing written and nothing committed.
        change: changed
          ? {
              kind: "rewrite",
              markdown: serializeNote({ title: note.title, tags: [...tagLine], body: note.body }),
            }
          : { kind: "none", commit: false },
        report: { added, removed, changed },
      } as const);
    },
  }).andThen((done) =>
    changedNote(ctx, done.rewritten ?? done.found, done.outcome).map((meta): TagResult => ({
      ...meta,
      ...done.report,
    })),
  );
}
