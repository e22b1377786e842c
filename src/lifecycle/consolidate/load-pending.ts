import { err, ok, type Result } from "neverthrow";
import type { MemoryError } from "../../errors.js";
import { runKey } from "../run-key.js";
import type { ConsolidationDeps } from "./consolidation-deps.js";
import { CHARS_PER_TOKEN, RUNS_FOLDER } from "./consolidation-deps.js";
import type { PromptNote } from "./consolidation-prompt.js";
import type { LoadJournalsInput, LoadJournalsOutput, SavedRun } from "./consolidation-steps.js";
import { readNoteBodies } from "../../notes/read-note-bodies.js";
import { parseSavedRun } from "./saved-run.js";

const MAX_INBOX_NOTE_CHARS = 2_000;

/**
 * Everything waiting: pending journal entries (invalid files are quarantined first), the
 * session-log sections after the cursor, and the inbox notes that fit their budget (the
 * rest wait for the next run). Also the run key and an interrupted run's saved plan.
 */
export async function loadPending(
  deps: ConsolidationDeps,
  input: LoadJournalsInput = { dryRun: false },
): Promise<Result<LoadJournalsOutput, MemoryError>> {
  if (!input.dryRun) {
    const quarantined = await deps.journal.quarantineInvalid();
    if (quarantined.isErr()) return err(quarantined.error);
  }
  const entries = await deps.journal.pending();
  if (entries.isErr()) return err(entries.error);
  const logged = await deps.sessionLog.unconsumed();
  if (logged.isErr()) return err(logged.error);
  const read = await readNoteBodies(deps.memory, deps.persistence, (metas) => {
    // Notes sharing an id are left alone: doctor reports them, and guessing would be wrong.
    const counts = new Map<string, number>();
    for (const meta of metas) counts.set(meta.id, (counts.get(meta.id) ?? 0) + 1);
    return metas.filter((meta) => meta.status === "inbox" && counts.get(meta.id) === 1);
  });
  if (read.isErr()) return err(read.error);

  const inbox: PromptNote[] = [];
  let budget = deps.budget.inboxTokens * CHARS_PER_TOKEN;
  for (const note of read.value.notes) {
    const body =
      note.body.length > MAX_INBOX_NOTE_CHARS
        ? `${note.body.slice(0, MAX_INBOX_NOTE_CHARS)}\n[…cut]`
        : note.body;
    const cost = body.length + note.title.length + 40;
    if (cost > budget) break;
    budget -= cost;
    inbox.push({ ...note, body });
  }
  const updatableIds = read.value.metas.filter((m) => m.status !== "archived").map((m) => m.id);
  const fresh = runKey([
    ...entries.value.map((entry) => `journal:${entry.id}`),
    ...logged.value.map((session) => `session:${session.path}#${session.number}`),
    ...inbox.map((note) => `inbox:${note.id}`),
  ]);
  const saved = await findSavedRun(
    deps,
    new Set(entries.value.map((entry) => entry.id)),
    new Set(logged.value.map((session) => `${session.path}#${session.number}`)),
  );
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
    run: saved.value?.run ?? fresh,
    saved: saved.value,
  });
}

/**
 * The plan of a run that stopped after saving it: the first saved run whose journal entries
 * are all still pending. It is resumed whatever else arrived since (a new key would ask the
 * model again and write the same knowledge twice); a saved run whose entries were consumed
 * since is stale and ignored.
 */
async function findSavedRun(
  deps: ConsolidationDeps,
  pending: ReadonlySet<string>,
  unconsumed: ReadonlySet<string>,
): Promise<Result<SavedRun | undefined, MemoryError>> {
  const files = await deps.persistence.list(RUNS_FOLDER);
  if (files.isErr()) return err(files.error);
  for (const file of files.value) {
    if (!file.path.endsWith(".json")) continue;
    const text = await deps.persistence.read(file.path);
    if (text.isErr()) {
      if (text.error.code === "NOT_FOUND") continue;
      return err(text.error);
    }
    // A manifest that does not check out is ignored: the run asks the model again.
    const saved = parseSavedRun(text.value);
    if (
      saved !== undefined &&
      saved.entryIds.every((id) => pending.has(id)) &&
      saved.sessions.every((ref) => unconsumed.has(ref))
    ) {
      return ok(saved);
    }
  }
  return ok(undefined);
}
