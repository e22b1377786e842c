import { describe, expect, it } from "vitest";
import { splitFrontmatter } from "../../../src/migrate/import/frontmatter-fields.js";

describe("splitFrontmatter", () => {
  it("reads scalars, quoted values, block and inline lists, and one level of nesting", () => {
    const split = splitFrontmatter(
      [
        "---",
        "name: Prompt Bloat",
        'description: "Start minimal: add one lever at a time"',
        "paths:",
        '  - "src/**/*.ts"',
        "  - tests/**",
        "related: [a.md, b.md]",
        "metadata:",
        "  type: project",
        "---",
        "Body.",
      ].join("\n"),
    );
    expect(split.fields).toEqual([
      { key: "name", value: "Prompt Bloat" },
      { key: "description", value: "Start minimal: add one lever at a time" },
      { key: "paths", value: ["src/**/*.ts", "tests/**"] },
      { key: "related", value: ["a.md", "b.md"] },
      { key: "metadata.type", value: "project" },
    ]);
    expect(split.unparsed).toEqual([]);
    expect(split.body).toBe("Body.");
  });

  it("keeps a block that is not YAML as its lines, and reads a file without a closed block as all body", () => {
    expect(splitFrontmatter("---\nname: x\n: stray: [\n---\nBody")).toEqual({
      fields: [],
      unparsed: ["name: x", ": stray: ["],
      body: "Body",
    });
    expect(splitFrontmatter("---\nname: x\nBody")).toEqual({
      fields: [],
      unparsed: [],
      body: "---\nname: x\nBody",
    });
    expect(splitFrontmatter("No block.")).toEqual({ fields: [], unparsed: [], body: "No block." });
  });

  it("reads a block written with Windows line endings", () => {
    expect(splitFrontmatter("---\r\ntype: user\r\n---\r\nBody").fields).toEqual([
      { key: "type", value: "user" },
    ]);
  });
});
