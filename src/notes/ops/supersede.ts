/**
 * `supersede`: marks a note (or one of its sections) as replaced by another note, with the
 * mark line of the file format, as a compare-and-swap in one commit. The old text stays.
 *
 * @module
 */

import { err, errAsync, ok, okAsync, type Result, type ResultAsync } from "neverthrow";
import { ConflictError, InvalidInputError } from "../../errors.js";
import { serializeNote } from "../../model/note-format.js";
import {
  isIsoDate,
  markSuperseded,
  noteSupersession,
  readSupersessions,
} from "../../model/supersession/supersession.js";
import { changedNote } from "./changed-note.js";
import { checkNoteId, findNote } from "../store/find-note.js";
import type { ChangedNote } from "../mutation-options.js";
import type { NoteSnapshot } from "../store/note-snapshot.js";
import type { StoredNote } from "../store/note-store.js";
import type { NotesDeps } from "../notes-deps.js";
import { writeSingleNote, type PlannedChange } from "./single-note-write.js";
import type { UpdateError, UpdateOptions } from "./update.js";

/** Options of `supersede`: what the mark says, and the usual compare-and-swap and commit. */
export interface SupersedeOptions extends UpdateOptions {
  /** Why the old note no longer holds; one line. */
  readonly reason?: string;
  /** `YYYY-MM-DD`; today (UTC) by default. */
  readonly date?: string;
  /** The heading text of the one section that is superseded; the whole note without it. */
  readonly section?: string;
}

/** What `supersede` reports beside the note. */
type SupersedeReport = Omit<SupersedeResult, keyof ChangedNote>;

/** What `supersede` did: the old note as it now is, and the mark it carries. */
export interface SupersedeResult extends ChangedNote {
  readonly successor: { readonly id: string; readonly title: string };
  readonly date: string;
  readonly reason?: string;
  readonly section?: string;
  /**
   * False when the note already carried this mark (nothing written; with `commit`, a mark
   * left uncommitted by a stopped run is committed now).
   */
  readonly changed: boolean;
}

/**
 * Marks `oldId` as superseded by `newId`. Refused, with nothing written: the same note
 * twice, an unknown id, an archived successor, a successor that is itself superseded (through
 * any chain) by the old note, a note (or section) already superseded by another note, a
 * section the note lacks, a bad date, a reason with a line break.
 *
 * @example
 * ```ts
 * const done = await memory.supersede("id__Kf9mNp", "id__Ab3xYz", { reason: "we moved to Postgres", commit: "memory: supersede" });
 * if (done.isOk()) console.log(done.value.commit);
 * ```
 */
export function supersedeNote(
  ctx: NotesDeps,
  oldId: string,
  newId: string,
  options: SupersedeOptions = {},
): ResultAsync<SupersedeResult, UpdateError> {
  const ids = checkNoteId(oldId).andThen((old) =>
    checkNoteId(newId).map((id): readonly [string, string] => [old, id]),
  );
  if (ids.isErr()) return errAsync(ids.error);
  const [oldNote, newNote] = ids.value;
  if (oldNote === newNote) {
    return errAsync(
      new InvalidInputError(
        `A note cannot supersede itself (${oldNote}); give the id of the note that replaces it. Nothing was written.`,
      ),
    );
  }
  const date = options.date ?? new Date(ctx.now()).toISOString().slice(0, 10);
  if (!isIsoDate(date)) {
    return errAsync(
      new InvalidInputError(
        `"${date}" is not a date; give it as YYYY-MM-DD, e.g. 2026-03-14. Nothing was written.`,
      ),
    );
  }
  const report = (successor: StoredNote, at: string, reason: string | undefined) => ({
    successor: { id: successor.note.id, title: successor.note.title },
    date: at,
    ...(reason === undefined ? {} : { reason }),
    ...(options.section === undefined ? {} : { section: options.section }),
  });
  return writeSingleNote(ctx, oldNote, options, {
    // The successor's checks come before the old note's own (it may be missing, or changed).
    look: (snapshot) => successorOf(snapshot, newNote, oldNote),
    plan: (stored, snapshot) =>
      successorOf(snapshot, newNote, oldNote).asyncAndThen(
        (successor): ResultAsync<PlannedChange<SupersedeReport>, UpdateError> => {
          const { note } = stored;
          const mark = {
            successorId: successor.note.id,
            successorTitle: successor.note.title,
            date,
            ...(options.reason === undefined ? {} : { reason: options.reason }),
          };
          const marked = markSuperseded(
            note.body,
            mark,
            options.section === undefined ? {} : { section: options.section },
          );
          if (marked.isErr()) return errAsync(marked.error);
          if (marked.value === note.body) {
            // Already marked: report the mark that is there, not the one asked for. A run
            // stopped between its write and its commit left the mark uncommitted: the re-run
            // commits it (git makes no empty commit when there is nothing to commit).
            const there = readSupersessions(note.body).find(
              (found) => found.successorId === successor.note.id,
            );
            return okAsync({
              change: { kind: "none", commit: true },
              report: { ...report(successor, there?.date ?? date, there?.reason), changed: false },
            });
          }
          const markdown = serializeNote({
            title: note.title,
            tags: [...note.tagLine],
            body: marked.value,
          });
          return okAsync({
            change: { kind: "rewrite", markdown },
            report: { ...report(successor, date, options.reason), changed: true },
          });
        },
      ),
  }).andThen((done) =>
    changedNote(ctx, done.rewritten ?? done.found, done.outcome).map((meta): SupersedeResult => ({
      ...meta,
      ...done.report,
    })),
  );
}

/**
 * The note that supersedes `oldNote`: it must exist, not be archived, and not be superseded
 * (through any chain) by `oldNote` itself.
 */
function successorOf(
  snapshot: NoteSnapshot,
  newNote: string,
  oldNote: string,
): Result<StoredNote, UpdateError> {
  return findNote(snapshot, newNote).andThen((successor) => {
    if (successor.status === "archived") {
      return err(
        new ConflictError(
          `${successor.note.id} ("${successor.note.title}") is archived, so it cannot be the current note; move it back first (memory move ${successor.note.id} active) or name another successor. Nothing was written.`,
        ),
      );
    }
    const loop = chainBackTo(snapshot, successor.note.id, oldNote);
    if (loop !== undefined) {
      return err(
        new ConflictError(
          `${successor.note.id} is itself superseded by ${oldNote} (${loop.join(" -> ")}); superseding back would make a loop with no current note. Nothing was written.`,
        ),
      );
    }
    return ok(successor);
  });
}

/**
 * The chain of note-level marks from `start` that reaches `target`, or undefined. A chain
 * that loops elsewhere or ends at a missing note stops the walk.
 */
function chainBackTo(snapshot: NoteSnapshot, start: string, target: string): string[] | undefined {
  const chain = [start];
  const seen = new Set(chain);
  let current = start;
  for (;;) {
    const stored = snapshot.byId.get(current)?.[0];
    const next = stored === undefined ? undefined : noteSupersession(stored.note.body)?.successorId;
    if (next === undefined || seen.has(next)) return undefined;
    chain.push(next);
    if (next === target) return chain;
    seen.add(next);
    current = next;
  }
}
