/**
 * Forgetting a note the safe way: archive it (the default; its id and every link to it stay
 * valid, git keeps it), or delete it outright, which is allowed only while nothing links to it
 * so forgetting never breaks a link.
 *
 * @module
 */

import { errAsync, type ResultAsync } from "neverthrow";
import { ConflictError } from "../../errors.js";
import type { CommitOutcome } from "../mutation-options.js";
import type { MoveError } from "./move.js";
import type { NotesMemory } from "../notes-memory.js";
import type { ReadError } from "../reads/read.js";
import type { RemoveError } from "./remove.js";
import type { UpdateOptions } from "./update.js";

/** How to forget: archive (default) or delete; `expectedHash` makes either a compare-and-swap. */
export interface ForgetOptions extends UpdateOptions {
  /** Delete the file instead of archiving it; refused with CONFLICT while anything links to the note. */
  readonly remove?: boolean;
}

/** What forgetting did. */
export interface ForgetResult extends CommitOutcome {
  readonly id: string;
  /** "archived": moved to archive/ (or already there); "removed": the file is deleted. */
  readonly forgotten: "archived" | "removed";
  /** Where the note is now (archived), or where it was (removed). */
  readonly path: string;
}

/** Errors forgetting can return: the note's lookup, the move's or the removal's. */
export type ForgetError = ReadError | MoveError | RemoveError;

/**
 * Forgets a note: archives it, or with `remove` deletes it when no note (nor the index) links
 * to it. Both run under the memory's lock in one commit (when `commit` is given).
 *
 * @example
 * ```ts
 * await forgetNote(memory, "id__Kf9mNp", { commit: "memory: forget Kf9mNp" }); // archived
 * await forgetNote(memory, "id__Kf9mNp", { remove: true, expectedHash: note.hash });
 * ```
 */
export function forgetNote(
  memory: Pick<NotesMemory, "archive" | "remove" | "links">,
  id: string,
  options: ForgetOptions = {},
): ResultAsync<ForgetResult, ForgetError> {
  const { remove, ...mutation } = options;
  if (remove !== true) {
    return memory.archive(id, mutation).map((moved) => ({
      id: moved.id,
      forgotten: "archived" as const,
      path: moved.path,
      commit: moved.commit,
      ...(moved.notCommitted === undefined ? {} : { notCommitted: moved.notCommitted }),
    }));
  }
  // The removal checks the links again under the lock; this first look only words the refusal.
  return memory.links(id).andThen((links): ResultAsync<ForgetResult, ForgetError> => {
    const from = [...links.inbound.map((link) => link.id), ...(links.indexed ? ["index.md"] : [])];
    if (from.length > 0) {
      return errAsync(
        new ConflictError(
          `Refused to delete ${links.id}: ${from.join(", ")} link${from.length === 1 ? "s" : ""} to it. ` +
            "Forget it without remove to archive it (its links stay valid).",
        ),
      );
    }
    return memory.remove(links.id, mutation).map((removed) => ({
      id: removed.id,
      forgotten: "removed" as const,
      path: removed.path,
      commit: removed.commit,
      ...(removed.notCommitted === undefined ? {} : { notCommitted: removed.notCommitted }),
    }));
  });
}
