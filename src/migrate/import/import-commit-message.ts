/**
 * The import commit's message: a summary, the counts, and one `Memory-Source` trailer naming
 * the kind, the source and the record that holds each note's file and section
 * (docs/file-format.md, section 10.6). Per-note lines would not scale: a vault of 10,000
 * notes would make a message git cannot take as one argument.
 *
 * @module
 */
import { formatSourceTrailer } from "../../model/provenance.js";
import type { ImportReport } from "./import-report.js";

/**
 * @example
 * ```ts
 * importCommitMessage(report); // "memory: import 3 notes from obsidian vault\n\n..."
 * ```
 */
export function importCommitMessage(report: Omit<ImportReport, "commit">): string {
  const { counts } = report;
  const changed = counts.create + counts.update;
  const lines = [
    `memory: import ${changed} note${changed === 1 ? "" : "s"} from ${report.kind} ${report.source}`,
    "",
    `created: ${counts.create}, updated: ${counts.update}, unchanged: ${counts.unchanged}, ` +
      `edited in the memory: ${counts.edited}, conflicts: ${counts.conflict}`,
  ];
  if (report.splits.length > 0)
    lines.push(`split: ${report.splits.map((s) => `${s.key} into ${s.ids.length}`).join(", ")}`);
  const redacted = report.redactions.reduce(
    (sum, r) => sum + Object.values(r.kinds).reduce((a, b) => a + b, 0),
    0,
  );
  if (redacted > 0) lines.push(`secrets redacted: ${redacted}`);
  lines.push(
    "",
    formatSourceTrailer({
      kind: "import",
      ref: `${report.kind}/${report.source}`,
      record: report.record,
    }),
  );
  return lines.join("\n");
}
