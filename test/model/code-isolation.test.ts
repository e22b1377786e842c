/**
 * Property: nothing written inside fenced or inline code is ever read as a tag or a link,
 * while the tags and links around the code still are.
 */
import * as fc from "fast-check";
import { describe, expect, it } from "vitest";
import { extractLinks } from "../../src/model/links.js";
import { extractTags, tagKey } from "../../src/model/tags.js";

const OUTSIDE_ID = "id__Out000";
const INSIDE_IDS = ["id__In0000", "id__In1111", "id__In2222"] as const;

const word = fc.stringMatching(/^[a-z]{1,6}$/);

/** Text that could hold tags and links: only what matters inside code, no backticks or tildes. */
const codeContent = fc
  .array(
    fc.oneof(
      word,
      word.map((w) => `#in${w}`),
      fc.constantFrom(...INSIDE_IDS).map((id) => `[[${id}]]`),
      fc
        .tuple(fc.constantFrom(...INSIDE_IDS), word)
        .map(([id, w]) => `![[${id}#${w}|${w} #in${w}]]`),
      fc.constantFrom(" ", "  ", "#", "# ", "[[", "]]", "|", "(", ")", "<!--", "-->"),
    ),
    { minLength: 1, maxLength: 12 },
  )
  .map((parts) => parts.join(""));

const fenced = fc
  .record({
    char: fc.constantFrom("`", "~"),
    length: fc.integer({ min: 3, max: 5 }),
    indent: fc.constantFrom("", " ", "   "),
    info: fc.constantFrom("", "ts", " md title"),
    lines: fc.array(codeContent, { minLength: 0, maxLength: 4 }),
  })
  .map(({ char, length, indent, info, lines }) => {
    const fence = char.repeat(length);
    return `\n${indent}${fence}${info}\n${lines.join("\n")}${lines.length > 0 ? "\n" : ""}${indent}${fence}\n`;
  });

const inline = fc
  .record({
    ticks: fc.integer({ min: 1, max: 3 }),
    content: codeContent.map((c) => c.replaceAll("\n", " ")),
  })
  .map(({ ticks, content }) => `${"`".repeat(ticks)}${content}${"`".repeat(ticks)}`);

/** Text outside code: words plus tags and links that must be found. */
const outside = fc.oneof(
  word,
  word.map((w) => `#out${w}`),
  word.map((w) => `[[${OUTSIDE_ID}|${w}]]`),
);

describe("code isolation", () => {
  it("never extracts a tag or link from inside code", () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(outside, inline, fenced), { maxLength: 20 }),
        fc.boolean(),
        (parts, unclosedTail) => {
          // An unclosed fence at the end swallows the rest of the text: everything after is code.
          const tail = unclosedTail ? "\n```\n#intail [[id__In0000]]" : "";
          const body = parts.join(" ") + tail;
          const tags = extractTags(body);
          const links = extractLinks(body);
          expect(tags.filter((t) => t.startsWith("in"))).toEqual([]);
          expect(links.filter((l) => l.id !== OUTSIDE_ID)).toEqual([]);

          const expectedTags = new Set(
            parts.filter((p) => p.startsWith("#out")).map((p) => tagKey(p.slice(1))),
          );
          expect(new Set(tags.map(tagKey))).toEqual(expectedTags);
          expect(links.length).toBe(parts.filter((p) => p.startsWith("[[")).length);
        },
      ),
      { numRuns: 1000 },
    );
  });
});
