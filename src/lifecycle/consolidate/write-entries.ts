import { err, ok, type Result } from "neverthrow";
import { InvalidInputError, type MemoryError } from "../../errors.js";
import type { ConsolidationDeps } from "./consolidation-deps.js";
import { runManifestPath } from "./consolidation-deps.js";
import type { SavedRun, WriteNotesInput } from "./consolidation-steps.js";
import { generateId, ID_PREFIX } from "../../model/id.js";
import { idSeed, plannedId } from "../run-key.js";
import { quarantinePlan } from "./quarantine-plan.js";
import { writePlan, type WriteSummary } from "./write-plan.js";

/** Errors that come and go (a full disk, a held lock): the saved plan is resumed next time. */
const TRANSIENT = new Set(["PERSISTENCE", "LOCKED", "GIT"]);

/**
 * Saves the plan (so a run that stops midway resumes with the same plan and the same ids
 * instead of asking the model again), assigns ids to the new notes, and writes the plan. A
 * plan whose writing fails for a reason that would fail again (a note it needs is gone, an
 * input it cannot take) is quarantined with its reason instead of being resumed forever.
 */
export async function writeEntries(
  deps: ConsolidationDeps,
  input: WriteNotesInput,
): Promise<Result<WriteSummary, MemoryError>> {
  let saved = input.saved;
  const resumed = saved !== undefined;
  if (saved === undefined) {
    // Two clones that consolidate the same synced entry share the run key: the salt keeps
    // their ids apart, and the saved plan keeps them for this clone's re-run.
    const salt = generateId().slice(ID_PREFIX.length) + generateId().slice(ID_PREFIX.length);
    const ids = await assignIds(deps, input, idSeed(input.run, salt));
    if (ids.isErr()) return err(ids.error);
    saved = {
      run: input.run,
      plan: input.plan,
      ids: ids.value,
      salt,
      entryIds: input.entryIds,
      sessions: input.sessions,
      expected: input.expected ?? {},
    };
    const written = await deps.persistence.write(
      runManifestPath(input.run),
      `${JSON.stringify(saved, null, 2)}\n`,
    );
    if (written.isErr()) return err(written.error);
  }
  const written = await writePlan(deps.memory, saved.plan, {
    run: saved.run,
    seed: idSeed(saved.run, saved.salt),
    ids: saved.ids,
    expected: saved.expected ?? {},
  });
  if (written.isOk()) return ok(resumed ? { ...written.value, resumed: true } : written.value);
  if (TRANSIENT.has(written.error.code)) return written;
  const moved = await quarantinePlan(
    deps.persistence,
    runManifestPath(saved.run),
    `Writing the plan failed: ${written.error.message}`,
    new Date(deps.now()).toISOString(),
  );
  if (moved.isErr()) return err(moved.error);
  return err(
    new InvalidInputError(
      `The run's plan could not be written (${written.error.message}), so it was quarantined to ${moved.value} ` +
        "(see `memory journal list --status invalid`); what it wrote before is kept, and the next run asks the model again.",
      { cause: written.error },
    ),
  );
}

/** Ids derived from the run key and salt, skipping any a file already has. */
async function assignIds(
  deps: ConsolidationDeps,
  input: WriteNotesInput,
  seed: string,
): Promise<Result<SavedRun["ids"], MemoryError>> {
  const existing = await deps.memory.list();
  if (existing.isErr()) return err(existing.error);
  const taken = new Set(existing.value.map((meta) => meta.id));
  const ids: Record<string, string> = {};
  for (const create of input.plan.creates) {
    let attempt = 0;
    let id = plannedId(seed, create.key, attempt);
    while (taken.has(id)) id = plannedId(seed, create.key, ++attempt);
    taken.add(id);
    ids[create.key] = id;
  }
  return ok(ids);
}
