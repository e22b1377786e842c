import { describe, expect, it } from "vitest";
import { llmFromFunction } from "../../../src/adapters/llm/llm-from-function.js";
import type { LlmRequest } from "../../../src/ports/llm.js";
import { freshMemory } from "../../helpers/fresh-memory.js";
import { seedNotes } from "../../helpers/seed-notes.js";
import { errOf, okOf } from "../../helpers/result-helpers.js";

async function memoryWith(answer: unknown) {
  const requests: LlmRequest[] = [];
  const llm = llmFromFunction((request) => {
    requests.push(request);
    return JSON.stringify(answer);
  });
  const fresh = await freshMemory({ llm });
  await seedNotes(fresh.fs, fresh.root, [
    {
      id: "id__HubHub",
      title: "Console app",
      body: "Hub: [[id__BBBBBB|deploys]], [[id__CCCCCC|deploy notes]], [[id__EEEEEE|runbook]].",
    },
    {
      id: "id__BBBBBB",
      title: "Deploys use the release branch",
      body: "Deploys go through the release branch after review.",
    },
    {
      id: "id__CCCCCC",
      title: "Deploy notes",
      body: "Deploys go through the release branch after a review.",
    },
    { id: "id__DDDDDD", title: "Old scratch", body: "nothing important" },
    {
      id: "id__EEEEEE",
      title: "Runbook",
      body: "## Rollback\n\nrevert the tag\n\n## Alerts\n\npage the owner",
    },
    {
      id: "id__FFFFFF",
      title: "Keeps the graph honest",
      body: "[[id__CCCCCC|notes]] [[id__DDDDDD]]",
    },
  ]);
  okOf(await fresh.memory.commit("seed"));
  return { ...fresh, requests };
}

const GOOD = {
  hotTier: ["id__HubHub"],
  warmTier: ["id__BBBBBB"],
  actions: [
    { type: "merge", sources: ["id__CCCCCC"], target: "id__BBBBBB" },
    { type: "archive", id: "id__DDDDDD" },
    {
      type: "split",
      id: "id__EEEEEE",
      parts: [
        { title: "Roll back by reverting the tag", tags: ["ops"], body: "revert the tag" },
        { title: "Alerts page the owner", tags: ["ops"], body: "page the owner" },
      ],
    },
    { type: "rename", id: "id__HubHub", title: "Console app at axiom" },
  ],
};

