import { describe, expect, it } from "vitest";
import { readIndexTiers, writeIndexTiers } from "../../../src/model/records/index-note.js";

describe("the index note", () => {
  it("creates a fresh index with both tiers", () => {
    expect(writeIndexTiers(undefined, { hot: [{ id: "id__AAAAAA", title: "A" }], warm: [] })).toBe(
      "# Index\n\n## Hot\n\n- [[id__AAAAAA|A]]\n\n## Warm\n",
    );
  });

  it("round-trips the tiers and keeps hand-written text and the notes after kept links", () => {
    const hand = [
      "# Index",
      "",
      "What I care about this quarter.",
      "",
      "## Hot",
      "",
      "- [[id__AAAAAA|A]] — owner of the console",
      "- [[id__BBBBBB|B]]",
      "",
      "A remark under hot.",
      "",
      "## Warm",
      "",
      "- [[id__CCCCCC|C]]",
      "",
      "## Links elsewhere",
      "",
      "- [[id__DDDDDD|D]] is not a tier entry",
      "",
    ].join("\n");
    expect(readIndexTiers(hand).hot.map((e) => e.id)).toEqual(["id__AAAAAA", "id__BBBBBB"]);
    const rewritten = writeIndexTiers(hand, {
      hot: [
        { id: "id__CCCCCC", title: "C" },
        { id: "id__AAAAAA", title: "A renamed" },
      ],
      warm: [{ id: "id__BBBBBB", title: "B" }],
    });
    expect(rewritten).toBe(
      [
        "# Index",
        "",
        "What I care about this quarter.",
        "",
        "## Hot",
        "",
        "- [[id__CCCCCC|C]]",
        "- [[id__AAAAAA|A renamed]] — owner of the console",
        "",
        "A remark under hot.",
        "",
        "## Warm",
        "",
        "- [[id__BBBBBB|B]]",
        "",
        "## Links elsewhere",
        "",
        "- [[id__DDDDDD|D]] is not a tier entry",
        "",
      ].join("\n"),
    );
    expect(writeIndexTiers(rewritten, readIndexTiers(rewritten))).toBe(rewritten);
  });
});
