import { errAsync, type ResultAsync } from "neverthrow";
import {
  GitError,
  InvalidInputError,
  type LockError,
  type PersistenceError,
} from "./ports/errors.js";
import { runDoctor, type DoctorOptions, type DoctorReport } from "./graph/doctor.js";
import { loadGraph } from "./graph/graph-view.js";
import {
  brokenLinks,
  deadEndIds,
  noteLinks,
  orphanIds,
  type BrokenLink,
  type NoteLinks,
} from "./graph/link-queries.js";
import type { NoteStatus } from "./notes/layout.js";
import { mergeNotes, type MergeError, type MergeOptions, type MergeResult } from "./notes/merge.js";
import { moveNote, type MoveError, type MoveResult } from "./notes/move.js";
import type { MutationOptions } from "./notes/mutation-options.js";
import {
  removeNote,
  type RemoveError,
  type RemoveOptions,
  type RemoveResult,
} from "./notes/remove.js";
import { renameNote, type RenameError, type RenameResult } from "./notes/rename.js";
import type { Git } from "./ports/git.js";
import type { Llm } from "./ports/llm.js";
import type { Persistence } from "./ports/persistence.js";
import { createLinkIndex } from "./graph/link-index.js";
import { generateId } from "./model/id.js";
import { captureNote, type CaptureInput, type CaptureOptions } from "./notes/capture.js";
import { listNotes, type ListFilter } from "./notes/list.js";
import type { Note, NoteMeta } from "./notes/note-meta.js";
import { createMemoryLock, type LockOptions } from "./notes/memory-lock.js";
import { createNoteStore } from "./notes/note-store.js";
import { serialized, type NotesContext } from "./notes/notes-context.js";
import { readNote, type ReadError } from "./notes/read.js";
import { createSerialQueue } from "./notes/serial-queue.js";
import { updateNote, type UpdateError, type UpdatePatch } from "./notes/update.js";

/** The ports and options a memory is built from. */
export interface MemoryOptions {
  /** Where the notes live. */
  readonly persistence: Persistence;
  /** Commits and timestamps; without it there are no commits and times come from mtimes. */
  readonly git?: Git;
  /** The model consolidation and defrag use; everything else works without it. */
  readonly llm?: Llm;
  /** The clock (epoch ms), for tests. Default `Date.now`. */
  readonly now?: () => number;
  /** The id source, for tests. Default: crypto-random base62 ids. */
  readonly generateId?: () => string;
  /** Tuning for the lock that keeps other processes out during a mutation. */
  readonly lock?: LockOptions;
}

/** A memory: the note operations over one memory root. */
export interface Memory {
  /** Writes a new note (to inbox/ unless told otherwise) and returns its meta. */
  capture(
    input: CaptureInput,
    options?: CaptureOptions,
  ): ResultAsync<NoteMeta, InvalidInputError | PersistenceError | LockError>;
  /** One note with its body, links and times. Never writes anything. */
  read(id: string): ResultAsync<Note, ReadError>;
  /** Metas of the notes matching the filter, sorted by path. */
  list(filter?: ListFilter): ResultAsync<NoteMeta[], PersistenceError | GitError>;
  /** Rewrites a note's body and/or tag line. */
  update(id: string, patch: UpdatePatch): ResultAsync<NoteMeta, UpdateError>;
  /** Commits every change under the memory root; resolves to the commit id, or null if nothing changed. */
  commit(
    message: string,
  ): ResultAsync<string | null, GitError | InvalidInputError | LockError | PersistenceError>;
  /** A note's inbound and outbound links. */
  links(id: string): ResultAsync<NoteLinks, ReadError>;
  /** Ids of notes no other note (nor the index note) links to. */
  orphans(): ResultAsync<string[], PersistenceError>;
  /** Ids of notes that link to no other note. */
  deadEnds(): ResultAsync<string[], PersistenceError>;
  /** Links to ids that exist nowhere. */
  brokenLinks(): ResultAsync<BrokenLink[], PersistenceError>;
  /** Forgets every cached read: the next query reads every file again. */
  refresh(): ResultAsync<void, PersistenceError>;
  /** Retitles a note, its filename and the inbound link text that showed the old title. */
  rename(
    id: string,
    title: string,
    options?: MutationOptions,
  ): ResultAsync<RenameResult, RenameError>;
  /** Moves a note to another status folder; links are unaffected. */
  move(
    id: string,
    status: NoteStatus,
    options?: MutationOptions,
  ): ResultAsync<MoveResult, MoveError>;
  /** Moves a note to archive/. */
  archive(id: string, options?: MutationOptions): ResultAsync<MoveResult, MoveError>;
  /** Merges sources into a target, repointing every link at them; the sources are removed. */
  merge(
    sourceIds: readonly string[],
    targetId: string,
    options?: MergeOptions,
  ): ResultAsync<MergeResult, MergeError>;
  /** Deletes a note; refused while others link to it unless `force`. */
  remove(id: string, options?: RemoveOptions): ResultAsync<RemoveResult, RemoveError>;
  /** Checks the memory's health; changes nothing. */
  doctor(options?: DoctorOptions): ResultAsync<DoctorReport, PersistenceError | GitError>;
}

/**
 * Wires the ports into a memory.
 *
 * @example
 * ```ts
 * const ports = await inMemoryPorts();
 * if (ports.isErr()) throw ports.error;
 * const memory = createMemory(ports.value);
 * const note = await memory.capture({ title: "Igor is a designer", body: "He works on [[id__Kf9mNp|console]]." });
 * ```
 */
export function createMemory(options: MemoryOptions): Memory {
  const ctx: NotesContext = {
    persistence: options.persistence,
    git: options.git,
    store: createNoteStore(options.persistence),
    links: createLinkIndex(),
    queue: createSerialQueue(),
    acquireLock: createMemoryLock(options.persistence, options.lock),
    now: options.now ?? Date.now,
    generateId: options.generateId ?? (() => generateId()),
  };
  return {
    capture: (input, captureOptions) => captureNote(ctx, input, captureOptions),
    read: (id) => readNote(ctx, id),
    list: (filter) => listNotes(ctx, filter),
    update: (id, patch) => updateNote(ctx, id, patch),
    commit: (message) => {
      const git = ctx.git;
      if (git === undefined) {
        return errAsync(
          new GitError(
            "This memory has no git port, so it cannot commit: pass `git` (gitCli or isomorphicGit) to createMemory.",
          ),
        );
      }
      if (message.trim() === "") {
        return errAsync(new InvalidInputError("A commit needs a message that says what changed."));
      }
      return serialized(ctx, () => git.commit(message));
    },
    links: (id) => noteLinks(ctx, id),
    orphans: () => orphanIds(ctx),
    deadEnds: () => deadEndIds(ctx),
    brokenLinks: () => brokenLinks(ctx),
    refresh: () => {
      ctx.store.invalidate();
      return loadGraph(ctx).map(() => undefined);
    },
    rename: (id, title, mutation) => renameNote(ctx, id, title, mutation),
    move: (id, status, mutation) => moveNote(ctx, id, status, mutation),
    archive: (id, mutation) => moveNote(ctx, id, "archived", mutation),
    merge: (sourceIds, targetId, mergeOptions) =>
      mergeNotes(ctx, sourceIds, targetId, mergeOptions),
    remove: (id, removeOptions) => removeNote(ctx, id, removeOptions),
    doctor: (doctorOptions) => runDoctor(ctx, doctorOptions),
  };
}
