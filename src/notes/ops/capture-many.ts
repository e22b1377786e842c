import { ok, ResultAsync, type Result } from "neverthrow";
import type { InvalidInputError, LockError, PersistenceError } from "../../errors.js";
import type { NoteStatus } from "../../model/layout.js";
import { checkChosenId, validateCapture, writeNewNote, type CaptureInput } from "./capture.js";
import type { ChangedNote } from "../mutation-options.js";
import { serialized, type NotesDeps } from "../notes-deps.js";
import { pickUnusedId, usedIds, type UsedIds } from "./unused-id.js";

/** One new note of a {@link captureMany} batch: what `capture` takes, with its options. */
export interface CaptureManyItem {
  readonly input: CaptureInput;
  /** Default "inbox". */
  readonly status?: NoteStatus;
  /** A chosen id, as `capture`'s `id`: valid, and no file's id (nor another item's). */
  readonly id?: string;
}

/** What became of one item: the note written, or why it was refused (nothing written for it). */
export type CapturedItem = { readonly note: ChangedNote } | { readonly refused: InvalidInputError };

/** What a {@link captureMany} batch wrote. */
export interface CaptureManyResult {
  /** One per item tried, in order: all of them unless `stopped`. */
  readonly items: readonly CapturedItem[];
  /**
   * Set when a write failed: the items from `items.length` on were not written; the ones
   * before were (each file whole), and are not committed.
   */
  readonly stopped?: PersistenceError;
}

/**
 * Writes many new notes under ONE hold of the memory lock and ONE look at the files, so
 * creating n notes costs about n writes instead of n listings of a growing memory (an
 * import). Each note gets what `capture` gives it: its input checked, an id no file uses
 * (a chosen id refused if a file or an earlier item has it), an atomic write. Commits
 * nothing: the caller commits the paths in one commit.
 *
 * @returns Err only when the lock or the listing fails (then nothing is written).
 */
export function captureMany(
  ctx: NotesDeps,
  items: readonly CaptureManyItem[],
): ResultAsync<CaptureManyResult, PersistenceError | LockError> {
  return serialized(ctx, () =>
    usedIds(ctx).andThen((used) => new ResultAsync(writeEach(ctx, items, used))),
  );
}

async function writeEach(
  ctx: NotesDeps,
  items: readonly CaptureManyItem[],
  used: UsedIds,
): Promise<Result<CaptureManyResult, never>> {
  // The batch's own ids join the listing's, so two items never share an id.
  const files = new Set(used.files);
  const taken: UsedIds = { files, linkTargets: used.linkTargets };
  const results: CapturedItem[] = [];
  for (const item of items) {
    const content = validateCapture(
      item.input,
      item.status === undefined ? {} : { status: item.status },
    );
    if (content.isErr()) {
      results.push({ refused: content.error });
      continue;
    }
    const id = await (item.id === undefined
      ? pickUnusedId(ctx.generateId, taken)
      : checkChosenId(item.id, taken));
    if (id.isErr()) {
      results.push({ refused: id.error });
      continue;
    }
    const written = await writeNewNote(ctx, content.value, id.value);
    if (written.isErr()) return ok({ items: results, stopped: written.error });
    files.add(id.value);
    results.push({ note: { ...written.value, commit: null } });
  }
  return ok({ items: results });
}
