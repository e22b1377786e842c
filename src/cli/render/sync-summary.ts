/**
 * The human text of `memory sync`: one part per step of the lifecycle run, in order.
 *
 * @module
 */

import type { RunReport } from "../../lifecycle/index.js";
import { describeConsolidation, type TitleLookup } from "./consolidation-summary.js";
import { describeDefrag } from "./defrag-summary.js";
import { plural } from "./format.js";

const PULLED: Readonly<Record<RunReport["pulled"], string>> = {
  none: "Pull: nothing to pull (no remote, or the remote has no such branch yet).",
  "up-to-date": "Pull: already up to date.",
  merged: "Pull: merged the remote's commits.",
  unsupported: "Pull: skipped, the git adapter cannot pull.",
  "no-git": "Pull: skipped, the memory root is not in a git repository.",
};

const PUSHED: Readonly<Record<RunReport["pushed"], string>> = {
  none: "Push: no remote to push to.",
  pushed: "Push: pushed.",
  unsupported: "Push: skipped, the git adapter cannot push.",
  "no-git": "Push: skipped, the memory root is not in a git repository.",
};

/**
 * The summary of a sync: pull, the consolidation summary, defrag (or "not due"), each
 * AGENTS.md target under the name it was given on the command line, the final commit, push.
 *
 * @param targets The targets as the user typed them, in the order of `report.agentsMd`.
 * @example
 * ```ts
 * describeSync(report, titles, ["../AGENTS.md"], { git: true });
 * // "Pull: already up to date.\nNothing to consolidate: ...\nDefrag: not due.\nAGENTS.md: unchanged ../AGENTS.md ..."
 * ```
 */
export function describeSync(
  report: RunReport,
  titles: TitleLookup,
  targets: readonly string[],
  where: { readonly git: boolean },
): string {
  const defrag =
    report.defrag === null
      ? ["Defrag: not due."]
      : [
          "Defrag:",
          ...describeDefrag(report.defrag, titles, where)
            .split("\n")
            .map((line) => `  ${line}`),
        ];
  const agentsMd = report.agentsMd.map((result, index) => {
    const listed =
      result.omitted.length === 0
        ? `${result.listed.length} listed`
        : `${result.listed.length} listed, ${result.omitted.length} left to the index note`;
    return `AGENTS.md: ${result.written ? "updated" : "unchanged"} ${targets[index] ?? result.path} (${plural(result.inlined.length, "note")} inlined, ${listed}).`;
  });
  const commit =
    report.commit !== null
      ? [`Sync commit: ${report.commit.slice(0, 7)}.`]
      : where.git
        ? ["Sync commit: nothing left to commit."]
        : [];
  return [
    PULLED[report.pulled],
    describeConsolidation(report.consolidation, titles, where),
    ...defrag,
    ...agentsMd,
    ...commit,
    PUSHED[report.pushed],
  ].join("\n");
}
