import { err, ok, type Result } from "neverthrow";
import type { MemoryError } from "../../errors.js";
import { journalPath } from "../journal/journal-paths.js";
import type { ConsolidationDeps } from "./consolidation-deps.js";
import { RUNS_FOLDER } from "./consolidation-deps.js";
import type { SavedRun } from "./consolidation-steps.js";
import { commitLeftovers } from "./leftover-paths.js";
import { quarantinePlan } from "./quarantine-plan.js";
import { parseSavedRun } from "./saved-run.js";

/** What a saved run is matched against. */
export interface WaitingInputs {
  /** Pending journal entry ids. */
  readonly pending: ReadonlySet<string>;
  /** Unconsumed session-log sections, as `path#number`. */
  readonly unconsumed: ReadonlySet<string>;
  /** Ids of the notes in the inbox now. */
  readonly inbox: ReadonlySet<string>;
  /** A dry run changes nothing: no stale manifest removed, none quarantined. */
  readonly dryRun: boolean;
}

/**
 * The plan of a run that stopped after saving it and still has work left: a journal entry
 * it consumes still pending, a session-log section still unconsumed, or an inbox note it
 * merges or archives still in the inbox. Its entries must each be pending or done (a run
 * stopped inside markConsolidated finishes marking, never asks the model again). It is
 * resumed whatever else arrived since (a new key would write the same knowledge twice).
 * A saved run with nothing left to do is removed; one that does not parse is quarantined.
 */
export async function findSavedRun(
  deps: ConsolidationDeps,
  waiting: WaitingInputs,
): Promise<Result<SavedRun | undefined, MemoryError>> {
  const files = await deps.persistence.list(RUNS_FOLDER);
  if (files.isErr()) return err(files.error);
  for (const file of files.value.toSorted((a, b) => (a.path < b.path ? -1 : 1))) {
    if (!file.path.endsWith(".json")) continue;
    const text = await deps.persistence.read(file.path);
    if (text.isErr()) {
      if (text.error.code === "NOT_FOUND") continue;
      return err(text.error);
    }
    const saved = parseSavedRun(text.value);
    if (saved === undefined) {
      if (waiting.dryRun) continue;
      const moved = await quarantinePlan(
        deps.persistence,
        file.path,
        "The saved plan does not parse as one; it was set aside so consolidation can go on.",
        new Date(deps.now()).toISOString(),
      );
      if (moved.isErr()) return err(moved.error);
      continue;
    }
    const state = await stateOf(deps, saved, waiting);
    if (state.isErr()) return err(state.error);
    if (state.value === "resume") return ok(saved);
    if (waiting.dryRun) continue;
    // Finished but for its commit and cleanup, or overtaken: nothing in it is left to apply,
    // but what it wrote may be uncommitted (it stopped before its commit).
    const committed = await commitLeftovers(deps, saved.run);
    if (committed.isErr()) return err(committed.error);
    const removed = await deps.persistence.remove(file.path);
    if (removed.isErr() && removed.error.code !== "NOT_FOUND") return err(removed.error);
  }
  return ok(undefined);
}

async function stateOf(
  deps: ConsolidationDeps,
  saved: SavedRun,
  waiting: WaitingInputs,
): Promise<Result<"resume" | "stale", MemoryError>> {
  let entriesLeft = false;
  for (const id of saved.entryIds) {
    if (waiting.pending.has(id)) {
      entriesLeft = true;
      continue;
    }
    const done = await deps.persistence.read(journalPath("done", id));
    if (done.isErr()) {
      if (done.error.code === "NOT_FOUND") return ok("stale"); // quarantined or gone
      return err(done.error);
    }
  }
  const sessionsLeft = saved.sessions.some((ref) => waiting.unconsumed.has(ref));
  const inboxLeft = saved.plan.inbox.some(
    (decision) => decision.action !== "keep" && waiting.inbox.has(decision.id),
  );
  return ok(entriesLeft || sessionsLeft || inboxLeft ? "resume" : "stale");
}
