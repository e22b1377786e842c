/**
 * What `memory sync` says about the files its pulls merged by meaning (the clone's merge
 * record, see adapters' merge-log.ts).
 *
 * @module
 */

import type { MergeRecord, MergeRecordKind } from "../../adapters/index.js";
import { plural } from "./format.js";

const WHAT: Record<MergeRecordKind, [one: string, many: string]> = {
  note: ["note", "notes"],
  index: ["index.md", "index.md"],
  "session-log": ["session log", "session logs"],
  journal: ["journal record", "journal records"],
  markdown: ["markdown file", "markdown files"],
  "rename-rename": ["note renamed on both clones", "notes renamed on both clones"],
  "edit-delete": [
    "note edited on one clone and deleted on the other",
    "notes edited on one clone and deleted on the other",
  ],
};

/**
 * One line counting the files merged by meaning by kind, then one line per decision a person
 * may want to read (a title kept as text, an edited note kept against a deletion); "" when
 * nothing was merged.
 *
 * @example
 * ```ts
 * describeMerged([{ path: "index.md", kind: "index", marked: 0, decisions: [] }]);
 * // "Merged by meaning: 1 file (1 index.md)."
 * ```
 */
export function describeMerged(merged: readonly MergeRecord[]): string {
  if (merged.length === 0) return "";
  const counts = new Map<MergeRecordKind, number>();
  for (const record of merged) counts.set(record.kind, (counts.get(record.kind) ?? 0) + 1);
  const parts = [...counts].map(([kind, count]) => {
    const [one, many] = WHAT[kind];
    return `${count} ${count === 1 ? one : many}`;
  });
  const decided = merged.flatMap((record) =>
    record.kind === "rename-rename" || record.kind === "edit-delete"
      ? record.decisions.map((decision) => `  ${record.path}: ${decision}`)
      : [],
  );
  return [
    `Merged by meaning: ${plural(merged.length, "file")} (${parts.join(", ")}).`,
    ...decided,
  ].join("\n");
}
