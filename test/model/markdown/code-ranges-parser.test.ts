/**
 * Property: on random markdown, the code ranges found (fast path and scanner included) are
 * exactly the ones a CommonMark parser finds.
 */
import * as fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parsedCodeRanges } from "../../../src/model/markdown/code-ranges-parsed.js";
import { simpleCodeRanges } from "../../../src/model/markdown/code-ranges-simple.js";
import { findCodeRanges } from "../../../src/model/markdown/code-ranges.js";

const word = fc.constantFrom("a", "foo", "#tag", "[[id__Ab3xYz|x]]", "C#", "it`s", "x*y*", "_z_");

/** Pieces of markdown: block starts, spans, escapes, HTML, links, odd whitespace. */
const fragment = fc.oneof(
  { weight: 6, arbitrary: word },
  { weight: 4, arbitrary: fc.constantFrom("`", "``", "```", "`x`", "``a ` b``", "\\`", "\\\\`") },
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      "- ",
      "* ",
      "+ ",
      "1. ",
      "2. ",
      "10) ",
      "-",
      "1.",
      "  ",
      "   ",
      "    ",
      "\t",
      "> ",
      "# ",
      "## ",
      "===",
      "---",
      "--",
      "***",
      "~~~",
      "```js",
    ),
  },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      "<div>",
      "</div>",
      '<a href="`">',
      "<http://a`b>",
      "<!-- ` -->",
      "[a](`b`)",
      '[a](b "`t`")',
      "](",
      "[ref]: /u",
      "[ref]",
      "&#96;",
      "\r\n",
      "\r",
      ">     x",
      "> >     x",
      "-     x",
      "1.     x",
      "-  -    x",
      "\n    x",
    ),
  },
);

const separator = fc.constantFrom(" ", "\n", "\n\n", "", "\n  ", "\n   ");

const markdown = fc
  .array(fc.tuple(fragment, separator), { maxLength: 24 })
  .map((parts) => parts.map(([piece, sep]) => piece + sep).join(""));

/** Markdown the scanner is meant to take: paragraphs, headings, lists, fences, spans, escapes. */
const plainMarkdown = fc
  .array(
    fc.tuple(
      fc.oneof(
        word,
        fc.constantFrom(
          "`",
          "``",
          "`x`",
          "\\`",
          "- ",
          "* ",
          "1. ",
          "2. ",
          "3) ",
          "# ",
          "#\t",
          "---",
          "-\t-\t-",
          "_\t_ _",
          "a\tb",
          "a    b",
          "-\t",
          "1.\t",
          "\t",
          "    ",
          "```",
          "```js",
          "````",
          "~~~",
          "~~~~ x",
          " ```",
          "  ```",
          "   ~~~",
          "``` a`b",
          "```  ",
        ),
      ),
      fc.constantFrom(" ", "\n", "\n\n", "\n  ", "\n   ", "\n "),
    ),
    { maxLength: 30 },
  )
  .map((parts) => parts.map(([piece, sep]) => piece + sep).join(""));

describe("findCodeRanges against the parser", () => {
  it("agrees on random markdown", () => {
    fc.assert(
      fc.property(markdown, (text) => {
        expect(findCodeRanges(text)).toEqual(parsedCodeRanges(text));
      }),
      { numRuns: 3000 },
    );
  });

  it("agrees on plain notes, where the fast scanner answers", () => {
    let answered = 0;
    fc.assert(
      fc.property(plainMarkdown, (text) => {
        const scanned = simpleCodeRanges(text);
        if (scanned !== undefined) answered++;
        expect(scanned ?? parsedCodeRanges(text)).toEqual(parsedCodeRanges(text));
      }),
      { numRuns: 3000 },
    );
    // The scanner must take most plain notes, or the fast path is not worth having.
    expect(answered).toBeGreaterThan(1000);
  });
});
