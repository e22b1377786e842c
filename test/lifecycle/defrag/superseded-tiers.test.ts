/**
 * Defrag's tiers never name a superseded note: `memory.index.set`, which its updateIndex step
 * calls, refuses one, so validation leaves it out (rule `tiers`, naming the successor) and
 * keeps the rest of the tiers.
 */
import { describe, expect, it } from "vitest";
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
    note("id__OLDOLD", "> Superseded by [[id__NEWNEW|Database now]] on 2026-03-14.\n\nSQLite."),
    note("id__NEWNEW", "Postgres since March."),
    note("id__OTHERS", "Something else."),
  ].map((n) => [n.id, n]),
);

describe("defrag's tiers", () => {
  it("leave out a superseded note, say which note supersedes it, and keep the others", () => {
    const all = new Set(NOTES.keys());
    const screened = screenDecisions(
      [
        {
          decision: {
            hotTier: ["id__OLDOLD", "id__NEWNEW"],
            warmTier: ["id__OTHERS"],
            actions: [],
          },
          batch: all,
          shown: all,
        },
      ],
      {
        notes: NOTES,
        indexBody: "",
        totalNotes: NOTES.size,
        guardrails: DEFAULT_GUARDRAILS,
        splitIds: (id: string, part: number) => `${id}${part}`,
      },
    );
    expect(screened.decision.hotTier).toEqual(["id__NEWNEW"]);
    expect(screened.decision.warmTier).toEqual(["id__OTHERS"]);
    expect(screened.refused.map((r) => [r.rule, r.message])).toEqual([
      [
        "tiers",
        "the hot tier names id__OLDOLD, which is superseded by id__NEWNEW; tier the current note instead.",
      ],
    ]);
  });
});
