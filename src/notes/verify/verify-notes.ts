/**
 * `verifyNotes`: the notes of a memory checked against the code repository they describe.
 *
 * @module
 */

import { errAsync, ResultAsync } from "neverthrow";
import type { GitError, PersistenceError } from "../../errors.js";
import { parseNote } from "../../model/note-format.js";
import type { Persistence } from "../../ports/persistence.js";
import type { ProjectRepository } from "../../ports/project-repository.js";
import { mapConcurrently } from "../../shared/map-concurrently.js";
import type { NotesMemory } from "../notes-memory.js";
import { verifyNoteTexts, type VerifiableNote, type VerifyReport } from "./verify-note-texts.js";

/** What {@link verifyNotes} reads and checks against. */
export interface VerifyNotesOptions {
  /** The memory whose notes are verified (only `list` is used). */
  readonly memory: Pick<NotesMemory, "list">;
  /** The memory's persistence, to read the notes' bodies. */
  readonly persistence: Persistence;
  /** The repository the notes describe: `gitProjectRepository({ dir })` from `agent-memory/adapters`. */
  readonly repository: ProjectRepository;
  /** Verify archived notes too (default false: an archived note is history). */
  readonly includeArchived?: boolean;
  /**
   * Check references in superseded notes and sections too (default false: text under a
   * `> Superseded by` mark is history; the report counts what was skipped).
   */
  readonly includeSuperseded?: boolean;
}

const READ_CONCURRENCY = 32;

/**
 * Finds the references in every note (inbox and topics; archived notes with
 * `includeArchived`) that the repository no longer has: file and folder paths, `path:line`
 * lines past a file's end, identifiers in backticks no source file mentions, npm scripts,
 * npx binaries and executed files of shell commands, and links to the repository's own files
 * on its host. One listing of the repository and at most one pass over its source files,
 * never a search per reference. Changes nothing.
 *
 * @example
 * ```ts
 * import * as fs from "node:fs";
 * import { createNotesMemory, verifyNotes } from "agent-memory/notes";
 * import { fsPersistence, gitProjectRepository } from "agent-memory/adapters";
 *
 * const persistence = fsPersistence({ fs, root: "/src/app/.memory" });
 * const memory = createNotesMemory({ persistence });
 * const report = await verifyNotes({
 *   memory,
 *   persistence,
 *   repository: gitProjectRepository({ dir: "/src/app", memoryRoot: "/src/app/.memory" }),
 * });
 * if (report.isOk()) for (const finding of report.value.findings) console.log(finding.message);
 * ```
 */
export function verifyNotes(
  options: VerifyNotesOptions,
): ResultAsync<VerifyReport, PersistenceError | GitError> {
  return options.memory
    .list()
    .andThen((metas) => {
      const wanted = metas.filter(
        (meta) => options.includeArchived === true || meta.status !== "archived",
      );
      return ResultAsync.fromSafePromise(
        mapConcurrently(wanted, READ_CONCURRENCY, async (meta) => ({
          meta,
          text: await options.persistence.read(meta.path),
        })),
      );
    })
    .andThen((read) => {
      const notes: VerifiableNote[] = [];
      for (const { meta, text } of read) {
        if (text.isErr()) {
          if (text.error.code === "NOT_FOUND") continue; // removed since the listing
          return errAsync(text.error);
        }
        notes.push({
          id: meta.id,
          path: meta.path,
          title: meta.title,
          body: parseNote(text.value, meta.id).body,
        });
      }
      return verifyNoteTexts(notes, options.repository, {
        includeSuperseded: options.includeSuperseded === true,
      });
    });
}
