import { okAsync, ResultAsync } from "neverthrow";
import type { Git } from "../../ports/git.js";
import type { Journal } from "../journal/journal.js";
import { journalPath } from "../journal/journal-paths.js";
import { reasonPath } from "../journal/journal-quarantine.js";
import type { ConsolidationReport } from "./run-consolidation.js";

/**
 * Sets aside the entries a run refused (their transcript is a credential store or lies
 * outside the allowed folders: no later run could read them) in `journal/invalid/` with the
 * reason, and commits the move, so they never hold a place in every later run. The run has
 * already applied: a failure here only becomes a warning, and the entries stay pending.
 */
export function quarantineRefused(
  journal: Journal,
  git: Git | undefined,
  report: ConsolidationReport,
): ResultAsync<ConsolidationReport, never> {
  const refused = report.unreadable.filter((entry) => entry.refused === true);
  if (refused.length === 0) return okAsync(report);
  return journal
    .quarantineEntries(refused)
    .andThen((moved) => {
      const files = moved.flatMap((file) => [
        journalPath("pending", idBefore(file.id, refused)),
        file.path,
        reasonPath(file.id),
      ]);
      const committed: ResultAsync<unknown, unknown> =
        git === undefined || files.length === 0
          ? okAsync(null)
          : git.commit(
              `memory: quarantine ${moved.length} journal entr${moved.length === 1 ? "y" : "ies"} whose session is refused\n\n` +
                moved.map((file) => `${file.id}: ${file.reason}`).join("\n"),
              files,
            );
      return committed.map(() => new Set(moved.map((file) => idBefore(file.id, refused))));
    })
    .map((quarantined) => ({
      ...report,
      unreadable: report.unreadable.map((entry) =>
        quarantined.has(entry.id) ? { ...entry, quarantined: true } : entry,
      ),
    }))
    .orElse((error: unknown) =>
      okAsync({
        ...report,
        warnings: [
          ...report.warnings,
          {
            id: "",
            warning: `could not set refused entries aside in journal/invalid/: ${error instanceof Error ? error.message : String(error)}`,
          },
        ],
      }),
    );
}

/** The pending id a quarantined file came from (a clash gives it a suffix). */
function idBefore(id: string, refused: readonly { readonly id: string }[]): string {
  return refused.find((entry) => id === entry.id || id.startsWith(`${entry.id}-`))?.id ?? id;
}
