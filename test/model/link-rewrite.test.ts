import * as fc from "fast-check";
import { describe, expect, it } from "vitest";
import { replaceLink, replaceLinkText, unlinkId } from "../../src/model/link-rewrite.js";
import { extractLinks, isValidDisplayText, linkIdOffset } from "../../src/model/links.js";

const OLD = "id__Ab3xYz";
const NEW = "id__Zz9Zz9";
const OTHER = "id__Kf9mNp";

describe("replaceLink", () => {
  it("repoints every form of link and keeps text, anchors and embeds", () => {
    const body = `a [[${OLD}|Bob]] b [[${OLD}]] c ![[${OLD}#cv|CV]] d [[${OTHER}|Ann]]`;
    expect(replaceLink(body, OLD, NEW)).toBe(
      `a [[${NEW}|Bob]] b [[${NEW}]] c ![[${NEW}#cv|CV]] d [[${OTHER}|Ann]]`,
    );
  });

  it("leaves links in code untouched", () => {
    const body = `\`[[${OLD}]]\`\n\`\`\`\n[[${OLD}]]\n\`\`\`\n[[${OLD}]]`;
    expect(replaceLink(body, OLD, NEW)).toBe(
      `\`[[${OLD}]]\`\n\`\`\`\n[[${OLD}]]\n\`\`\`\n[[${NEW}]]`,
    );
  });

  it("leaves a bare mention of the id alone", () => {
    const body = `${OLD} and [${OLD}] and [[${OLD}`;
    expect(replaceLink(body, OLD, NEW)).toBe(body);
  });

  it("accepts ids without the prefix", () => {
    expect(replaceLink(`[[${OLD}]]`, "Ab3xYz", "Zz9Zz9")).toBe(`[[${NEW}]]`);
  });

  it("refuses to write an invalid id", () => {
    const body = `[[${OLD}]]`;
    expect(replaceLink(body, OLD, "id__bad")).toBe(body);
  });

  it("changes no byte outside the ids of links to the old id", () => {
    const token = fc.oneof(
      fc.string({ unit: "grapheme", maxLength: 8 }),
      fc.constantFrom("\n", "\n\n", "`", "``", "\n```\n", "\n~~~\n", "[[", "]]", "|", "#", "!"),
      fc
        .record({
          embed: fc.boolean(),
          id: fc.constantFrom(OLD, OTHER, NEW, "id__Ab3xY"),
          anchor: fc.option(fc.stringMatching(/^[a-z ]{0,5}$/), { nil: undefined }),
          text: fc.option(fc.string({ maxLength: 6 }), { nil: undefined }),
        })
        .map(
          ({ embed, id, anchor, text }) =>
            `${embed ? "!" : ""}[[${id}${anchor === undefined ? "" : `#${anchor}`}${text === undefined ? "" : `|${text}`}]]`,
        ),
    );
    fc.assert(
      fc.property(fc.array(token, { maxLength: 25 }), (tokens) => {
        const body = tokens.join("");
        const result = replaceLink(body, OLD, NEW);
        expect(result.length).toBe(body.length);
        const allowed = new Set<number>();
        for (const link of extractLinks(body)) {
          if (link.id !== OLD) continue;
          const at = linkIdOffset(link);
          for (let i = at + 4; i < at + 10; i++) allowed.add(i);
        }
        const changed = Array.from({ length: body.length }, (_, i) => i).filter(
          (i) => result[i] !== body[i],
        );
        expect(changed.filter((i) => !allowed.has(i))).toEqual([]);
        expect(extractLinks(result).some((l) => l.id === OLD)).toBe(false);
      }),
      { numRuns: 500 },
    );
  });
});

describe("replaceLinkText", () => {
  it("follows the old title and keeps custom text", () => {
    const body = `[[${OLD}|Old Title]] and [[${OLD}|my own words]] and [[${OLD}]]`;
    expect(replaceLinkText(body, OLD, "Old Title", "New Title")).toEqual({
      body: `[[${OLD}|New Title]] and [[${OLD}|my own words]] and [[${OLD}]]`,
      count: 1,
    });
  });

  it("keeps anchors and embeds, and counts every changed link", () => {
    const body = `![[${OLD}#x|Old]] [[${OLD}|Old]] [[${OTHER}|Old]]`;
    expect(replaceLinkText(body, OLD, "Old", "New")).toEqual({
      body: `![[${OLD}#x|New]] [[${OLD}|New]] [[${OTHER}|Old]]`,
      count: 2,
    });
  });

  it("matches the display text exactly", () => {
    const body = `[[${OLD}|old]] [[${OLD}|Old ]]`;
    expect(replaceLinkText(body, OLD, "Old", "New")).toEqual({ body, count: 0 });
  });

  it("does not touch links without display text even when the id equals the old text", () => {
    const body = `[[${OLD}]]`;
    expect(replaceLinkText(body, OLD, OLD, "New")).toEqual({ body, count: 0 });
  });

  it("leaves links in code untouched", () => {
    const body = `\`[[${OLD}|Old]]\`\n~~~\n[[${OLD}|Old]]\n~~~\n[[${OLD}|Old]]`;
    expect(replaceLinkText(body, OLD, "Old", "New")).toEqual({
      body: `\`[[${OLD}|Old]]\`\n~~~\n[[${OLD}|Old]]\n~~~\n[[${OLD}|New]]`,
      count: 1,
    });
  });

  it("handles display texts with special characters and different lengths", () => {
    const body = `x [[${OLD}|Café — «x» | y]] z [[${OLD}|Café — «x» | y]]`;
    const result = replaceLinkText(body, OLD, "Café — «x» | y", "B");
    expect(result).toEqual({ body: `x [[${OLD}|B]] z [[${OLD}|B]]`, count: 2 });
  });

  it("changes nothing when the new text could not be read back", () => {
    const body = `[[${OLD}|Old]]`;
    for (const bad of ["", "a\nb", "a]]b", "see [x]", "odd ` tick"]) {
      expect(replaceLinkText(body, OLD, "Old", bad)).toEqual({ body, count: 0 });
    }
  });

  it("produces links that read back with the new text", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme", minLength: 1, maxLength: 20 }), (text) => {
        const body = `see [[${OLD}|Old]] and more`;
        const result = replaceLinkText(body, OLD, "Old", text);
        const writable = isValidDisplayText(text);
        expect(result.count).toBe(writable ? 1 : 0);
        expect(extractLinks(result.body)[0]?.displayText).toBe(writable ? text : "Old");
      }),
    );
  });
});

describe("unlinkId", () => {
  it("turns links to one id into their text, the fallback when they have none, outside code only", () => {
    const body =
      "as [[id__Ab3xYz|Bob]] said, see ![[id__Ab3xYz#cv]] and [[id__Zz9Zz9|Al]]; `[[id__Ab3xYz|code]]`";
    expect(unlinkId(body, "id__Ab3xYz", "Bob's note")).toBe(
      "as Bob said, see Bob's note and [[id__Zz9Zz9|Al]]; `[[id__Ab3xYz|code]]`",
    );
  });
});
