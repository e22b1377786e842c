import * as fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  END_MARKER,
  START_MARKER,
  findMarkerLines,
} from "../../../src/lifecycle/agents-md/markers.js";
import { spliceSection } from "../../../src/lifecycle/agents-md/splice-section.js";
import { markerishLines } from "./arbitraries.js";
import { errOf, okOf } from "../../helpers/result-helpers.js";

const SECTION = `${START_MARKER}\n## Memory\n\nhello\n\n${END_MARKER}`;
const OTHER = `${START_MARKER}\n## Memory\n\nchanged\n\n${END_MARKER}`;
const splice = (current: string | undefined, section = SECTION) =>
  spliceSection(current, section, "/repo/AGENTS.md");

/** Text with no marker line, e.g. hand-written AGENTS.md content. */
const plainText = markerishLines.filter((text) => findMarkerLines(text).length === 0);

describe("spliceSection", () => {
  it("creates a new file as just the section and a newline", () => {
    expect(okOf(splice(undefined))).toBe(`${SECTION}\n`);
    expect(okOf(splice(""))).toBe(`${SECTION}\n`);
  });

  it("appends to a file without markers after exactly one blank line", () => {
    expect(okOf(splice("# Rules"))).toBe(`# Rules\n\n${SECTION}\n`);
    expect(okOf(splice("# Rules\n"))).toBe(`# Rules\n\n${SECTION}\n`);
    expect(okOf(splice("# Rules\n\n"))).toBe(`# Rules\n\n${SECTION}\n`);
    // Hand-written text that only mentions the markers is not a section.
    const mentions = `Do not edit below ${START_MARKER}.\n`;
    expect(okOf(splice(mentions))).toBe(`${mentions}\n${SECTION}\n`);
  });

  it("replaces the old section and keeps the text before and after it, indentation included", () => {
    const current = `# Rules\r\n\r\n  ${START_MARKER}\nold\n<!--AGENT-MEMORY:END-->  \r\n\nAfter.\n`;
    expect(okOf(splice(current))).toBe(`# Rules\r\n\r\n  ${SECTION}  \r\n\nAfter.\n`);
  });

  it("refuses damaged markers, naming the file and the lines", () => {
    const cases = [
      `${END_MARKER}\n${START_MARKER}\n`,
      `${START_MARKER}\n${START_MARKER}\n${END_MARKER}\n`,
      `${START_MARKER}\n${END_MARKER}\n${END_MARKER}\n`,
      `a\n${START_MARKER}\nno end\n`,
      `no start\n${END_MARKER}\n`,
    ];
    for (const current of cases) {
      const error = errOf(splice(current));
      expect(error.code).toBe("INVALID_INPUT");
      expect(error.message).toContain("/repo/AGENTS.md");
      expect(error.message).toMatch(/on line \d/);
      expect(error.message).toContain("Nothing was written");
    }
  });

  it("property: every byte outside the markers is kept", () => {
    fc.assert(
      fc.property(plainText, plainText, plainText, (before, inside, after) => {
        const current = `${before}\n${START_MARKER}\n${inside}\n${END_MARKER}\n${after}`;
        expect(okOf(splice(current))).toBe(`${before}\n${SECTION}\n${after}`);
      }),
    );
  });

  it("property: text without markers is kept whole, the section after it", () => {
    fc.assert(
      fc.property(plainText, (text) => {
        const next = okOf(splice(text));
        expect(next.startsWith(text)).toBe(true);
        expect(next.endsWith(`${SECTION}\n`)).toBe(true);
      }),
    );
  });

  it("property: splicing twice is splicing once, and a new section replaces the old one in place", () => {
    fc.assert(
      fc.property(markerishLines, (text) => {
        const once = splice(text);
        // Refused only for damaged markers: anything else has no marker, or one good pair.
        const kinds = findMarkerLines(text).map((marker) => marker.kind);
        if (once.isErr()) return kinds.length !== 0 && kinds.join() !== "start,end";
        expect(okOf(splice(once.value))).toBe(once.value);
        const replaced = okOf(splice(once.value, OTHER));
        expect(replaced.replace(OTHER, SECTION)).toBe(once.value);
        expect(findMarkerLines(replaced)).toHaveLength(2);
        return true;
      }),
    );
  });
});
