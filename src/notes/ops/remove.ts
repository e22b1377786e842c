import { errAsync, okAsync, type ResultAsync } from "neverthrow";
import { ConflictError } from "../../errors.js";
import type { BrokenLink } from "../graph/link-queries.js";
import { loadGraph } from "../graph/graph-view.js";
import { findNote } from "../store/find-note.js";
import {
  checkCommitRequest,
  commitIfAsked,
  type CommitOutcome,
  type MutationError,
} from "../mutation-options.js";
import { serialized, type NotesDeps } from "../notes-deps.js";
import { checkExpected } from "./single-note-write.js";
import type { UpdateOptions } from "./update.js";

/** Options of a removal; `expectedHash` removes only a note still at the version the caller read. */
export interface RemoveOptions extends UpdateOptions {
  /** Remove even though other notes link to it; the result lists the links this broke. */
  readonly force?: boolean;
}

/** What a removal changed. */
export interface RemoveResult extends CommitOutcome {
  readonly id: string;
  readonly path: string;
  /** Links that pointed at the removed note (only with `force`). */
  readonly brokenLinks: readonly BrokenLink[];
  readonly files: readonly string[];
}

/** Errors a removal can return. */
export type RemoveError = MutationError | ConflictError;

/**
 * Deletes a note. With inbound links (from other notes or the index note) it refuses with a
 * CONFLICT error that lists them, unless `force`, which removes it and reports the links it
 * broke. Git history keeps the content either way.
 */
export function removeNote(
  ctx: NotesDeps,
  id: string,
  options: RemoveOptions = {},
): ResultAsync<RemoveResult, RemoveError> {
  const commitCheck = checkCommitRequest(ctx, options);
  if (commitCheck.isErr()) return errAsync(commitCheck.error);
  return serialized(ctx, () =>
    loadGraph(ctx).andThen((graph) =>
      findNote(graph.snapshot, id)
        .asyncAndThen((found) => checkExpected(ctx, found, options.expectedHash))
        .andThen((stored): ResultAsync<RemoveResult, RemoveError> => {
          const noteId = stored.note.id;
          const broken: BrokenLink[] = graph
            .inboundNotes(noteId)
            .map((source) => ({ sourceId: source.note.id, targetId: noteId }));
          if (graph.indexed(noteId)) broken.push({ sourceId: "index", targetId: noteId });
          if (broken.length > 0 && options.force !== true) {
            const from = broken
              .map((link) => (link.sourceId === "index" ? "index.md" : link.sourceId))
              .join(", ");
            return errAsync(
              new ConflictError(
                `Refused to remove ${noteId} ("${stored.note.title}"): ${broken.length} note(s) link to it (${from}). ` +
                  "Merge it into another note, relink those notes first, or remove it with force to break the links.",
              ),
            );
          }
          return ctx.persistence
            .remove(stored.path)
            .andTee(() => ctx.store.forget(stored.path))
            .andThen(() => commitIfAsked(ctx, options, [stored.path]))
            .andThen((outcome) =>
              okAsync({
                id: noteId,
                path: stored.path,
                brokenLinks: broken,
                files: [stored.path],
                ...outcome,
              }),
            );
        }),
    ),
  );
}
