/**
 * The safe write of one note, the steps `tag`, `append`, `move`, `update` and `supersede`
 * share: the commit request checked before anything is done, the memory's lock, a snapshot
 * taken under it, the note found, the compare-and-swap on `expectedHash`, the one change the
 * operation planned (a rewrite of the file, a move, or nothing), the commit when asked, and
 * what became of it. An operation says only what it checks and what it changes.
 *
 * @module
 */

import { errAsync, ok, okAsync, type Result, type ResultAsync } from "neverthrow";
import { ConflictError, type NotFoundError, type PersistenceError } from "../../errors.js";
import { noteHash } from "../../model/note-hash.js";
import { checkNoteSize } from "../../model/note-size.js";
import { findNote } from "../store/find-note.js";
import type { NoteSnapshot } from "../store/note-snapshot.js";
import type { StoredNote } from "../store/note-store.js";
import { checkCommitRequest, commitIfAsked, type CommitOutcome } from "../mutation-options.js";
import { serialized, type NotesDeps } from "../notes-deps.js";
import type { UpdateError, UpdateOptions } from "./update.js";

/** The one change an operation makes to the note it found. */
export type NoteChange =
  /** The note's file rewritten with this text (refused, nothing written, when over the size limit). */
  | { readonly kind: "rewrite"; readonly markdown: string }
  /** The note's file moved to this path (same folder level: the id and filename stay). */
  | { readonly kind: "move"; readonly to: string }
  /**
   * Nothing to write. `commit`: commit the note's file all the same when asked (a change a
   * stopped run wrote and did not commit is committed by the re-run); otherwise no commit.
   */
  | { readonly kind: "none"; readonly commit: boolean };

/** What an operation plans for the note: the change, and what it reports beside the note. */
export interface PlannedChange<D> {
  readonly change: NoteChange;
  readonly report: D;
}

/** The steps an operation brings to the write. */
export interface SingleNoteSteps<D, E> {
  /**
   * Checks against the whole memory, before the note is looked up (a successor that must
   * exist): their errors come before the note's own.
   */
  readonly look?: (snapshot: NoteSnapshot) => Result<unknown, E>;
  /** The change, planned on the note as found and compare-and-swapped. */
  readonly plan: (stored: StoredNote, snapshot: NoteSnapshot) => ResultAsync<PlannedChange<D>, E>;
}

/** What the write did. */
export interface SingleNoteWritten<D> {
  /** The note as it was found, before the change. */
  readonly found: StoredNote;
  /** The note read back after a rewrite; undefined after a move or no change. */
  readonly rewritten: StoredNote | undefined;
  /** The paths the change wrote (a rewrite: one; a move: from and to; none: none). */
  readonly files: readonly string[];
  readonly outcome: CommitOutcome;
  readonly report: D;
}

/**
 * Writes one note safely: see the module's comment. Nothing is written when any check or
 * the plan fails; once the change is applied the result is Ok, and a commit that then fails
 * is reported in `outcome.notCommitted`, never as the operation's failure.
 *
 * @example
 * ```ts
 * writeSingleNote(ctx, id, options, {
 *   plan: (stored) => okAsync({ change: { kind: "rewrite", markdown }, report: {} }),
 * }).andThen((done) => changedNote(ctx, done.rewritten ?? done.found, done.outcome));
 * ```
 */
export function writeSingleNote<D, E>(
  ctx: NotesDeps,
  id: string,
  options: UpdateOptions,
  steps: SingleNoteSteps<D, E>,
): ResultAsync<SingleNoteWritten<D>, E | UpdateError> {
  const commitCheck = checkCommitRequest(ctx, options);
  if (commitCheck.isErr()) return errAsync(commitCheck.error);
  return serialized(ctx, () =>
    ctx.store.snapshot().andThen((snapshot) => {
      const looked: Result<unknown, E> =
        steps.look === undefined ? ok(undefined) : steps.look(snapshot);
      return looked
        .andThen(() => findNote(snapshot, id))
        .asyncAndThen((found) => checkExpected(ctx, found, options.expectedHash))
        .andThen((found) =>
          steps
            .plan(found, snapshot)
            .andThen(({ change, report }) =>
              applyChange(ctx, options, found, change).map((done) => ({ ...done, found, report })),
            ),
        );
    }),
  );
}

/** The change applied, then committed when asked. */
function applyChange(
  ctx: NotesDeps,
  options: UpdateOptions,
  found: StoredNote,
  change: NoteChange,
): ResultAsync<Omit<SingleNoteWritten<never>, "found" | "report">, UpdateError> {
  switch (change.kind) {
    case "rewrite":
      return checkNoteSize(change.markdown)
        .asyncAndThen((sized) => ctx.persistence.write(found.path, sized))
        .map(() => ctx.store.forget(found.path))
        .andThen(() => ctx.store.snapshot())
        .andThen((after) => findNote(after, found.note.id))
        .andThen((rewritten) =>
          commitIfAsked(ctx, options, [rewritten.path]).map((outcome) => ({
            rewritten,
            files: [rewritten.path],
            outcome,
          })),
        );
    case "move":
      return ctx.persistence
        .move(found.path, change.to)
        .andTee(() => {
          ctx.store.forget(found.path);
          ctx.store.forget(change.to);
        })
        .andThen(() => commitIfAsked(ctx, options, [found.path, change.to]))
        .map((outcome) => ({ rewritten: undefined, files: [found.path, change.to], outcome }));
    case "none":
      return (
        change.commit ? commitIfAsked(ctx, options, [found.path]) : okAsync({ commit: null })
      ).map((outcome) => ({ rewritten: undefined, files: [], outcome }));
  }
}

/**
 * Compare-and-swap's compare: the file read fresh (not the store's cache, which a write
 * within the same mtime tick could fool) must still carry the expected version.
 */
export function checkExpected(
  ctx: NotesDeps,
  stored: StoredNote,
  expectedHash: string | undefined,
): ResultAsync<StoredNote, ConflictError | NotFoundError | PersistenceError> {
  if (expectedHash === undefined) return okAsync(stored);
  return ctx.persistence
    .read(stored.path)
    .andThen((markdown) =>
      noteHash(markdown) === expectedHash
        ? okAsync(stored)
        : errAsync(
            new ConflictError(
              `Note ${stored.note.id} changed since it was read (expected version ${expectedHash}, found ${noteHash(markdown)}); nothing was written. Read it again, redo the edit on the current text and retry.`,
            ),
          ),
    );
}
