/** Each supersede op of an answer is checked on its own: a refused one names its rule. */
import { describe, expect, it } from "vitest";
import { checkSupersedes } from "../../../src/lifecycle/consolidate/supersede-plan.js";

const context = {
  shownIds: new Set(["id__Shown1", "id__Shown2"]),
  updatableIds: new Set(["id__Shown1", "id__Shown2", "id__Hidden"]),
  keys: new Set(["cache"]),
};

describe("checking supersede ops", () => {
  it("plans the sound ones and refuses each unsound one with its rule", () => {
    const { planned, refused } = checkSupersedes(
      [
        { id: "id__Shown1", by: "new:cache", reason: " SQLite locked ", date: "2026-03-14" },
        { id: "id__Hidden", by: "new:cache" },
        { id: "id__Shown2", by: "new:nothing" },
        { id: "id__Shown2", by: "id__Shown2" },
        { id: "id__Shown1", by: "id__Shown2" },
        { id: "id__Shown2", by: "id__Shown1", date: "2026-02-30" },
        { id: "id__Shown2", by: "id__Shown1", reason: "two\nlines" },
        { id: "id__Shown2", by: "id__Hidden" },
      ],
      context,
    );
    expect(planned).toEqual([
      { id: "id__Shown1", by: "new:cache", reason: "SQLite locked", date: "2026-03-14" },
    ]);
    expect(refused.map((refusal) => [refusal.where, refusal.rule])).toEqual([
      ["supersede[1]", "not-shown"],
      ["supersede[2]", "successor-unknown"],
      ["supersede[3]", "self"],
      ["supersede[4]", "twice"],
      ["supersede[5]", "bad-date"],
      ["supersede[6]", "bad-reason"],
      ["supersede[7]", "successor-unknown"],
    ]);
  });
});
