import { describe, expect, it } from "vitest";
import { partsFromMarkdown } from "../../../src/lifecycle/sessions/session-input.js";
import { errOf, okOf } from "../../helpers/result-helpers.js";

describe("session parts from markdown (memory log on stdin)", () => {
  it("reads what, why and how headings of any level and the next line", () => {
    const markdown = [
      "## What",
      "ran the migration",
      "",
      "### why",
      "the v2 schema needs it",
      "# how",
      "npm run migrate",
      "  then checked the row counts",
      "",
      "- next: drop the old table",
    ].join("\r\n");
    expect(okOf(partsFromMarkdown(markdown))).toEqual({
      what: "ran the migration",
      why: "the v2 schema needs it",
      how: "npm run migrate\n  then checked the row counts",
      next: "drop the old table",
    });
  });

  it("accepts next as a heading too", () => {
    const parts = okOf(partsFromMarkdown("# what\na\n# why\nb\n# how\nc\n# next\npick up\nhere\n"));
    expect(parts.next).toBe("pick up here");
  });

  it("names the parts that are missing", () => {
    const error = errOf(partsFromMarkdown("### what\nonly this\n"));
    expect(error.code).toBe("INVALID_INPUT");
    expect(error.message).toMatch(/lacks why, how, next/);
  });
});
