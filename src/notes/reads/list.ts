import { errAsync, type ResultAsync } from "neverthrow";
import { InvalidInputError, type GitError, type PersistenceError } from "../../errors.js";
import type { NoteStatus } from "../../model/layout.js";
import { toNote, toNoteMeta, type Note, type NoteMeta } from "../store/note-meta.js";
import type { NoteFacts } from "../store/note-facts.js";
import { loadTimes } from "../store/note-times.js";
import type { NotesDeps } from "../notes-deps.js";

/** Narrows a listing. */
export interface ListFilter {
  /** Only notes in this state. */
  readonly status?: NoteStatus;
  /**
   * Only notes with this tag (with or without `#`, case-insensitive). A parent tag matches
   * its nested tags: `project` matches `#project/console`.
   */
  readonly tag?: string;
}

/**
 * The metas of every note matching the filter, sorted by path, from the notes' facts: only
 * files changed since the last look (or since the persisted cache) are read.
 */
export function listNotes(
  ctx: NotesDeps,
  filter: ListFilter = {},
): ResultAsync<NoteMeta[], PersistenceError | GitError> {
  return ctx.store.facts().andThen((snapshot) => {
    const matching = snapshot.notes.filter(matchesFilter(filter));
    return loadTimes(ctx.git, ctx.now).map((times) =>
      matching.map((stored) => toNoteMeta(stored, times(stored))),
    );
  });
}

/** The first notes of a listing, and how many notes the whole listing holds. */
export interface ListPage {
  /** The metas of the first `limit` notes matching the filter, sorted by path. */
  readonly notes: NoteMeta[];
  /** How many notes match the filter. */
  readonly total: number;
}

/**
 * The first `limit` notes of {@link listNotes}' listing and its length, building the metas
 * (with their git times) of those notes only: at 100,000 notes building every meta to print
 * fifty was most of a daemon-served `memory list`.
 */
export function listNotesPage(
  ctx: NotesDeps,
  filter: ListFilter,
  limit: number,
): ResultAsync<ListPage, PersistenceError | GitError | InvalidInputError> {
  if (!Number.isSafeInteger(limit) || limit < 0) {
    return errAsync(
      new InvalidInputError(
        `A page's limit is a whole number of notes, 0 or more, such as 50; got ${String(limit)}.`,
      ),
    );
  }
  return ctx.store.facts().andThen((snapshot) => {
    const matches = matchesFilter(filter);
    const first: NoteFacts[] = [];
    let total = 0;
    for (const stored of snapshot.notes) {
      if (!matches(stored)) continue;
      if (total < limit) first.push(stored);
      total++;
    }
    return loadTimes(ctx.git, ctx.now).map((times) => ({
      notes: first.map((stored) => toNoteMeta(stored, times(stored))),
      total,
    }));
  });
}

/**
 * The notes matching the filter with their bodies, sorted by path, from ONE look at the
 * files: each note file is read and parsed at most once (a file unchanged since the store
 * last read it is not read again), where `list` then `read` per note would read each twice
 * and list the folders once per note.
 */
export function readAllNotes(
  ctx: NotesDeps,
  filter: ListFilter = {},
): ResultAsync<Note[], PersistenceError | GitError> {
  return ctx.store.snapshot().andThen((snapshot) => {
    const matching = snapshot.notes.filter(matchesFilter(filter));
    return loadTimes(ctx.git, ctx.now).map((times) =>
      matching.map((stored) => toNote(stored, times(stored))),
    );
  });
}

function matchesFilter(filter: ListFilter): (stored: NoteFacts) => boolean {
  const tag = filter.tag?.replace(/^#/, "").toLowerCase();
  return (stored) => {
    if (filter.status !== undefined && stored.status !== filter.status) return false;
    if (tag === undefined) return true;
    return stored.note.tags.some((candidate) => {
      const lower = candidate.toLowerCase();
      return lower === tag || lower.startsWith(`${tag}/`);
    });
  };
}
