import { describe, expect, it } from "vitest";
import { describeConsolidation } from "../../../src/cli/render/consolidation-summary.js";
import type { ConsolidationReport } from "../../../src/lifecycle/consolidate/run-consolidation.js";

const empty: ConsolidationReport = {
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
};

const plan = {
  creates: [{ key: "vpn", title: "Deploys need the VPN", tags: ["ops"], body: "b" }],
  updates: [{ id: "id__Upd001", title: "Igor — designer", tags: [], body: "b" }],
  inbox: [
    { id: "id__Inb001", action: "merged" as const, into: "new:vpn" },
    { id: "id__Inb002", action: "archive" as const },
    { id: "id__Inb003", action: "keep" as const },
  ],
};

const titles = new Map([
  ["id__New001", "Deploys need the VPN"],
  ["id__Upd001", "Igor"],
  ["id__Inb001", "vpn thing"],
]);

describe("describeConsolidation", () => {
  it("says when there was nothing to do, and which sessions could not be read", () => {
    expect(describeConsolidation(empty, titles, { git: true })).toBe(
      "Nothing to consolidate: no pending journal entries, session-log sections or inbox notes.",
    );
    const unreadable = { ...empty, unreadable: [{ id: "e1", reason: "amp not found" }] };
    expect(describeConsolidation(unreadable, titles, { git: true })).toBe(
      [
        "Nothing consolidated: no pending session could be read.",
        "Left pending, not consumed (1 session could not be read; `memory journal list` shows why):",
        "  e1: amp not found",
      ].join("\n"),
    );
  });

  it("passes on the readers' warnings about sessions it read", () => {
    const report: ConsolidationReport = {
      ...empty,
      consumed: ["e1"],
      warnings: [{ id: "e1", warning: "3 lines were not JSON and were skipped" }],
    };
    expect(describeConsolidation(report, titles, { git: false })).toContain(
      "Read with warnings:\n  e1: 3 lines were not JSON and were skipped",
    );
  });

  it("lists what a run wrote: notes with titles, inbox decisions, the commit", () => {
    const report: ConsolidationReport = {
      ...empty,
      consumed: ["e1", "e2"],
      consumedSessions: ["sessions/2026/04/16/agent0.md#1"],
      created: ["id__New001"],
      updated: ["id__Upd001"],
      inbox: plan.inbox,
      commit: "9fceb02d0ae598e95dc970b74767f19372d61af8",
      plan,
      repaired: true,
    };
    expect(describeConsolidation(report, titles, { git: true })).toBe(
      [
        "Consolidated 2 journal entries and 1 session-log section.",
        "Created 1 note:",
        "  id__New001  Deploys need the VPN",
        "Updated 1 note:",
        "  id__Upd001  Igor",
        "Inbox:",
        '  id__Inb001 "vpn thing": merged into id__New001 "Deploys need the VPN"',
        "  id__Inb002: archived",
        "  id__Inb003: kept in the inbox",
        "(The model's first answer was invalid; its repaired answer was used.)",
        "Committed 9fceb02.",
      ].join("\n"),
    );
    const noGit = { ...report, commit: null, repaired: false };
    expect(describeConsolidation(noGit, titles, { git: false })).toMatch(
      /\nNot committed: the memory root is not in a git repository\.$/,
    );
    expect(describeConsolidation(noGit, titles, { git: true })).toMatch(/\nNothing to commit\.$/);
  });

  it("shows a dry run's plan: keys, titles, tags, updates (with renames), inbox decisions", () => {
    const report: ConsolidationReport = { ...empty, consumed: [], plan, dryRun: true };
    expect(describeConsolidation(report, titles, { git: true })).toBe(
      [
        "Dry run: nothing was written. The plan:",
        "Would create 1 note:",
        "  new:vpn  Deploys need the VPN  #ops",
        "Would update 1 note:",
        '  id__Upd001  Igor — designer (was "Igor")',
        "Inbox decisions:",
        '  id__Inb001 "vpn thing": merged into new:vpn',
        "  id__Inb002: archived",
        "  id__Inb003: kept in the inbox",
      ].join("\n"),
    );
    const nothing = { ...report, plan: { creates: [], updates: [], inbox: [] } };
    expect(describeConsolidation(nothing, titles, { git: true })).toBe(
      "Dry run: nothing was written. The plan:\nThe model proposed no change.",
    );
  });

  it("lists the notes a run superseded and each op it refused, with the rule", () => {
    const report: ConsolidationReport = {
      ...empty,
      consumed: ["e1"],
      created: ["id__New001"],
      commit: "9fceb02aaaaaaaa",
      plan: { creates: [], updates: [], inbox: [] },
      superseded: [{ id: "id__Upd001", by: "id__New001", date: "2026-03-14", reason: "slow" }],
      refused: [
        {
          where: "supersede[1]",
          op: "supersede",
          id: "id__Gone01",
          rule: "not-shown",
          reason:
            "id__Gone01 was not shown in this prompt, so the model cannot know it no longer holds.",
        },
      ],
    };
    const text = describeConsolidation(report, titles, { git: true });
    expect(text).toContain("Superseded 1 note:\n  id__Upd001  Igor  by id__New001 on 2026-03-14");
    expect(text).toContain(
      "Refused 1 op (the rest was applied):\n  supersede[1] id__Gone01 [not-shown]: id__Gone01 was not shown",
    );
  });
});