describe("defrag, end to end on memfs + isomorphic-git", () => {
  it("snapshots, plans, validates, applies through the safe operations, writes the index and commits", async () => {
    const { memory, requests, fs, root } = await memoryWith(GOOD);
    const report = okOf(await memory.defrag());
    expect(requests).toHaveLength(1);
    expect(requests[0]?.prompt).toContain("id__CCCCCC");
    expect(requests[0]?.prompt).not.toMatch(/used|last_used|pinned/);
    expect(report.applied).toHaveLength(4);
    expect(report.commit).toMatch(/^[0-9a-f]{40}$/);
    expect(okOf(await memory.brokenLinks())).toEqual([]);
    expect(errOf(await memory.read("id__CCCCCC")).code).toBe("NOT_FOUND");
    expect(okOf(await memory.read("id__FFFFFF")).body).toContain("[[id__BBBBBB|notes]]");
    expect(okOf(await memory.read("id__DDDDDD")).status).toBe("archived");
    const runbook = okOf(await memory.read("id__EEEEEE"));
    expect(runbook.links.map((link) => link.id)).toEqual(report.created);
    expect(report.created).toHaveLength(2);
    expect(okOf(await memory.read(report.created[0] ?? "")).title).toBe(
      "Roll back by reverting the tag",
    );
    const index = String(await fs.promises.readFile(`${root}/index.md`, "utf8"));
    expect(index).toBe(
      "# Index\n\n## Hot\n\n- [[id__HubHub|Console app at axiom]]\n\n## Warm\n\n- [[id__BBBBBB|Deploys use the release branch]]\n",
    );
    expect(okOf(await memory.index.get()).hot.map((entry) => entry.id)).toEqual(["id__HubHub"]);
    expect(okOf(await memory.commit("anything left?"))).toBeNull();
  });

  it("a dry run returns the validated plan and changes nothing", async () => {
    const { memory, persistence } = await memoryWith(GOOD);
    const before = okOf(await persistence.list());
    const report = okOf(await memory.defrag({ dryRun: true }));
    expect(report.decision?.actions).toHaveLength(4);
    expect(report.applied).toEqual([]);
    // The model was asked, so its spend is recorded in the private ledger; no note changes.
    const after = okOf(await persistence.list()).map((f) => f.path);
    expect(
      after.filter(
        (path) => path !== ".agent-memory/spend.jsonl" && path !== ".agent-memory/.gitignore",
      ),
    ).toEqual(before.map((f) => f.path));
    expect(after).toContain(".agent-memory/spend.jsonl");
  });

  it.each([
    ["unknown-id", { hotTier: [], warmTier: [], actions: [{ type: "archive", id: "id__Nope00" }] }],
    [
      "one-action-per-note",
      {
        hotTier: [],
        warmTier: [],
        actions: [
          { type: "archive", id: "id__DDDDDD" },
          { type: "rename", id: "id__DDDDDD", title: "x" },
        ],
      },
    ],
    [
      "archive-limit",
      {
        hotTier: [],
        warmTier: [],
        actions: ["id__BBBBBB", "id__CCCCCC", "id__DDDDDD"].map((id) => ({ type: "archive", id })),
      },
    ],
    [
      "merge-limit",
      {
        hotTier: [],
        warmTier: [],
        actions: [{ type: "merge", sources: ["id__CCCCCC", "id__DDDDDD"], target: "id__BBBBBB" }],
      },
    ],
    [
      "empty-split-part",
      {
        hotTier: [],
        warmTier: [],
        actions: [
          {
            type: "split",
            id: "id__EEEEEE",
            parts: [
              { title: "a", tags: [], body: "x" },
              { title: "b", tags: [], body: " " },
            ],
          },
        ],
      },
    ],
    [
      "invalid-content",
      { hotTier: [], warmTier: [], actions: [{ type: "rename", id: "id__EEEEEE", title: "" }] },
    ],
    [
      "tiers",
      { hotTier: ["id__DDDDDD"], warmTier: [], actions: [{ type: "archive", id: "id__DDDDDD" }] },
    ],
    [
      "new-broken-link",
      {
        hotTier: [],
        warmTier: [],
        actions: [
          { type: "merge", sources: ["id__CCCCCC"], target: "id__BBBBBB" },
          {
            type: "relink",
            id: "id__DDDDDD",
            body: "nothing important, see [[id__CCCCCC|the old notes]]",
          },
        ],
      },
    ],
    [
      "self-link",
      {
        hotTier: [],
        warmTier: [],
        actions: [
          {
            type: "relink",
            id: "id__DDDDDD",
            body: "nothing important, see [[id__DDDDDD|this very note]]",
          },
        ],
      },
    ],
  ])(
    "an action that breaks %s is refused with its rule; the rest applies",
    async (rule, decision) => {
      const { memory } = await memoryWith(decision);
      const report = okOf(await memory.defrag());
      expect(report.refused?.map((refusal) => refusal.rule)).toContain(rule);
      const refusedActions = (report.refused ?? []).filter((r) => r.action.type !== "tier");
      expect(report.applied).toHaveLength(
        report.held === true ? 0 : decision.actions.length - refusedActions.length,
      );
      for (const refusal of report.refused ?? []) {
        expect(refusal.message.length).toBeGreaterThan(10);
        expect(report.applied).not.toContainEqual(refusal.action);
      }
      expect(report.held).toBe(refusedActions.length * 2 > decision.actions.length);
      expect(okOf(await memory.brokenLinks())).toEqual([]);
    },
  );

  it("holds a run whose actions mostly break rules: no note changes, the proposal is saved", async () => {
    const decision = {
      hotTier: [],
      warmTier: [],
      actions: [{ type: "archive", id: "id__Nope00" }],
    };
    const { memory, persistence } = await memoryWith(decision);
    const notes = async () =>
      okOf(await persistence.list())
        .filter((f) => !f.path.startsWith(".agent-memory/"))
        .map((f) => [f.path, f.size]);
    const before = await notes();
    const report = okOf(await memory.defrag());
    expect(report).toMatchObject({ held: true, proposed: 1, applied: [], commit: null });
    expect(report.heldPlan).toMatch(/^\.agent-memory\/defrag-held\/[0-9a-f]+\.json$/);
    expect(await notes()).toEqual(before);
    const saved = JSON.parse(okOf(await persistence.read(report.heldPlan ?? "")));
    expect(saved.refused.map((r: { rule: string }) => r.rule)).toEqual(["unknown-id"]);
  });
});
