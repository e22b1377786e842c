/** The parts `memory why` answers for: headings alone, paragraphs, fenced code whole. */
import { describe, expect, it } from "vitest";
import { noteParts } from "../../src/model/note-parts.js";

describe("noteParts", () => {
  it("cuts a note into headings and paragraphs, keeping a fence with blank lines whole", () => {
    const lines = [
      "# Title",
      "",
      "#infra",
      "",
      "one",
      "two",
      "",
      "## More",
      "```",
      "a",
      "",
      "b",
      "```",
      "",
      "three",
    ];
    expect(noteParts(lines)).toEqual([
      { from: 1, to: 1 },
      { from: 3, to: 3 },
      { from: 5, to: 6 },
      { from: 8, to: 8, section: "More" },
      { from: 9, to: 13, section: "More" },
      { from: 15, to: 15, section: "More" },
    ]);
    expect(noteParts([])).toEqual([]);
  });
});
