import { err, ok, type Result } from "neverthrow";
import type { GitError, PersistenceError } from "../../errors.js";
import type { ConsolidationDeps } from "./consolidation-deps.js";
import { runManifestPath } from "./consolidation-deps.js";
import type { CommitRunInput } from "./consolidation-steps.js";
import { ownedPathsButSavedRuns } from "./leftover-paths.js";
import { runSources, sourceTrailers } from "./run-sources.js";
import { withSpendTrailer } from "../spend/spend-trailer.js";

/**
 * One commit for the run, its message saying what changed; null without git or changes. A
 * run that resumed an interrupted one commits every change to the memory's own files (what
 * the interrupted run wrote is not in this run's list: see leftover-paths.ts). The saved plan
 * is removed after the commit, so a run stopped before it leaves the plan for the re-run to
 * finish committing (findSavedRun).
 */
export async function commitRun(
  deps: ConsolidationDeps,
  input: CommitRunInput,
): Promise<Result<string | null, GitError | PersistenceError>> {
  let commit: string | null = null;
  if (deps.git !== undefined) {
    let paths: readonly string[] = input.files;
    if (input.written.resumed === true) {
      const owned = await ownedPathsButSavedRuns(deps.persistence);
      if (owned.isErr()) return err(owned.error);
      paths = owned.value;
    }
    if (paths.length > 0) {
      // The sources go on the commit (docs/file-format.md, section 10.6): `memory why` leads
      // from a line to this commit by blame, and from the commit to the sessions by these.
      const sources = await runSources(deps.persistence, input.entryIds, input.logged);
      const message = consolidationMessage(input) + sourceTrailers(sources);
      const spent = deps.spend?.();
      const committed = await deps.git.commit(
        spent === undefined ? message : withSpendTrailer(message, spent),
        paths,
      );
      if (committed.isErr()) return err(committed.error);
      commit = committed.value;
    }
  }
  const removed = await deps.persistence.remove(runManifestPath(input.run));
  if (removed.isErr() && removed.error.code !== "NOT_FOUND") return err(removed.error);
  return ok(commit);
}

/**
 * The commit message: a summary line, then what was created, updated and decided, and the
 * run key (which the done records of the consumed entries also carry).
 */
export function consolidationMessage(input: CommitRunInput): string {
  const { written } = input;
  const sources = input.entryIds.length + (input.logged.length > 0 ? 1 : 0);
  const summary =
    `memory: consolidate ${input.entryIds.length} journal entr${input.entryIds.length === 1 ? "y" : "ies"}` +
    (input.logged.length > 0
      ? ` and ${input.logged.length} session-log section${input.logged.length === 1 ? "" : "s"}`
      : "") +
    (sources === 0 ? " (inbox only)" : "");
  const lines = [summary, ""];
  if (written.created.length > 0) lines.push(`created: ${written.created.join(", ")}`);
  if (written.updated.length > 0) lines.push(`updated: ${written.updated.join(", ")}`);
  for (const decision of written.inbox) {
    lines.push(
      `inbox ${decision.id}: ${decision.action}${decision.into === undefined ? "" : ` into ${decision.into}`}`,
    );
  }
  for (const mark of written.superseded ?? [])
    lines.push(`superseded ${mark.id}: by ${mark.by} on ${mark.date}`);
  for (const refusal of written.refused ?? [])
    lines.push(`refused ${refusal.where} (${refusal.rule}): ${refusal.id}`);
  if (written.redactions > 0) lines.push(`secrets redacted: ${written.redactions}`);
  if (input.entryIds.length > 0) lines.push(`journal: ${input.entryIds.join(", ")}`);
  if (written.resumed === true)
    lines.push("resumed an interrupted run: with what it left uncommitted");
  lines.push(`run: ${input.run}`);
  return lines.join("\n");
}
