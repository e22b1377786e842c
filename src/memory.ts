import { errAsync, type ResultAsync } from "neverthrow";
import { GitError, InvalidInputError, type PersistenceError } from "./ports/errors.js";
import type { Git } from "./ports/git.js";
import type { Llm } from "./ports/llm.js";
import type { Persistence } from "./ports/persistence.js";
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
  ): ResultAsync<NoteMeta, InvalidInputError | PersistenceError>;
  /** One note with its body, links and times. Never writes anything. */
  read(id: string): ResultAsync<Note, ReadError>;
  /** Metas of the notes matching the filter, sorted by path. */
  list(filter?: ListFilter): ResultAsync<NoteMeta[], PersistenceError | GitError>;
  /** Rewrites a note's body and/or tag line. */
  update(id: string, patch: UpdatePatch): ResultAsync<NoteMeta, UpdateError>;
  /** Commits every change under the memory root; resolves to the commit id, or null if nothing changed. */
  commit(message: string): ResultAsync<string | null, GitError | InvalidInputError>;
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
  };
}
