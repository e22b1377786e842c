import { describe, expect, it } from "vitest";
import type { DefragDecision } from "../../../src/lifecycle/defrag/defrag-decision.js";
import type { SimNote } from "../../../src/lifecycle/defrag/dry-run-decision.js";
import {
  DEFAULT_GUARDRAILS,
  screenDecisions,
} from "../../../src/lifecycle/defrag/validate-decision.js";

const note = (id: string, body: string): SimNote => ({
  id,
  title: id,
  tags: [],
  body,
  status: "active",
});
const NOTES = new Map(
  [
    note("id__AAAAAA", "Alpha sentence one. Alpha sentence two."),
    note("id__BBBBBB", "Beta holds one fact."),
    note("id__CCCCCC", "Gamma holds another fact."),
    ...Array.from({ length: 7 }, (_, i) => note(`id__Fill0${i}`, `Filler ${i}.`)),
  ].map((n) => [n.id, n]),
);
const context = {
  notes: NOTES,
  indexBody: "",
  totalNotes: NOTES.size,
  guardrails: DEFAULT_GUARDRAILS,
  splitIds: (id: string, part: number) => `id__P${id.slice(4, 8)}${part}`,
};
const all = new Set(NOTES.keys());
const decide = (actions: DefragDecision["actions"]): DefragDecision => ({
  hotTier: [],
  warmTier: [],
  actions,
});

describe("screening a decision action by action", () => {
  it("refuses a new body for a note whose body was not shown, and keeps the body-less actions", () => {
    const screened = screenDecisions(
      [
        {
          decision: decide([
            {
              type: "relink",
              id: "id__AAAAAA",
              body: "Alpha sentence one. Alpha sentence two. [[id__BBBBBB|b]]",
            },
            { type: "rename", id: "id__BBBBBB", title: "Beta fact" },
            { type: "merge", sources: ["id__Fill00"], target: "id__CCCCCC" },
          ]),
          batch: all,
          shown: new Set(),
        },
      ],
      context,
    );
    expect(screened.refused.map((r) => [r.rule, r.action.type])).toEqual([
      ["body-not-shown", "relink"],
    ]);
    expect(screened.decision.actions.map((a) => a.type)).toEqual(["rename", "merge"]);
    expect(screened.proposed).toBe(3);
  });

  it("refuses only the action that drops text, whatever its place", () => {
    const screened = screenDecisions(
      [
        {
          decision: decide([
            { type: "archive", id: "id__Fill01" },
            { type: "relink", id: "id__AAAAAA", body: "Alpha sentence one." },
            { type: "relink", id: "id__BBBBBB", body: "Beta holds one fact. [[id__CCCCCC|c]]" },
          ]),
          batch: all,
          shown: all,
        },
      ],
      context,
    );
    expect(screened.refused).toHaveLength(1);
    expect(screened.refused[0]?.rule).toBe("drops-text");
    expect(screened.refused[0]?.message).toContain("Alpha sentence two.");
    expect(screened.decision.actions).toHaveLength(2);
  });

  it("refuses the archives past the allowance, not the ones before it", () => {
    const ids = [...NOTES.keys()].slice(0, 4);
    const screened = screenDecisions(
      [{ decision: decide(ids.map((id) => ({ type: "archive", id }))), batch: all, shown: all }],
      context,
    );
    // 20% of 10 notes: two archives.
    expect(screened.decision.actions.map((a) => ("id" in a ? a.id : ""))).toEqual(ids.slice(0, 2));
    expect(screened.refused.map((r) => r.rule)).toEqual(["archive-limit", "archive-limit"]);
  });

  it("refuses a relink written after a merge removed the note it links to", () => {
    const screened = screenDecisions(
      [
        {
          decision: decide([
            { type: "merge", sources: ["id__BBBBBB"], target: "id__CCCCCC" },
            {
              type: "relink",
              id: "id__AAAAAA",
              body: "Alpha sentence one. Alpha sentence two. [[id__BBBBBB|b]]",
            },
          ]),
          batch: all,
          shown: all,
        },
      ],
      context,
    );
    expect(screened.refused.map((r) => r.rule)).toEqual(["new-broken-link"]);
  });
});
