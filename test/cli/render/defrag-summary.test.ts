import { describe, expect, it } from "vitest";
import { actionLine, describeDefrag } from "../../../src/cli/render/defrag-summary.js";
import type { DefragReport } from "../../../src/lifecycle/defrag/defrag-api.js";

const titles = new Map([
  ["id__Aaaaaa", "Deploys"],
  ["id__Bbbbbb", "Deploy day"],
  ["id__Cccccc", "Big note"],
]);

const report: DefragReport = {
  status: "done",
  snapshot: null,
  decision: { hotTier: ["id__Aaaaaa"], warmTier: [], actions: [] },
  applied: [],
  created: [],
  commit: null,
  dryRun: false,
  batches: 1,
};

describe("actionLine", () => {
  it("names every note by id and title, and says what happens to it", () => {
    const lines = [
      actionLine(
        { type: "merge", sources: ["id__Bbbbbb"], target: "id__Aaaaaa", body: "b" },
        titles,
      ),
      actionLine(
        {
          type: "split",
          id: "id__Cccccc",
          parts: [
            { title: "One", tags: [], body: "1" },
            { title: "Two", tags: [], body: "2" },
          ],
        },
        titles,
      ),
      actionLine({ type: "rename", id: "id__Bbbbbb", title: "Deploy on Tuesdays" }, titles),
      actionLine({ type: "retag", id: "id__Unkown", tags: ["ops", "ci"] }, titles),
      actionLine({ type: "retag", id: "id__Aaaaaa", tags: [] }, titles),
      actionLine({ type: "relink", id: "id__Aaaaaa", body: "b" }, titles),
    ];
    expect(lines).toEqual([
      '  merge id__Bbbbbb "Deploy day" into id__Aaaaaa "Deploys" (new body)',
      '  split id__Cccccc "Big note" into 2: "One", "Two"',
      '  rename id__Bbbbbb "Deploy day" to "Deploy on Tuesdays"',
      "  retag id__Unkown: #ops #ci",
      '  retag id__Aaaaaa "Deploys": no tags',
      '  relink id__Aaaaaa "Deploys" (new body)',
    ]);
  });
});

describe("describeDefrag", () => {
  it("says when there was nothing to defrag", () => {
    expect(describeDefrag({ ...report, decision: null, batches: 0 }, titles, { git: true })).toBe(
      "Nothing to defrag: the memory has no active or inbox notes.",
    );
  });

  it("shows renamed titles in the tiers, split parts created, and the commit or why none", () => {
    const rename = { type: "rename" as const, id: "id__Bbbbbb", title: "Deploy on Tuesdays" };
    const applied: DefragReport = {
      ...report,
      decision: { hotTier: ["id__Bbbbbb"], warmTier: ["id__Aaaaaa"], actions: [rename] },
      applied: [rename],
      created: ["id__Part01", "id__Part02"],
      snapshot: "0123456789abcdef",
      commit: "fedcba9876543210",
    };
    expect(describeDefrag(applied, titles, { git: true })).toBe(
      [
        "Defragmented: 1 action applied.",
        '  rename id__Bbbbbb "Deploy day" to "Deploy on Tuesdays"',
        "Created 2 notes from splits: id__Part01, id__Part02",
        "Hot tier (1):",
        "  id__Bbbbbb  Deploy on Tuesdays",
        "Warm tier (1):",
        "  id__Aaaaaa  Deploys",
        "Snapshot before defrag: 0123456.",
        "Committed fedcba9.",
      ].join("\n"),
    );
    expect(describeDefrag(report, titles, { git: true }).split("\n").slice(-2)).toEqual([
      "Snapshot before defrag: none needed, nothing was uncommitted.",
      "Nothing to commit: the notes and the index note were already so.",
    ]);
    expect(describeDefrag(report, titles, { git: false }).split("\n").at(-1)).toBe(
      "Not committed: the memory root is not in a git repository.",
    );
  });
});

describe("describeDefrag with refusals", () => {
  const refused = [
    {
      batch: 1,
      action: { type: "relink" as const, id: "id__Cccccc", body: "x" },
      rule: "drops-text" as const,
      message: 'the relink of id__Cccccc would drop text it was not shown: "Big."',
    },
    {
      batch: 2,
      action: { type: "tier" as const, tier: "hot" as const, id: "id__Bbbbbb" },
      rule: "tiers" as const,
      message: "the hot tier names id__Bbbbbb, which would not be an active note.",
    },
  ];

  it("lists each refused action with its rule, batch and reason beside what was applied", () => {
    const text = describeDefrag(
      {
        ...report,
        applied: [{ type: "archive", id: "id__Bbbbbb" }],
        proposed: 2,
        refused,
        held: false,
      },
      titles,
      { git: false },
    );
    expect(text).toContain("Defragmented: 1 action applied.");
    expect(text).toContain("Refused 2 proposals (each left out, the rest kept):");
    expect(text).toContain('  relink id__Cccccc "Big note" (new body)\n    [drops-text] (batch 1)');
    expect(text).toContain("  hot tier id__Bbbbbb\n    [tiers] (batch 2)");
  });

  it("says a held run applied nothing and where its proposal is saved", () => {
    const text = describeDefrag(
      {
        ...report,
        proposed: 1,
        refused: refused.slice(0, 1),
        held: true,
        heldPlan: ".agent-memory/defrag-held/abc.json",
      },
      titles,
      { git: true },
    );
    expect(text).toMatch(/^Held for review: 1 of 1 proposed action broke a rule/);
    expect(text).toContain(
      "nothing was applied. The proposal is saved in .agent-memory/defrag-held/abc.json.",
    );
    expect(text).not.toContain("Defragmented");
  });
});
