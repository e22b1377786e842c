import { describe, expect, it } from "vitest";
import { describeMerged } from "../../../src/cli/render/merged-summary.js";

describe("describeMerged", () => {
  it("counts the files merged by meaning by kind and lists the settled notes' decisions", () => {
    expect(describeMerged([])).toBe("");
    expect(
      describeMerged([
        { path: "index.md", kind: "index", marked: 0, decisions: [] },
        { path: "topics/a id__Ab3xYz.md", kind: "note", marked: 0, decisions: ["kept both"] },
        { path: "topics/b id__Bb3xYz.md", kind: "note", marked: 0, decisions: [] },
        { path: "topics/c id__Cb3xYz.md", kind: "edit-delete", marked: 0, decisions: ["kept it"] },
      ]),
    ).toBe(
      "Merged by meaning: 4 files (1 index.md, 2 notes, 1 note edited on one clone and deleted on the other).\n" +
        "  topics/c id__Cb3xYz.md: kept it",
    );
  });
});
