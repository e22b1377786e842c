import { PipelineError } from "../../errors.js";
import type { RunReport } from "./run-lifecycle.js";

/** The steps of a lifecycle run, in order. */
export type RunStep =
  | "commit-local"
  | "pull"
  | "consolidate"
  | "defrag"
  | "agentsMd"
  | "commit"
  | "push";

/**
 * What a run applied so far: the report's fields of the steps that finished, plus the commit
 * of outside edits made before the pull. A failed run carries it as `PipelineError.done`, so
 * "the sync failed" never hides a merge or a commit that happened (principle 8).
 */
export type RunProgress = Partial<Omit<RunReport, "pushed">> & {
  /** The commit of changes made outside the library, before the pull; null when none. */
  readonly localCommit?: string | null;
};

/**
 * The error of a run that stopped at `step`: the cause, then what the steps before it applied
 * and kept, then what to do.
 *
 * @example
 * ```ts
 * stoppedAt("push", error, { pulled: "merged", commit: "9fceb02…" }, "push again later");
 * // "The sync stopped at push: … Applied before it, and kept: merged the remote's commits; sync commit 9fceb02. …"
 * ```
 */
export function stoppedAt(
  step: RunStep,
  error: { readonly message: string },
  progress: RunProgress,
  advice = "",
): PipelineError {
  const applied = appliedSteps(progress);
  const kept =
    applied.length === 0
      ? " Nothing was applied before it."
      : ` Applied before it, and kept: ${applied.join("; ")}.`;
  const next = advice === "" ? "" : ` ${advice}`;
  const why = /[.!?]$/.test(error.message) ? error.message : `${error.message}.`;
  return new PipelineError(step, `The sync stopped at ${step}: ${why}${kept}${next}`, {
    cause: error,
    ...(applied.length === 0 ? {} : { done: progress }),
  });
}

const short = (sha: string): string => sha.slice(0, 7);

/** One phrase per step that changed the repository or a file. */
function appliedSteps(progress: RunProgress): string[] {
  const steps: string[] = [];
  if (typeof progress.localCommit === "string")
    steps.push(`committed changes made outside the library (${short(progress.localCommit)})`);
  if (progress.pulled === "merged") steps.push("merged the remote's commits");
  const consolidated = progress.consolidation?.commit;
  if (typeof consolidated === "string") steps.push(`consolidated (${short(consolidated)})`);
  const defragged = progress.defrag?.commit;
  if (typeof defragged === "string") steps.push(`defragmented (${short(defragged)})`);
  const written = (progress.agentsMd ?? []).filter((result) => result.written).length;
  if (written > 0) steps.push(`rewrote ${written} AGENTS.md section${written === 1 ? "" : "s"}`);
  if (typeof progress.commit === "string") steps.push(`sync commit ${short(progress.commit)}`);
  return steps;
}
