import { ok, type Result } from "neverthrow";
import type { GitError } from "../../errors.js";
import type { ConsolidationDeps } from "./consolidation-deps.js";
import type { CommitKnowledgeBaseInput } from "./consolidation-steps.js";

/** One commit for the run, its message saying what changed; null without git or changes. */
export async function commitRun(
  deps: ConsolidationDeps,
  input: CommitKnowledgeBaseInput,
): Promise<Result<string | null, GitError>> {
  if (deps.git === undefined || input.files.length === 0) return ok(null);
  return deps.git.commit(consolidationMessage(input), input.files);
}

/**
 * The commit message: a summary line, then what was created, updated and decided, and the
 * run key (which the done records of the consumed entries also carry).
 */
export function consolidationMessage(input: CommitKnowledgeBaseInput): string {
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
  if (written.redactions > 0) lines.push(`secrets redacted: ${written.redactions}`);
  if (input.entryIds.length > 0) lines.push(`journal: ${input.entryIds.join(", ")}`);
  lines.push(`run: ${input.run}`);
  return lines.join("\n");
}
