/**
 * What the commit of a run that follows an interrupted one stages: every change to the
 * memory's own files, since the interrupted run may have changed any of the notes it planned
 * to (created, rewritten, merged away, archived) and marked its journal entries done, and a
 * re-run finds those steps done and does not write them again. Saved plans (journal/runs) are
 * left out: they are removed right after the commit and never belong in git.
 */
import { err, ok, type Result } from "neverthrow";
import type { GitError, PersistenceError } from "../../errors.js";
import { MEMORY_OWNED_PATHS } from "../../model/layout.js";
import type { Persistence } from "../../ports/persistence.js";
import { RUNS_FOLDER, type ConsolidationDeps } from "./consolidation-deps.js";

const JOURNAL = "journal";

/**
 * The memory's own paths with `journal` spelled out folder by folder, saved plans left out.
 *
 * @example
 * ```ts
 * await ownedPathsButSavedRuns(persistence); // Ok(["index.md", "inbox", ..., "journal/done", "journal/pending", ...])
 * ```
 */
export async function ownedPathsButSavedRuns(
  persistence: Persistence,
): Promise<Result<string[], PersistenceError>> {
  const listed = await persistence.list(JOURNAL);
  if (listed.isErr()) return err(listed.error);
  // A moved-away pending entry leaves no file to list, only a deletion to stage.
  const journal = new Set([`${JOURNAL}/pending`]);
  for (const file of listed.value) {
    const slash = file.path.indexOf("/", JOURNAL.length + 1);
    const top = slash === -1 ? file.path : file.path.slice(0, slash);
    if (top !== RUNS_FOLDER) journal.add(top);
  }
  return ok([...MEMORY_OWNED_PATHS.filter((path) => path !== JOURNAL), ...journal].toSorted());
}

/**
 * Commits what the interrupted run `run` left uncommitted: it stopped after marking its
 * entries done and before its commit, so its saved plan has nothing left to apply.
 *
 * @example
 * ```ts
 * await commitLeftovers(deps, "3f9a0c1e5b7d2a64"); // Ok(commit id), or Ok(null): nothing left
 * ```
 */
export async function commitLeftovers(
  deps: Pick<ConsolidationDeps, "git" | "persistence">,
  run: string,
): Promise<Result<string | null, GitError | PersistenceError>> {
  if (deps.git === undefined) return ok(null);
  const paths = await ownedPathsButSavedRuns(deps.persistence);
  if (paths.isErr()) return err(paths.error);
  return deps.git.commit(
    `memory: finish consolidation run ${run}\n\nIt stopped before its commit; this commits what it wrote.`,
    paths.value,
  );
}
