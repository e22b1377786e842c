import * as fc from "fast-check";
import { describe, expect, it } from "vitest";
import { splitMarkdownSections } from "../../../src/migrate/import/markdown-sections.js";

describe("splitMarkdownSections", () => {
  it("splits at headings up to the level asked, keeping deeper ones and fenced lines inside", () => {
    const sections = splitMarkdownSections(
      "intro\n## A\nx\n```\n# not\n```\n### deep\n## B\ny\n",
      2,
    );
    expect(sections).toEqual([
      { heading: undefined, level: 0, text: "intro" },
      { heading: "A", level: 2, text: "x\n```\n# not\n```\n### deep" },
      { heading: "B", level: 2, text: "y" },
    ]);
  });

  it("loses no line that is not a heading", () => {
    const line = fc.oneof(
      fc.constantFrom("# One", "## Two", "### Three", "```", "~~~", "", "text", "#nospace"),
      fc.string({ maxLength: 12 }).filter((s) => !s.includes("\n")),
    );
    fc.assert(
      fc.property(
        fc.array(line, { maxLength: 30 }),
        fc.integer({ min: 1, max: 6 }),
        (lines, max) => {
          const text = lines.join("\n");
          const sections = splitMarkdownSections(text, max);
          const kept = sections.flatMap((s) => s.text.split("\n")).filter((l) => l.trim() !== "");
          const headings = sections.filter((s) => s.heading !== undefined).length;
          const nonBlank = lines.filter((l) => l.trim() !== "").length;
          expect(kept.length + headings).toBe(nonBlank);
        },
      ),
    );
  });
});
