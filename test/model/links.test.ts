import { describe, expect, it } from "vitest";
import { extractLinks, isValidDisplayText, linkIdOffset } from "../../src/model/links.js";

const A = "id__Ab3xYz";
const B = "id__Kf9mNp";

describe("extractLinks: forms", () => {
  it("reads the full form with display text", () => {
    const body = `works on the [[${A}|console app]] daily`;
    expect(extractLinks(body)).toEqual([
      {
        id: A,
        displayText: "console app",
        hasDisplayText: true,
        embed: false,
        position: { start: 13, end: 39 },
      },
    ]);
  });

  it("defaults the display text to the id in the short form", () => {
    expect(extractLinks(`[[${A}]]`)).toEqual([
      {
        id: A,
        displayText: A,
        hasDisplayText: false,
        embed: false,
        position: { start: 0, end: 14 },
      },
    ]);
  });

  it("reads an anchor without its #", () => {
    const [withText, bare] = extractLinks(`[[${A}#section|text]] [[${B}#Part 2]]`);
    expect(withText).toMatchObject({
      id: A,
      anchor: "section",
      displayText: "text",
      hasDisplayText: true,
    });
    expect(bare).toMatchObject({ id: B, anchor: "Part 2", displayText: B, hasDisplayText: false });
    expect(extractLinks(`[[${A}]]`)[0]).not.toHaveProperty("anchor");
  });

  it("reads embeds, whose position starts at the !", () => {
    const body = `x ![[${A}]] ![[${B}#top|shown]]`;
    const links = extractLinks(body);
    expect(links.map((l) => [l.embed, body.slice(l.position.start, l.position.end)])).toEqual([
      [true, `![[${A}]]`],
      [true, `![[${B}#top|shown]]`],
    ]);
  });

  it("positions cover exactly the token", () => {
    const body = `a [[${A}|one]] b [[${B}]] c ![[${A}#x|y]]`;
    expect(extractLinks(body).map((l) => body.slice(l.position.start, l.position.end))).toEqual([
      `[[${A}|one]]`,
      `[[${B}]]`,
      `![[${A}#x|y]]`,
    ]);
  });

  it("finds several links on one line, in order", () => {
    const links = extractLinks(`[[${A}|a]][[${B}|b]] and [[${A}]]`);
    expect(links.map((l) => [l.id, l.displayText])).toEqual([
      [A, "a"],
      [B, "b"],
      [A, A],
    ]);
  });

  it("keeps special characters in the display text", () => {
    const text = "Ünïcödé — «quotes» | pipes, #hash, `tick`, & ampersand [single]x 😀";
    expect(extractLinks(`[[${A}|${text}]]`)[0]?.displayText).toBe(text);
  });

  it("ends a link at the first ]] (brackets do not nest)", () => {
    const body = `[[${A}|see [x]]]`;
    const [link] = extractLinks(body);
    expect(link?.displayText).toBe("see [x");
    expect(link?.position).toEqual({ start: 0, end: body.length - 1 });
  });

  it("finds a link nested in stray brackets", () => {
    expect(extractLinks(`[[[${A}]]] and [[ [[${B}]] ]]`).map((l) => l.id)).toEqual([A, B]);
  });

  it("treats an empty display text as none", () => {
    expect(extractLinks(`[[${A}|]]`)[0]).toMatchObject({ displayText: A, hasDisplayText: false });
  });
});

describe("extractLinks: ignored", () => {
  it.each([
    ["unclosed", `[[${A}|text`],
    ["single closing bracket", `[[${A}]`],
    ["single opening bracket", `[${A}]]`],
    ["five-character id", "[[id__Ab3xY]]"],
    ["seventeen-character id", "[[id__Ab3xYzQAb3xYzQAb3]]"],
    ["bad character in id", "[[id__Ab3-Yz]]"],
    ["missing prefix", "[[Ab3xYz]]"],
    ["wrong prefix case", "[[ID__Ab3xYz]]"],
    ["space before id", `[[ ${A}]]`],
    ["display text over a newline", `[[${A}|two\nlines]]`],
    ["anchor over a newline", `[[${A}#a\nb]]`],
    ["markdown link", `[text](${A})`],
  ])("%s", (_, body) => {
    expect(extractLinks(body)).toEqual([]);
  });

  it("ignores links in fenced code of every kind", () => {
    const body = [
      "```",
      `[[${A}]]`,
      "```",
      "~~~md",
      `[[${A}|x]]`,
      "~~~",
      "````",
      "```",
      `![[${A}]]`,
      "```",
      "````",
      `[[${B}]]`,
    ].join("\n");
    expect(extractLinks(body).map((l) => l.id)).toEqual([B]);
  });

  it("ignores links in an unclosed fence", () => {
    expect(extractLinks(`[[${B}]]\n\`\`\`\n[[${A}]]`).map((l) => l.id)).toEqual([B]);
  });

  it("ignores links in inline code", () => {
    expect(
      extractLinks(`\`[[${A}]]\` and \`\`x [[${A}]] \`\` and [[${B}]]`).map((l) => l.id),
    ).toEqual([B]);
  });

  it("keeps a link whose display text holds inline code", () => {
    expect(extractLinks(`[[${A}|the \`--force\` flag]]`)[0]?.displayText).toBe(
      "the `--force` flag",
    );
  });

  it("does not make a ! inside code an embed marker", () => {
    expect(extractLinks(`\`!\`[[${A}]]`)[0]?.embed).toBe(false);
  });
});

describe("helpers", () => {
  it("linkIdOffset points at the id", () => {
    const body = `x ![[${A}]] [[${B}|b]]`;
    for (const link of extractLinks(body)) {
      const at = linkIdOffset(link);
      expect(body.slice(at, at + 10)).toBe(link.id);
    }
  });

  it("isValidDisplayText refuses what would not read back", () => {
    expect(isValidDisplayText("console app")).toBe(true);
    expect(isValidDisplayText("use `npm ci` first")).toBe(true);
    expect(isValidDisplayText("")).toBe(false);
    expect(isValidDisplayText("a\nb")).toBe(false);
    expect(isValidDisplayText("a]]b")).toBe(false);
    expect(isValidDisplayText("see [x]")).toBe(false);
    expect(isValidDisplayText("a ` b")).toBe(false);
  });
});
