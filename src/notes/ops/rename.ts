import { err, errAsync, ok, ResultAsync, type Result } from "neverthrow";
import type { NotFoundError, PersistenceError } from "../../errors.js";
import { buildFilename } from "../../model/filename.js";
import { replaceLinkText } from "../../model/link-rewrite.js";
import { extractLinks } from "../../model/links.js";
import { validateTitle } from "../../model/note-input.js";
import { replaceTitle } from "../../model/note-title.js";
import { loadGraph } from "../graph/graph-view.js";
import { findNote } from "../store/find-note.js";
import { pathForStatus } from "../../model/layout.js";
import {
  checkCommitRequest,
  commitIfAsked,
  type CommitOutcome,
  type MutationError,
  type MutationOptions,
} from "../mutation-options.js";
import { serialized, type NotesDeps } from "../notes-deps.js";
import { rewriteFile } from "./rewrite-file.js";

/** What a rename changed. */
export interface RenameResult extends CommitOutcome {
  readonly id: string;
  readonly title: string;
  readonly path: string;
  readonly previousPath: string;
  /** Inbound links whose display text followed the new title. */
  readonly updatedLinks: number;
  /** Every path written, moved or moved away from. */
  readonly files: readonly string[];
}

/** Errors a rename can return. */
export type RenameError = MutationError;

/**
 * Retitles a note: its `# heading`, its filename (new slug, same id) and the display text of
 * every inbound link whose text was the old title (custom text is kept). Touches the note,
 * the notes that link to it and the index note, nothing else.
 *
 * Write order, so a failure midway never breaks a link: (1) inbound links' text, each file
 * atomically; (2) the note's new heading, in place; (3) the move to the new filename, one
 * atomic rename. Stopping after any step leaves every link resolving (the id never changes);
 * at worst some text or the filename still shows the old title, and running again finishes.
 */
export function renameNote(
  ctx: NotesDeps,
  id: string,
  newTitle: string,
  options: MutationOptions = {},
): ResultAsync<RenameResult, RenameError> {
  const title = validateTitle(newTitle);
  if (title.isErr()) return errAsync(title.error);
  const commitCheck = checkCommitRequest(ctx, options);
  if (commitCheck.isErr()) return errAsync(commitCheck.error);

  return serialized(ctx, () =>
    loadGraph(ctx).andThen((graph) =>
      findNote(graph.snapshot, id).asyncAndThen((stored) => {
        const noteId = stored.note.id;
        const oldTitle = stored.note.title;
        const sources = graph.inboundNotes(noteId).map((source) => source.path);
        if (graph.indexed(noteId) && graph.snapshot.indexNote !== undefined)
          sources.push(graph.snapshot.indexNote.path);
        let updatedLinks = 0;
        const relink = (markdown: string): string => {
          const rewritten = replaceLinkText(markdown, noteId, oldTitle, title.value);
          updatedLinks += rewritten.count;
          return rewritten.body;
        };
        const newPath = pathForStatus(stored.status, buildFilename(title.value, noteId));
        const files: string[] = [];
        const steps = async (): Promise<Result<void, NotFoundError | PersistenceError>> => {
          for (const source of sources) {
            let alreadyDone = false;
            const written = await rewriteFile(ctx, source, (markdown) => {
              alreadyDone = hasLinkWithText(markdown, noteId, title.value);
              return relink(markdown);
            });
            if (written.isErr()) return err(written.error);
            // A link already showing the new title may be an earlier, interrupted run's
            // write: the commit takes the file too, so that run's work is not left out.
            if (written.value || alreadyDone) files.push(source);
          }
          // The note's own links to itself follow too, in the same write as its heading.
          const own = await rewriteFile(ctx, stored.path, (markdown) =>
            replaceTitle(relink(markdown), title.value),
          );
          if (own.isErr()) return err(own.error);
          // Always the note itself: an interrupted run may have moved or retitled it already.
          files.push(stored.path);
          if (newPath === stored.path) return ok(undefined);
          const moved = await ctx.persistence.move(stored.path, newPath);
          ctx.store.forget(stored.path);
          ctx.store.forget(newPath);
          if (moved.isErr()) return err(moved.error);
          files.push(newPath);
          return ok(undefined);
        };
        return new ResultAsync(steps())
          .andThen(() => commitIfAsked(ctx, options, files))
          .map((outcome) => ({
            id: noteId,
            title: title.value,
            path: newPath,
            previousPath: stored.path,
            updatedLinks,
            files,
            ...outcome,
          }));
      }),
    ),
  );
}

function hasLinkWithText(markdown: string, id: string, text: string): boolean {
  return extractLinks(markdown).some(
    (link) => link.id === id && link.hasDisplayText && link.displayText === text,
  );
}
