/**
 * `tag`: adds and removes tags on a note's tag line, as a compare-and-swap, in one commit.
 *
 * @module
 */

import { errAsync, type ResultAsync } from "neverthrow";
import { serializeNote } from "../../model/note-format.js";
import { checkNoteSize } from "../../model/note-size.js";
import { changeTagLine, checkTagChange, type TagChange } from "../../model/tag-change.js";
import { changedNote } from "./changed-note.js";
import { findNote } from "../store/find-note.js";
import { checkCommitRequest, commitIfAsked, type ChangedNote } from "../mutation-options.js";
import { serialized, type NotesDeps } from "../notes-deps.js";
import { checkExpected, type UpdateError, type UpdateOptions } from "./update.js";

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
  const commitCheck = checkCommitRequest(ctx, options);
  if (commitCheck.isErr()) return errAsync(commitCheck.error);
  return serialized(ctx, () =>
    ctx.store
      .snapshot()
      .andThen((snapshot) => findNote(snapshot, id))
      .andThen((stored) => checkExpected(ctx, stored, options.expectedHash))
      .andThen((stored) => {
        const { note } = stored;
        const next = changeTagLine(note.tagLine, note.tags, checked.value);
        if (next.isErr()) return errAsync(next.error);
        const { added, removed, tagLine } = next.value;
        if (added.length === 0 && removed.length === 0) {
          return changedNote(ctx, stored, { commit: null }).map((meta): TagResult => ({
            ...meta,
            added,
            removed,
            changed: false,
          }));
        }
        const markdown = serializeNote({ title: note.title, tags: [...tagLine], body: note.body });
        return checkNoteSize(markdown)
          .asyncAndThen((sized) => ctx.persistence.write(stored.path, sized))
          .map(() => ctx.store.forget(stored.path))
          .andThen(() => ctx.store.snapshot())
          .andThen((snapshot) => findNote(snapshot, note.id))
          .andThen((written) =>
            commitIfAsked(ctx, options, [written.path]).andThen((outcome) =>
              changedNote(ctx, written, outcome),
            ),
          )
          .map((meta): TagResult => ({ ...meta, added, removed, changed: true }));
      }),
  );
}
