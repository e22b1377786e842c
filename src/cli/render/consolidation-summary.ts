/**
 * The human text of `memory consolidate`: what a run wrote (or, dry, would write).
 *
 * @module
 */

import type { PlannedInboxAction, ConsolidationReport } from "../../lifecycle/index.js";
import { plural } from "./format.js";

/** Titles by note id, for the lines that name notes. */
export type TitleLookup = ReadonlyMap<string, string>;

/**
 * The summary of a finished run: sources consumed, notes created and updated (id and
 * title), inbox decisions, entries left pending, and the commit. A dry run shows the plan.
 *
 * @example
 * ```ts
 * describeConsolidation(report, new Map([["id__Kf9mNp", "A fact"]]), { git: true });
 * // "Consolidated 1 journal entry.\nCreated 1 note:\n  id__Kf9mNp  A fact\nCommitted 9fceb02."
 * ```
 */
export function describeConsolidation(
  report: ConsolidationReport,
  titles: TitleLookup,
  where: { readonly git: boolean },
): string {
  if (
    report.plan === null &&
    report.consumed.length === 0 &&
    report.consumedSessions.length === 0
  ) {
    const nothing =
      report.unreadable.length === 0
        ? "Nothing to consolidate: no pending journal entries, session-log sections or inbox notes."
        : "Nothing consolidated: no pending session could be read.";
    return [nothing, ...unreadableLines(report)].join("\n");
  }
  return report.dryRun ? describePlan(report, titles) : describeWritten(report, titles, where);
}

function describeWritten(
  report: ConsolidationReport,
  titles: TitleLookup,
  where: { readonly git: boolean },
): string {
  const createdIds = createdIdsByKey(report);
  const commit =
    report.commit !== null
      ? `Committed ${report.commit.slice(0, 7)}.`
      : where.git
        ? "Nothing to commit."
        : "Not committed: the memory root is not in a git repository.";
  return [
    `Consolidated ${sources(report.consumed.length, report.consumedSessions.length)}.`,
    ...section(
      `Created ${plural(report.created.length, "note")}:`,
      report.created.map((id) => noteLine(id, titles)),
    ),
    ...section(
      `Updated ${plural(report.updated.length, "note")}:`,
      report.updated.map((id) => noteLine(id, titles)),
    ),
    ...section(
      "Inbox:",
      report.inbox.map((decision) => inboxLine(decision, titles, createdIds)),
    ),
    ...section(
      `Superseded ${plural(report.superseded?.length ?? 0, "note")}:`,
      (report.superseded ?? []).map(
        (mark) => `  ${noteLine(mark.id, titles).trim()}  by ${mark.by} on ${mark.date}`,
      ),
    ),
    ...section(
      `Refused ${plural(report.refused?.length ?? 0, "op")} (the rest was applied):`,
      (report.refused ?? []).map(
        (refusal) => `  ${refusal.where} ${refusal.id} [${refusal.rule}]: ${refusal.reason}`,
      ),
    ),
    ...unreadableLines(report),
    ...(report.repaired
      ? ["(The model's first answer was invalid; its repaired answer was used.)"]
      : []),
    commit,
  ].join("\n");
}

function describePlan(report: ConsolidationReport, titles: TitleLookup): string {
  const plan = report.plan ?? { creates: [], updates: [], inbox: [] };
  return [
    "Dry run: nothing was written. The plan:",
    ...section(
      `Would create ${plural(plan.creates.length, "note")}:`,
      plan.creates.map((note) => `  new:${note.key}  ${note.title}${tagText(note.tags)}`),
    ),
    ...section(
      `Would update ${plural(plan.updates.length, "note")}:`,
      plan.updates.map((note) => {
        const before = titles.get(note.id);
        const renamed = before !== undefined && before !== note.title ? ` (was "${before}")` : "";
        return `  ${note.id}  ${note.title}${renamed}${tagText(note.tags)}`;
      }),
    ),
    ...section(
      "Inbox decisions:",
      plan.inbox.map((decision) => inboxLine(decision, titles, new Map())),
    ),
    ...(plan.creates.length + plan.updates.length + plan.inbox.length === 0
      ? ["The model proposed no change."]
      : []),
    ...unreadableLines(report),
  ].join("\n");
}

function sources(entries: number, sessions: number): string {
  const parts = [
    ...(entries > 0 ? [plural(entries, "journal entry", "journal entries")] : []),
    ...(sessions > 0 ? [plural(sessions, "session-log section")] : []),
  ];
  return parts.length === 0 ? "the inbox" : parts.join(" and ");
}

function section(heading: string, lines: readonly string[]): string[] {
  return lines.length === 0 ? [] : [heading, ...lines];
}

function noteLine(id: string, titles: TitleLookup): string {
  const title = titles.get(id);
  return title === undefined ? `  ${id}` : `  ${id}  ${title}`;
}

function tagText(tags: readonly string[]): string {
  return tags.length === 0 ? "" : `  ${tags.map((tag) => `#${tag}`).join(" ")}`;
}

function inboxLine(
  decision: PlannedInboxAction,
  titles: TitleLookup,
  createdIds: ReadonlyMap<string, string>,
): string {
  const title = titles.get(decision.id);
  const what = title === undefined ? decision.id : `${decision.id} "${title}"`;
  if (decision.action === "keep") return `  ${what}: kept in the inbox`;
  if (decision.action === "archive") return `  ${what}: archived`;
  const into = decision.into ?? "";
  const target = createdIds.get(into) ?? into;
  const targetTitle = titles.get(target);
  return `  ${what}: merged into ${target}${targetTitle === undefined ? "" : ` "${targetTitle}"`}`;
}

function unreadableLines(report: ConsolidationReport): string[] {
  return [
    ...section(
      "Read with warnings:",
      report.warnings.map((item) =>
        item.id === "" ? `  ${item.warning}` : `  ${item.id}: ${item.warning}`,
      ),
    ),
    ...section(
      `Left pending, not consumed (${plural(report.unreadable.length, "session")} could not be read; \`memory journal list\` shows why):`,
      report.unreadable.map((entry) => `  ${entry.id}: ${entry.reason}`),
    ),
    ...(report.deferred.length === 0
      ? []
      : [
          `Left pending for the next run (over this run's session budget): ${plural(report.deferred.length, "journal entry", "journal entries")}.`,
        ]),
  ];
}

/** `new:<key>` to the id created for it: creates are written in plan order. */
function createdIdsByKey(report: ConsolidationReport): Map<string, string> {
  const creates = report.plan?.creates ?? [];
  const map = new Map<string, string>();
  if (creates.length !== report.created.length) return map;
  for (const [index, note] of creates.entries()) {
    const id = report.created[index];
    if (id !== undefined) map.set(`new:${note.key}`, id);
  }
  return map;
}
