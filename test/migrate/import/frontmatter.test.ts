import { describe, expect, it } from "vitest";
import { propertyList, readFrontmatter } from "../../../src/migrate/import/frontmatter.js";
import type { ImportProblem } from "../../../src/migrate/import/import-kind.js";
import { noteProperties } from "../../../src/migrate/import/note-properties.js";

describe("readFrontmatter", () => {
  it("reads a block only on the first line, with LF or CRLF, dates as text", () => {
    expect(readFrontmatter("---\r\ncreated: 2026-08-13\r\n---\r\nBody")).toEqual({
      kind: "parsed",
      properties: { created: "2026-08-13" },
      body: "Body",
    });
    expect(readFrontmatter("---\n---\nBody")).toEqual({
      kind: "parsed",
      properties: {},
      body: "Body",
    });
    // A horizontal rule further down, or an opening `---` never closed, is not frontmatter.
    expect(readFrontmatter("Text\n---\nmore\n---\n").kind).toBe("none");
    expect(readFrontmatter("---\nno end").kind).toBe("none");
  });

  it("reports YAML that does not parse or is not a mapping", () => {
    expect(readFrontmatter("---\na: [b\n---\nx").kind).toBe("invalid");
    expect(readFrontmatter("---\n- a\n- b\n---\nx")).toMatchObject({ kind: "invalid", body: "x" });
  });

  it("reads a property as a list from a list or a comma-separated string", () => {
    expect(propertyList(["a", "b", 3])).toEqual(["a", "b", "3"]);
    expect(propertyList("a, b c")).toEqual(["a", "b c"]);
    expect(propertyList("a, b c", true)).toEqual(["a", "b", "c"]);
    expect(propertyList({ a: 1 })).toEqual([]);
  });
});

describe("noteProperties", () => {
  const names = {
    tags: ["tags"],
    splitTagsAtSpaces: false,
    aliases: ["aliases"],
    elsewhere: () => ["title"],
  };

  it("keeps tags our notes cannot hold as a property line instead of losing them", () => {
    const problems: ImportProblem[] = [];
    const read = noteProperties(
      { path: "a.md", text: "---\ntitle: T\ntags: [ok, not valid!]\n---\nBody" },
      names,
      problems,
    );
    expect(read).toMatchObject({
      header: "- tags: ok, not valid!\n\n",
      tags: [],
      text: "Body",
      verbatim: false,
    });
    expect(problems).toEqual([]);
  });

  it("keeps invalid frontmatter in the text and reports it", () => {
    const problems: ImportProblem[] = [];
    const text = "---\ntags: [x\n---\nBody";
    expect(noteProperties({ path: "a.md", text }, names, problems)).toMatchObject({
      text,
      verbatim: true,
    });
    expect(problems.map((p) => [p.code, p.file])).toEqual([["unreadable", "a.md"]]);
  });
});
