import { describe, expect, it } from "vitest";
import { describeSync } from "../../../src/cli/render/sync-summary.js";
import type { RunReport } from "../../../src/lifecycle/run/run-lifecycle.js";

const report: RunReport = {
  pulled: "merged",
  consolidation: {
    status: "done",
    run: "r1",
    consumed: [],
    consumedSessions: [],
    created: [],
    updated: [],
    inbox: [],
    commit: null,
    unreadable: [],
    deferred: [],
    warnings: [],
    plan: null,
    dryRun: false,
    repaired: false,
  },
  defrag: null,
  agentsMd: [
    {
      written: false,
      path: "/repo/AGENTS.md",
      inlined: [],
      listed: ["id__Aaaaaa"],
      demoted: [],
      missing: [],
      omitted: ["id__Bbbbbb"],
      archived: [],
      superseded: [],
    },
    {
      written: true,
      path: "/repo/CLAUDE.md",
      inlined: ["id__Cccccc"],
      listed: [],
      demoted: [],
      missing: [],
      omitted: [],
      archived: [],
      superseded: [],
    },
  ],
  commit: "0123456789abcdef",
  pushed: "none",
};

describe("describeSync", () => {
  it("has one part per step, naming each AGENTS.md file as it was given", () => {
    expect(describeSync(report, new Map(), ["AGENTS.md", "CLAUDE.md"], { git: true })).toBe(
      [
        "Pull: merged the remote's commits.",
        "Nothing to consolidate: no pending journal entries, session-log sections or inbox notes.",
        "Defrag: not due.",
        "AGENTS.md: unchanged AGENTS.md (0 notes inlined, 1 listed, 1 left to the index note).",
        "AGENTS.md: updated CLAUDE.md (1 note inlined, 0 listed).",
        "Sync commit: 0123456.",
        "Push: no remote to push to.",
      ].join("\n"),
    );
    const noGit = {
      ...report,
      pulled: "no-git",
      commit: null,
      pushed: "no-git",
      agentsMd: [],
    } as const;
    expect(describeSync(noGit, new Map(), [], { git: false }).split("\n")).toEqual([
      "Pull: skipped, the memory root is not in a git repository.",
      "Nothing to consolidate: no pending journal entries, session-log sections or inbox notes.",
      "Defrag: not due.",
      "Push: skipped, the memory root is not in a git repository.",
    ]);
  });
});
