import { err, ok, type Result } from "neverthrow";
import type { MemoryError } from "../../errors.js";
import type { ConsolidationDeps } from "./consolidation-deps.js";
import { runManifestPath } from "./consolidation-deps.js";
import type { SavedRun, WriteKbEntriesInput } from "./consolidation-steps.js";
import { plannedId } from "../run-key.js";
import { writePlan, type WriteSummary } from "./write-plan.js";

/**
 * Saves the plan (so a run that stops midway resumes with the same plan and the same ids
 * instead of asking the model again), assigns ids to the new notes, and writes the plan.
 */
export async function writeEntries(
  deps: ConsolidationDeps,
  input: WriteKbEntriesInput,
): Promise<Result<WriteSummary, MemoryError>> {
  let saved = input.saved;
  if (saved === undefined) {
    const ids = await assignIds(deps, input);
    if (ids.isErr()) return err(ids.error);
    saved = {
      run: input.run,
      plan: input.plan,
      ids: ids.value,
      entryIds: input.entryIds,
      sessions: input.sessions,
    };
    const written = await deps.persistence.write(
      runManifestPath(input.run),
      `${JSON.stringify(saved, null, 2)}\n`,
    );
    if (written.isErr()) return err(written.error);
  }
  return writePlan(deps.memory, saved.plan, saved.ids);
}

/** Ids derived from the run key, skipping any a file already has. */
async function assignIds(
  deps: ConsolidationDeps,
  input: WriteKbEntriesInput,
): Promise<Result<SavedRun["ids"], MemoryError>> {
  const existing = await deps.memory.list();
  if (existing.isErr()) return err(existing.error);
  const taken = new Set(existing.value.map((meta) => meta.id));
  const ids: Record<string, string> = {};
  for (const create of input.plan.creates) {
    let attempt = 0;
    let id = plannedId(input.run, create.key, attempt);
    while (taken.has(id)) id = plannedId(input.run, create.key, ++attempt);
    taken.add(id);
    ids[create.key] = id;
  }
  return ok(ids);
}
