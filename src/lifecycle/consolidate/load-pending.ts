import { err, ok, type Result } from "neverthrow";
import type { MemoryError } from "../../errors.js";
import { runKey } from "../run-key.js";
import type { ConsolidationDeps } from "./consolidation-deps.js";
import { CHARS_PER_TOKEN } from "./consolidation-deps.js";
import { shownBody, type PromptNote } from "./consolidation-prompt.js";
import type { LoadJournalsInput, LoadJournalsOutput } from "./consolidation-steps.js";
import { readNoteBodies } from "../../notes/reads/read-note-bodies.js";
import { readKept, stillKept } from "./kept-inbox.js";
import { findSavedRun } from "./find-saved-run.js";

const MAX_INBOX_NOTE_CHARS = 2_000;

/**
 * Everything waiting: pending journal entries this clone may consume (invalid files are quarantined first), the
 * session-log sections after the cursor, and the inbox notes that fit their budget (the
 * rest wait for the next run; a note the model chose to keep waits until it changes or
 * KEPT_RECHECK_MS passes). Also the run key and an interrupted run's saved plan.
 */
export async function loadPending(
  deps: ConsolidationDeps,
  input: LoadJournalsInput = { dryRun: false },
): Promise<Result<LoadJournalsOutput, MemoryError>> {
  if (!input.dryRun) {
    const quarantined = await deps.journal.quarantineInvalid();
    if (quarantined.isErr()) return err(quarantined.error);
  }
  // Entries another clone queued in the last day are its own to consume (docs/concurrency.md).
  const consumable = await deps.journal.consumable();
  if (consumable.isErr()) return err(consumable.error);
  const entries = ok(consumable.value.mine);
  const logged = await deps.sessionLog.unconsumed();
  if (logged.isErr()) return err(logged.error);
  const kept = await readKept(deps.persistence);
  if (kept.isErr()) return err(kept.error);
  const read = await readNoteBodies(deps.memory, deps.persistence, (metas) => {
    // Notes sharing an id are left alone: doctor reports them, and guessing would be wrong.
    const counts = new Map<string, number>();
    for (const meta of metas) counts.set(meta.id, (counts.get(meta.id) ?? 0) + 1);
    return metas.filter((meta) => meta.status === "inbox" && counts.get(meta.id) === 1);
  });
  if (read.isErr()) return err(read.error);

  const inbox: PromptNote[] = [];
  let budget = deps.budget.inboxTokens * CHARS_PER_TOKEN;
  const now = deps.now();
  for (const note of read.value.notes) {
    if (stillKept(kept.value, note.id, note.hash, now)) continue;
    const shown = shownBody(note.body, MAX_INBOX_NOTE_CHARS);
    const cost = shown.body.length + note.title.length + 40;
    if (cost > budget) break;
    budget -= cost;
    inbox.push({ ...note, body: shown.body, cut: shown.cut });
  }
  const updatableIds = read.value.metas.filter((m) => m.status !== "archived").map((m) => m.id);
  const fresh = runKey([
    ...entries.value.map((entry) => `journal:${entry.id}`),
    ...logged.value.map((session) => `session:${session.path}#${session.number}`),
    ...inbox.map((note) => `inbox:${note.id}@${note.hash ?? ""}`),
  ]);
  const saved = await findSavedRun(deps, {
    pending: new Set(entries.value.map((entry) => entry.id)),
    unconsumed: new Set(logged.value.map((session) => `${session.path}#${session.number}`)),
    inbox: new Set(read.value.notes.map((note) => note.id)),
    dryRun: input.dryRun,
  });
  if (saved.isErr()) return err(saved.error);
  return ok({
    entries: entries.value,
    // A resumed plan consumes only the sections it was made from, never ones logged since.
    logged:
      saved.value === undefined
        ? logged.value
        : logged.value.filter(
            (session) =>
              saved.value?.sessions.includes(`${session.path}#${session.number}`) === true,
          ),
    inbox,
    updatableIds,
    knownIds: read.value.metas.map((m) => m.id),
    inboxNow: read.value.notes.map((note) => note.id),
    run: saved.value?.run ?? fresh,
    saved: saved.value,
  });
}
