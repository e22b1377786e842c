import { errAsync, okAsync, type ResultAsync } from "neverthrow";
import { InvalidInputError, type ConflictError } from "../../errors.js";
import { findNote } from "../store/find-note.js";
import { basename, isNoteStatus, pathForStatus, type NoteStatus } from "../../model/layout.js";
import {
  checkCommitRequest,
  commitIfAsked,
  type CommitOutcome,
  type MutationError,
} from "../mutation-options.js";
import { serialized, type NotesDeps } from "../notes-deps.js";
import { checkExpected, type UpdateOptions } from "./update.js";

/** Options of a move: a commit, and (`expectedHash`) the version the caller read. */
export type MoveOptions = UpdateOptions;

/** What a move changed. */
export interface MoveResult extends CommitOutcome {
  readonly id: string;
  readonly status: NoteStatus;
  readonly path: string;
  readonly previousPath: string;
  /** The paths moved from and to (empty when the note already had the status). */
  readonly files: readonly string[];
}

/** Errors a move can return; CONFLICT only with `expectedHash`. */
export type MoveError = MutationError | ConflictError;

/**
 * Moves a note to another status folder (inbox, active, archived, in any direction). The id
 * and the filename stay, so every link stays valid and no link text changes; the move is
 * one atomic rename. With `expectedHash` it moves only a note still at that version.
 */
export function moveNote(
  ctx: NotesDeps,
  id: string,
  status: NoteStatus,
  options: MoveOptions = {},
): ResultAsync<MoveResult, MoveError> {
  if (!isNoteStatus(status)) {
    return errAsync(
      new InvalidInputError(`Unknown status "${String(status)}": use inbox, active or archived.`),
    );
  }
  const commitCheck = checkCommitRequest(ctx, options);
  if (commitCheck.isErr()) return errAsync(commitCheck.error);
  return serialized(ctx, () =>
    ctx.store
      .snapshot()
      .andThen((snapshot) => findNote(snapshot, id))
      .andThen((stored) => checkExpected(ctx, stored, options.expectedHash))
      .andThen((stored) => {
        const path = pathForStatus(status, basename(stored.path));
        const result = { id: stored.note.id, status, path, previousPath: stored.path };
        if (path === stored.path) return okAsync({ ...result, files: [], commit: null });
        return ctx.persistence
          .move(stored.path, path)
          .andTee(() => {
            ctx.store.forget(stored.path);
            ctx.store.forget(path);
          })
          .andThen(() => commitIfAsked(ctx, options, [stored.path, path]))
          .map((outcome) => ({ ...result, files: [stored.path, path], ...outcome }));
      }),
  );
}
