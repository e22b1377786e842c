import { errAsync, okAsync, type ResultAsync } from "neverthrow";
import { InvalidInputError, type ConflictError } from "../../errors.js";
import { basename, isNoteStatus, pathForStatus, type NoteStatus } from "../../model/layout.js";
import type { CommitOutcome, MutationError } from "../mutation-options.js";
import type { NotesDeps } from "../notes-deps.js";
import { writeSingleNote, type NoteChange } from "./single-note-write.js";
import type { UpdateOptions } from "./update.js";

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
  return writeSingleNote(ctx, id, options, {
    plan: (stored) => {
      const path = pathForStatus(status, basename(stored.path));
      // Already there: nothing moved, nothing committed.
      const change: NoteChange =
        path === stored.path ? { kind: "none", commit: false } : { kind: "move", to: path };
      return okAsync({ change, report: path });
    },
  }).map(({ found, report: path, files, outcome }) => ({
    id: found.note.id,
    status,
    path,
    previousPath: found.path,
    files,
    ...outcome,
  }));
}
