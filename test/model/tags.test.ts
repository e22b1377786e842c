import { describe, expect, it } from "vitest";
import { dedupeTags, extractTags, isValidTagName, tagKey } from "../../src/model/tags.js";

describe("extractTags: what is a tag", () => {
  it("finds simple and namespaced tags without the #", () => {
    expect(extractTags("#topic #work #people")).toEqual(["topic", "work", "people"]);
    expect(extractTags("#area__work and #topic__design")).toEqual(["area__work", "topic__design"]);
  });

  it("finds tags on their own line and inside sentences", () => {
    expect(extractTags("intro\n#solo\nmore text #inline here")).toEqual(["solo", "inline"]);
  });

  it("ends a tag at punctuation that is not part of a name", () => {
    expect(extractTags("I like #rust. And #go, #zig! (#paren) [#bracket] {#brace}")).toEqual([
      "rust",
      "go",
      "zig",
      "paren",
      "bracket",
      "brace",
    ]);
  });

  it("accepts the listed characters before the #", () => {
    expect(extractTags("*#em* ~#strike~ > #quote >#q2 a,#comma a;#semi")).toEqual([
      "em",
      "strike",
      "quote",
      "q2",
      "comma",
      "semi",
    ]);
    expect(extractTags("tab\t#tab")).toEqual(["tab"]);
  });

  it("reads nested tags with slashes, dashes and digits", () => {
    expect(extractTags("#a/b #lang/rust/async #v2 #2024-plan #x_1")).toEqual([
      "a/b",
      "lang/rust/async",
      "v2",
      "2024-plan",
      "x_1",
    ]);
  });

  it("accepts letters of any script", () => {
    expect(extractTags("#café #日本語 #Ñandú #русский #हिन्दी #ελληνικά")).toEqual([
      "café",
      "日本語",
      "Ñandú",
      "русский",
      "हिन्दी",
      "ελληνικά",
    ]);
  });

  it("deduplicates case-insensitively, keeping the first spelling and order", () => {
    expect(extractTags("#Work #people #work #WORK #People #other")).toEqual([
      "Work",
      "people",
      "other",
    ]);
    expect(extractTags("#Café #CAFÉ #cafe\u0301")).toEqual(["Café"]);
  });
});

describe("extractTags: what is not a tag", () => {
  it("ignores headings", () => {
    expect(extractTags("# Title\n## Sub\n### Deeper #real")).toEqual(["real"]);
    expect(extractTags("#\n##\n")).toEqual([]);
  });

  it("ignores # glued to a word or symbol", () => {
    expect(
      extractTags("C# and F#, issue#12, a#b, x.#y, a=#b, \\#escaped, '#q' \"#dq\" ##double"),
    ).toEqual([]);
  });

  it("ignores all-digit names", () => {
    expect(extractTags("#123 and #42")).toEqual([]);
  });

  it("ignores hex colours but keeps all-letter words made of hex letters", () => {
    expect(extractTags("#0af #ff0000 #00ff00aa #abc1 #FFF0")).toEqual([]);
    expect(extractTags("#cafe #bad #add #beef #facade")).toEqual([
      "cafe",
      "bad",
      "add",
      "beef",
      "facade",
    ]);
    // Not 3, 4, 6 or 8 hex digits, so not a colour.
    expect(extractTags("#1234a #1a2b3c4d5")).toEqual(["1234a", "1a2b3c4d5"]);
  });

  it("ignores URL fragments and file anchors", () => {
    expect(extractTags("see https://x.io/#frag and https://x.io/a,#b and page.md#section")).toEqual(
      [],
    );
    expect(extractTags("www.x.io/#frag")).toEqual([]);
  });

  it("ignores link destinations, reference definitions and autolinks", () => {
    expect(extractTags("[jump](#section) ![img](#pic) [t]( #spaced )")).toEqual([]);
    expect(extractTags("[ref]: #target\n  [other]: #x")).toEqual([]);
    expect(extractTags("<https://x.io/a,#b> #real")).toEqual(["real"]);
  });

  it("ignores HTML entities and comments", () => {
    expect(extractTags("it&#39;s &#x27; &#128512; &#tag;")).toEqual([]);
    expect(extractTags("<!-- #hidden -->\n<!--\n#multi\n--> #shown")).toEqual(["shown"]);
  });

  it("ignores everything inside a wiki link", () => {
    expect(extractTags("[[id__Ab3xYz#section|about #work]] [[#heading]] #after")).toEqual([
      "after",
    ]);
  });
});

describe("extractTags: code", () => {
  it("ignores tags in backtick and tilde fences, with and without info strings", () => {
    const body = [
      "#before",
      "```",
      "#one",
      "```",
      "~~~",
      "#two",
      "~~~",
      "````md",
      "```",
      "#three",
      "```",
      "````",
      "   ~~~ sh",
      "# #four",
      "   ~~~",
      "#after",
    ].join("\n");
    expect(extractTags(body)).toEqual(["before", "after"]);
  });

  it("ignores tags in an unclosed fence", () => {
    expect(extractTags("#a\n```\n#b\n#c")).toEqual(["a"]);
  });

  it("ignores tags in inline code of any length", () => {
    expect(extractTags("use `#one` or ``#two ` x`` then #three")).toEqual(["three"]);
  });

  it("treats an unmatched backtick as text", () => {
    expect(extractTags("a ` b #tag")).toEqual(["tag"]);
  });

  it("reads tags right after the end of code", () => {
    expect(extractTags("`x` #yes\n```\n```\n#also")).toEqual(["yes", "also"]);
  });
});

describe("isValidTagName", () => {
  it.each(["work", "area__work", "a/b", "café", "日本語", "v2", "2024-plan", "-x", "cafe", "_"])(
    "accepts %j",
    (name) => {
      expect(isValidTagName(name)).toBe(true);
    },
  );

  it.each([
    "",
    "#work",
    "my tag",
    "123",
    "ff0000",
    "0af",
    "abc1",
    "00ff00aa",
    "a.b",
    "a,b",
    "tab\t",
    "a#b",
  ])("refuses %j", (name) => {
    expect(isValidTagName(name)).toBe(false);
  });
});

describe("tagKey and dedupeTags", () => {
  it("compares case-insensitively and independent of composition", () => {
    expect(tagKey("Work")).toBe(tagKey("WORK"));
    expect(tagKey("café")).toBe(tagKey("CAFE\u0301"));
    expect(dedupeTags(["A", "b", "a", "B", "c"])).toEqual(["A", "b", "c"]);
  });
});
