import * as fc from "fast-check";
import { describe, expect, it } from "vitest";
import { applyNoteEdit } from "../../src/model/note-edit.js";
import { parseSince } from "../../src/shared/since.js";
import { errOf, okOf } from "../helpers/result-helpers.js";

const body = "Intro.\n\n## Decisions\n\n- a\n\n### Detail\n\nd\n\n## Other\n\nx\n";
const value = (result: ReturnType<typeof applyNoteEdit>) => okOf(result);
const error = (result: ReturnType<typeof applyNoteEdit>) => errOf(result).message;

describe("applyNoteEdit", () => {
  it("appends and prepends with one blank line, to an empty body too", () => {
    expect(value(applyNoteEdit("Intro.\n\n\n", { kind: "append", text: "More.\n" }))).toBe(
      "Intro.\n\nMore.\n",
    );
    expect(value(applyNoteEdit("Intro.", { kind: "prepend", text: "First." }))).toBe(
      "First.\n\nIntro.\n",
    );
    expect(value(applyNoteEdit("", { kind: "append", text: "Only." }))).toBe("Only.\n");
  });

  it("replaces exact text once, refuses missing or ambiguous text, replaces all when asked", () => {
    expect(value(applyNoteEdit("a b c", { kind: "replace", find: "b", replacement: "$&B" }))).toBe(
      "a $&B c",
    );
    expect(error(applyNoteEdit("a b c", { kind: "replace", find: "z", replacement: "y" }))).toMatch(
      /not found/,
    );
    expect(error(applyNoteEdit("a b a", { kind: "replace", find: "a", replacement: "y" }))).toMatch(
      /occurs 2 times/,
    );
    expect(
      value(applyNoteEdit("a b a", { kind: "replace", find: "a", replacement: "y", all: true })),
    ).toBe("y b y");
    expect(error(applyNoteEdit("a", { kind: "replace", find: "", replacement: "y" }))).toMatch(
      /empty/,
    );
  });

  it("replaces a section up to the next heading of its level, keeping its heading and the rest", () => {
    expect(
      value(applyNoteEdit(body, { kind: "replace-section", heading: "## Decisions", text: "- b" })),
    ).toBe("Intro.\n\n## Decisions\n\n- b\n\n## Other\n\nx\n");
    expect(
      value(applyNoteEdit(body, { kind: "replace-section", heading: "Other", text: "y" })),
    ).toBe("Intro.\n\n## Decisions\n\n- a\n\n### Detail\n\nd\n\n## Other\n\ny\n");
    expect(
      value(applyNoteEdit(body, { kind: "replace-section", heading: "Detail", text: "" })),
    ).toBe("Intro.\n\n## Decisions\n\n- a\n\n### Detail\n\n## Other\n\nx\n");
  });

  it("appends to a section's own text, keeping its lines, a list item joining the list", () => {
    const add = (heading: string, text: string) =>
      value(applyNoteEdit(body, { kind: "append-section", heading, text }));
    expect(add("Decisions", "- b")).toBe(
      "Intro.\n\n## Decisions\n\n- a\n- b\n\n### Detail\n\nd\n\n## Other\n\nx\n",
    );
    expect(add("Other", "Prose.")).toBe(
      "Intro.\n\n## Decisions\n\n- a\n\n### Detail\n\nd\n\n## Other\n\nx\n\nProse.\n",
    );
    expect(
      value(
        applyNoteEdit("## History\n", { kind: "append-section", heading: "History", text: "- 1" }),
      ),
    ).toBe("## History\n\n- 1\n");
    expect(
      error(applyNoteEdit(body, { kind: "append-section", heading: "Nope", text: "x" })),
    ).toMatch(/No section/);
    expect(
      error(applyNoteEdit(body, { kind: "append-section", heading: "Other", text: " " })),
    ).toMatch(/empty/);
  });

  it("refuses a missing or repeated section, and never takes a heading inside a code fence", () => {
    expect(
      error(applyNoteEdit(body, { kind: "replace-section", heading: "Nope", text: "x" })),
    ).toMatch(/headings: Decisions, Detail, Other/);
    expect(
      error(applyNoteEdit("## A\n\n## A\n", { kind: "replace-section", heading: "A", text: "x" })),
    ).toMatch(/2 sections/);
    const fenced = "```\n## Fake\n```\n\n## Real\n\nr\n";
    expect(
      error(applyNoteEdit(fenced, { kind: "replace-section", heading: "Fake", text: "x" })),
    ).toMatch(/No section/);
  });

  it("keeps every other byte: a section edit changes only the section", () => {
    fc.assert(
      fc.property(
        fc.string().filter((s) => !s.includes("#") && !s.includes("`") && !s.includes("~")),
        fc
          .string({ minLength: 1 })
          .filter(
            (s) => s.trim() !== "" && !s.includes("#") && !s.includes("`") && !s.includes("~"),
          ),
        (before, content) => {
          const note = `${before.trim()}\n\n## S\n\nold\n\n## T\n\nkeep\n`;
          const edited = value(
            applyNoteEdit(note, { kind: "replace-section", heading: "S", text: content }),
          );
          expect(edited.startsWith(`${before.trim()}\n\n## S\n\n`)).toBe(true);
          expect(edited.endsWith("\n\n## T\n\nkeep\n")).toBe(true);
          expect(edited).toContain(content.trim());
        },
      ),
    );
  });

  it("appending then replacing the appended text with nothing gives back the body, trimmed", () => {
    fc.assert(
      fc.property(fc.string(), (start) => {
        const marker = "\u0000MARK\u0000";
        const appended = value(applyNoteEdit(start, { kind: "append", text: marker }));
        expect(appended.endsWith(`${marker}\n`)).toBe(true);
        expect(appended.startsWith(start.trimEnd())).toBe(true);
      }),
    );
  });
});

describe("parseSince", () => {
  const now = Date.UTC(2026, 4, 2, 12);
  it("reads durations and dates, and nothing else", () => {
    expect(parseSince("24h", now)).toBe(Date.UTC(2026, 4, 1, 12));
    expect(parseSince("7d", now)).toBe(Date.UTC(2026, 3, 25, 12));
    expect(parseSince("90m", now)).toBe(now - 90 * 60_000);
    expect(parseSince("2026-05-01", now)).toBe(Date.UTC(2026, 4, 1));
    expect(parseSince("last tuesday", now)).toBeUndefined();
    expect(parseSince("2026-13-45", now)).toBeUndefined();
  });
});
