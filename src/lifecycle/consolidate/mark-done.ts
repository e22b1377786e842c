import { err, ok, type Result } from "neverthrow";
import { journalPath } from "../journal/journal-paths.js";
import type { MemoryError } from "../../errors.js";
import { SESSION_CURSOR_PATH } from "../sessions/session-cursor.js";
import type { ConsolidationDeps } from "./consolidation-deps.js";
import type { MarkConsolidatedInput } from "./consolidation-steps.js";
import { KEPT_INBOX_PATH, recordKept } from "./kept-inbox.js";

/**
 * Moves the consumed journal entries to done (with the notes they produced), advances the
 * session-log cursor past the consumed sections, and records the inbox notes the model kept (with
 * the version it saw, so they are not shown again unchanged). Runs after the notes are
 * written, so a failure before it leaves every entry pending and the re-run resumes the saved
 * plan. The saved plan stays until the run's commit (commitRun removes it), so a run stopped
 * after this step leaves the re-run a record of what to commit. The done records carry no commit id: the run's one commit holds
 * them, so that commit is the one that added each done file (`git log -- journal/done/<id>.json`).
 */
export async function markDone(
  deps: ConsolidationDeps,
  input: MarkConsolidatedInput,
): Promise<Result<{ files: string[] }, MemoryError>> {
  const files: string[] = [];
  if (input.entryIds.length > 0) {
    const marked = await deps.journal.markConsolidated(input.entryIds, {
      commit: null,
      notes: [...input.written.created, ...input.written.updated],
    });
    if (marked.isErr()) return err(marked.error);
    for (const id of input.entryIds)
      files.push(journalPath("pending", id), journalPath("done", id));
  }
  if (input.logged.length > 0) {
    const consumed = await deps.sessionLog.markConsumed(
      input.logged.map((s) => ({ path: s.path, number: s.number })),
    );
    if (consumed.isErr()) return err(consumed.error);
    // The session-log files themselves go into the run's commit with the cursor that consumed them.
    files.push(SESSION_CURSOR_PATH, ...new Set(input.logged.map((session) => session.path)));
  }
  const keeps: Record<string, string> = {};
  for (const decision of input.written.inbox) {
    const hash = input.inboxHashes?.[decision.id];
    if (decision.action === "keep" && hash !== undefined) keeps[decision.id] = hash;
  }
  if (input.inboxNow !== undefined) {
    const recorded = await recordKept(deps.persistence, keeps, new Set(input.inboxNow), deps.now());
    if (recorded.isErr()) return err(recorded.error);
    if (recorded.value) files.push(KEPT_INBOX_PATH);
  }
  return ok({ files });
}
