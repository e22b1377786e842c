import { describe, expect, it } from "vitest";
import {
  findCodeRanges,
  isInsideRanges,
  mergeRanges,
  overlapsRanges,
  type TextRange,
} from "../../../src/model/markdown/code-ranges.js";

/** The text each range covers, easier to read than offsets. */
function covered(text: string): string[] {
  return findCodeRanges(text).map((r) => text.slice(r.start, r.end));
}

describe("findCodeRanges: fenced blocks", () => {
  it("finds a backtick fence from its opening line to its closing line", () => {
    expect(covered("a\n```\ncode\n```\nb")).toEqual(["```\ncode\n```"]);
  });

  it("finds tilde fences and longer fences", () => {
    expect(covered("~~~\nx\n~~~")).toEqual(["~~~\nx\n~~~"]);
    expect(covered("````\n```\nx\n````\nafter")).toEqual(["````\n```\nx\n````"]);
  });

  it("accepts info strings and up to three spaces of indent", () => {
    expect(covered("   ```ts title\nx\n   ```")).toEqual(["   ```ts title\nx\n   ```"]);
    expect(covered("~~~ js `weird`\nx\n~~~")).toEqual(["~~~ js `weird`\nx\n~~~"]);
  });

  it("reads a fence indented by four spaces as an indented code block, like CommonMark", () => {
    expect(covered("    ```\n#x")).toEqual(["    ```"]);
    expect(covered("a\n\n    ```\n#x\n    ```")).toEqual(["    ```"]);
  });

  it("finds indented code blocks, after a blank line, with four spaces or a tab", () => {
    expect(covered("a\n\n    #x\n\tb\n\nc")).toEqual(["    #x\n\tb"]);
    // Four spaces that continue a paragraph are not code.
    expect(covered("a\n    #x")).toEqual([]);
  });

  it("finds fences inside list items and block quotes", () => {
    expect(covered("- a\n\n  ```\n  #x\n  ```\n- b")).toEqual(["  ```\n  #x\n  ```"]);
    expect(covered("> ```\n> #x\n> ```")).toEqual([" ```\n> #x\n> ```"]);
  });

  it("closes a fence with a longer or indented fence", () => {
    expect(covered("```\n#x\n  `````\nafter")).toEqual(["```\n#x\n  `````"]);
  });

  it("lets a backslash escape a backtick outside code, not inside", () => {
    // The escaped backtick opens nothing; the next two pair up.
    expect(covered("\\`#x` `a b")).toEqual(["` `"]);
    // Inside a span a backslash is literal, so it cannot escape the closing backtick.
    expect(covered("`a\\` #x`")).toEqual(["`a\\`"]);
  });

  it("runs an unclosed fence to the end of the text", () => {
    expect(covered("a\n```\n#x\n[[id__Ab3xYz]]")).toEqual(["```\n#x\n[[id__Ab3xYz]]"]);
  });

  it("handles CRLF line endings", () => {
    expect(covered("```\r\nx\r\n```\r\nafter")).toEqual(["```\r\nx\r\n```"]);
  });
});

describe("findCodeRanges: inline code", () => {
  it("pairs runs of equal length", () => {
    expect(covered("a `x` b ``y ` z`` c")).toEqual(["`x`", "``y ` z``"]);
  });

  it("treats an unmatched run as literal text", () => {
    expect(covered("a ` b ``c`` d")).toEqual(["``c``"]);
    expect(covered("x `` not closed")).toEqual([]);
  });

  it("spans lines within a paragraph but not across a blank line", () => {
    expect(covered("a `b\nc` d")).toEqual(["`b\nc`"]);
    expect(covered("a `b\n\nc` d")).toEqual([]);
  });

  it("does not cross a heading line or a fence", () => {
    expect(covered("a `b\n# T\nc` d")).toEqual([]);
    expect(covered("a `b\n```\nx\n```\nc` d")).toEqual(["```\nx\n```"]);
  });

  it("finds spans inside a heading line", () => {
    expect(covered("# Use `#x`")).toEqual(["`#x`"]);
  });

  it("returns sorted, non-overlapping ranges", () => {
    const text = "`a` x\n```\n`b`\n```\n``c`` `d`\n\n~~~\n~~~\n`e`";
    const ranges = findCodeRanges(text);
    for (let i = 1; i < ranges.length; i++) {
      const previous = ranges[i - 1];
      const current = ranges[i];
      expect(previous && current && previous.end <= current.start).toBe(true);
    }
    expect(ranges.map((r) => text.slice(r.start, r.end))).toEqual([
      "`a`",
      "```\n`b`\n```",
      "``c``",
      "`d`",
      "~~~\n~~~",
      "`e`",
    ]);
  });

  it("finds nothing in an empty text", () => {
    expect(findCodeRanges("")).toEqual([]);
  });
});

describe("range helpers", () => {
  const ranges: TextRange[] = [
    { start: 2, end: 4 },
    { start: 10, end: 12 },
  ];

  it("isInsideRanges uses half-open ranges", () => {
    expect([1, 2, 3, 4, 9, 10, 11, 12].map((o) => isInsideRanges(ranges, o))).toEqual([
      false,
      true,
      true,
      false,
      false,
      true,
      true,
      false,
    ]);
    expect(isInsideRanges([], 0)).toBe(false);
  });

  it("overlapsRanges detects any shared offset", () => {
    expect(overlapsRanges(ranges, 0, 2)).toBe(false);
    expect(overlapsRanges(ranges, 0, 3)).toBe(true);
    expect(overlapsRanges(ranges, 4, 10)).toBe(false);
    expect(overlapsRanges(ranges, 5, 20)).toBe(true);
  });

  it("mergeRanges sorts and merges overlapping or touching ranges", () => {
    expect(
      mergeRanges([
        { start: 8, end: 9 },
        { start: 0, end: 3 },
        { start: 2, end: 5 },
        { start: 5, end: 6 },
      ]),
    ).toEqual([
      { start: 0, end: 6 },
      { start: 8, end: 9 },
    ]);
  });
});
