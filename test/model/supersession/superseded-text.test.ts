/** Issue 30: the superseded stretches of a body, and walking chains of marks without looping. */
import { describe, expect, it } from "vitest";
import { followSupersession } from "../../../src/model/supersession/supersession-chain.js";
import { currentText, supersededSpans } from "../../../src/model/supersession/superseded-text.js";

describe("currentText", () => {
  it("keeps a superseded section's heading and mark, drops its text up to the next heading of its level", () => {
    const body =
      "Intro.\n\n## DB\n\n> Superseded by [[id__Ab3xYz|DB]] on 2026-03-14.\n\nSQLite.\n\n### Detail\n\nWAL mode.\n\n## Team\n\nFour.";
    expect(currentText(body)).toBe(
      "Intro.\n\n## DB\n\n> Superseded by [[id__Ab3xYz|DB]] on 2026-03-14.\n\n## Team\n\nFour.",
    );
  });

  it("keeps only the mark of a note superseded as a whole, and leaves a current body as it is", () => {
    expect(currentText("> Superseded by [[id__Ab3xYz]].\n\nOld.")).toBe(
      "> Superseded by [[id__Ab3xYz]].\n",
    );
    const current = "Text.\n\n```\n> Superseded by [[id__Ab3xYz]].\n```";
    expect(currentText(current)).toBe(current);
    expect(supersededSpans(current)).toEqual([]);
  });
});

describe("followSupersession", () => {
  const notes = new Map([
    ["id__Aaaaa1", { supersededBy: "id__Bbbbb2" }],
    ["id__Bbbbb2", { supersededBy: "id__Ccccc3" }],
    ["id__Ccccc3", {}],
    ["id__Loop01", { supersededBy: "id__Loop02" }],
    ["id__Loop02", { supersededBy: "id__Loop01" }],
    ["id__Dangl1", { supersededBy: "id__Nobody" }],
  ]);
  it("ends at the current note, at a missing id, or at the first id met twice", () => {
    expect(followSupersession("id__Aaaaa1", notes)).toEqual({
      kind: "current",
      id: "id__Ccccc3",
      path: ["id__Aaaaa1", "id__Bbbbb2", "id__Ccccc3"],
    });
    expect(followSupersession("id__Dangl1", notes)).toMatchObject({
      kind: "missing",
      id: "id__Nobody",
    });
    expect(followSupersession("id__Loop01", notes)).toEqual({
      kind: "loop",
      path: ["id__Loop01", "id__Loop02", "id__Loop01"],
    });
  });
});
