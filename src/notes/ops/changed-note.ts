import { okAsync, type ResultAsync } from "neverthrow";
import type { ChangedNote, CommitOutcome } from "../mutation-options.js";
import type { NoteFacts } from "../store/note-facts.js";
import { toNoteMeta } from "../store/note-meta.js";
import { loadTimes } from "../store/note-times.js";
import type { NotesDeps } from "../notes-deps.js";

/**
 * The meta of a note a mutation just wrote, with its commit outcome. Never fails: the write
 * is applied by then, so times git cannot give (a failing history walk) fall back to the
 * file's, as for a note git has not seen, rather than turning an applied change into an error.
 *
 * @example
 * ```ts
 * commitIfAsked(ctx, options, [stored.path]).andThen((outcome) => changedNote(ctx, stored, outcome));
 * ```
 */
export function changedNote(
  ctx: NotesDeps,
  stored: NoteFacts,
  outcome: CommitOutcome,
): ResultAsync<ChangedNote, never> {
  return loadTimes(ctx.git, ctx.now)
    .map((times): ChangedNote => ({ ...toNoteMeta(stored, times(stored)), ...outcome }))
    .orElse(() => {
      const at = stored.mtimeMs > 0 ? stored.mtimeMs : ctx.now();
      const times = { createdAt: at, updatedAt: at, committed: outcome.commit !== null };
      return okAsync<ChangedNote, never>({ ...toNoteMeta(stored, times), ...outcome });
    });
}
