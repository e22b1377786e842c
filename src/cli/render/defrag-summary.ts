/**
 * The human text of `memory defrag` (and of the defrag step of `memory sync`): the validated
 * plan (actions, hot and warm tiers) and, after a real run, the snapshot and the commit.
 *
 * @module
 */

import type { DefragReport, DefragAction, DefragDecision } from "../../lifecycle/index.js";
import type { TitleLookup } from "./consolidation-summary.js";
import { plural } from "./format.js";

/**
 * The summary of a defrag run. `titles` are the notes' titles before the run: renames and
 * split parts are taken from the decision itself.
 *
 * @example
 * ```ts
 * describeDefrag(report, new Map([["id__Lonely", "Old lunch spots"]]), { git: true });
 * // "Defragmented: 1 action applied.\n  archive id__Lonely \"Old lunch spots\"\nHot tier: none.\n..."
 * ```
 */
export function describeDefrag(
  report: DefragReport,
  titles: TitleLookup,
  where: { readonly git: boolean },
): string {
  const { decision } = report;
  if (decision === null) return "Nothing to defrag: the memory has no active or inbox notes.";
  const snapshot =
    report.snapshot === null
      ? []
      : [`Committed the uncommitted changes first, as a snapshot: ${short(report.snapshot)}.`];
  const refused = refusalLines(report, titles);
  if (report.dryRun) {
    return [
      "Dry run: nothing was changed. The validated plan:",
      ...actionSection("Actions", decision.actions, titles),
      ...tierLines(decision, titles),
      ...refused,
      ...heldLines(report),
      ...snapshot,
    ].join("\n");
  }
  if (report.held === true) return [...heldLines(report), ...refused].join("\n");
  const created =
    report.created.length === 0
      ? []
      : [
          `Created ${plural(report.created.length, "note")} from splits: ${report.created.join(", ")}`,
        ];
  const commit =
    report.commit !== null
      ? `Committed ${short(report.commit)}.`
      : where.git
        ? "Nothing to commit: the notes and the index note were already so."
        : "Not committed: the memory root is not in a git repository.";
  const snapshotLine = where.git
    ? report.snapshot === null
      ? ["Snapshot before defrag: none needed, nothing was uncommitted."]
      : [`Snapshot before defrag: ${short(report.snapshot)}.`]
    : [];
  return [
    `Defragmented: ${plural(report.applied.length, "action")} applied.`,
    ...report.applied.map((action) => actionLine(action, titles)),
    ...created,
    ...tierLines(decision, titles),
    ...refused,
    ...snapshotLine,
    commit,
  ].join("\n");
}

/** Each refused action (or tier entry) with the rule it broke and why. */
function refusalLines(report: DefragReport, titles: TitleLookup): string[] {
  const refused = report.refused ?? [];
  if (refused.length === 0) return [];
  return [
    `Refused ${plural(refused.length, "proposal")} (each left out, the rest kept):`,
    ...refused.map((refusal) => {
      const what =
        refusal.action.type === "tier"
          ? `  ${refusal.action.tier} tier ${refusal.action.id}`
          : actionLine(refusal.action, titles);
      return `${what}\n    [${refusal.rule}] (batch ${refusal.batch}) ${refusal.message}`;
    }),
  ];
}

function heldLines(report: DefragReport): string[] {
  if (report.held !== true) return [];
  const refused = (report.refused ?? []).filter((r) => r.action.type !== "tier").length;
  return [
    `Held for review: ${refused} of ${plural(report.proposed ?? 0, "proposed action")} broke a rule ` +
      "(more than half), so nothing was applied." +
      (report.heldPlan === null || report.heldPlan === undefined
        ? ""
        : ` The proposal is saved in ${report.heldPlan}.`),
  ];
}

function short(commit: string): string {
  return commit.slice(0, 7);
}

function actionSection(
  heading: string,
  actions: readonly DefragAction[],
  titles: TitleLookup,
): string[] {
  return actions.length === 0
    ? [`${heading}: none.`]
    : [`${heading} (${actions.length}):`, ...actions.map((action) => actionLine(action, titles))];
}

/** The hot and warm tiers, each note by id and (current or new) title. */
function tierLines(decision: DefragDecision, titles: TitleLookup): string[] {
  const renamed = new Map(titles);
  for (const action of decision.actions) {
    if (action.type === "rename") renamed.set(action.id, action.title);
  }
  const tier = (name: string, ids: readonly string[]) =>
    ids.length === 0
      ? [`${name} tier: none.`]
      : [
          `${name} tier (${ids.length}):`,
          ...ids.map((id) => {
            const title = renamed.get(id);
            return title === undefined ? `  ${id}` : `  ${id}  ${title}`;
          }),
        ];
  return [...tier("Hot", decision.hotTier), ...tier("Warm", decision.warmTier)];
}

/**
 * One action on one line, notes named by id and title.
 *
 * @example
 * ```ts
 * actionLine({ type: "archive", id: "id__Lonely" }, new Map([["id__Lonely", "Old lunch spots"]]));
 * // '  archive id__Lonely "Old lunch spots"'
 * ```
 */
export function actionLine(action: DefragAction, titles: TitleLookup): string {
  const named = (id: string): string => {
    const title = titles.get(id);
    return title === undefined ? id : `${id} "${title}"`;
  };
  switch (action.type) {
    case "archive":
      return `  archive ${named(action.id)}`;
    case "rename":
      return `  rename ${named(action.id)} to "${action.title}"`;
    case "retag":
      return `  retag ${named(action.id)}: ${action.tags.length === 0 ? "no tags" : action.tags.map((tag) => `#${tag}`).join(" ")}`;
    case "relink":
      return `  relink ${named(action.id)} (new body)`;
    case "merge":
      return `  merge ${action.sources.map(named).join(", ")} into ${named(action.target)}${action.body === undefined ? "" : " (new body)"}`;
    case "split":
      return `  split ${named(action.id)} into ${action.parts.length}: ${action.parts.map((part) => `"${part.title}"`).join(", ")}`;
  }
}
