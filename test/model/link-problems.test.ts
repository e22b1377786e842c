import * as fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  findLinkProblems,
  titleLinkToIdLink,
  type TitleLink,
} from "../../src/model/link-problems.js";
import { extractLinks } from "../../src/model/links.js";

/** The problems as (kind, covered text) pairs, easier to read than offsets. */
function found(body: string): [string, string][] {
  return findLinkProblems(body).map((p) => [p.kind, body.slice(p.position.start, p.position.end)]);
}

describe("findLinkProblems", () => {
  it("finds title links in every shape", () => {
    const body = "[[Page]] [[Page|text]] [[Page#Heading]] [[Page#h|t]] ![[Diagram]]";
    expect(findLinkProblems(body)).toEqual([
      { kind: "title", target: "Page", embed: false, position: { start: 0, end: 8 } },
      {
        kind: "title",
        target: "Page",
        displayText: "text",
        embed: false,
        position: { start: 9, end: 22 },
      },
      {
        kind: "title",
        target: "Page",
        heading: "Heading",
        embed: false,
        position: { start: 23, end: 39 },
      },
      {
        kind: "title",
        target: "Page",
        heading: "h",
        displayText: "t",
        embed: false,
        position: { start: 40, end: 52 },
      },
      { kind: "title", target: "Diagram", embed: true, position: { start: 53, end: 65 } },
    ]);
  });

  it("finds malformed id links, with the reason", () => {
    const problems = findLinkProblems(
      "[[id__bad|x]] [[id__ABC]] [[id__Ab3xYz9Ab3xYz9Ab3]] [[id__Ab-xYz]]",
    );
    expect(problems.map((p) => (p.kind === "malformed-id" ? p.id : p.kind))).toEqual([
      "id__bad",
      "id__ABC",
      "id__Ab3xYz9Ab3xYz9Ab3",
      "id__Ab-xYz",
    ]);
    expect(problems.map((p) => (p.kind === "malformed-id" ? p.reason : ""))).toEqual([
      '"id__bad" has 3 characters after id__, not 6 to 16',
      '"id__ABC" has 3 characters after id__, not 6 to 16',
      '"id__Ab3xYz9Ab3xYz9Ab3" has 17 characters after id__, not 6 to 16',
      '"id__Ab-xYz" holds characters other than [0-9A-Za-z]',
    ]);
  });

  it("reports an id link followed by stray text", () => {
    expect(found("[[id__Ab3xYz x]]")).toEqual([["malformed-id", "[[id__Ab3xYz x]]"]]);
  });

  it("leaves valid id links, links in code, unclosed and empty links alone", () => {
    const body =
      "[[id__Ab3xYz|ok]] ![[id__Ab3xYz#a]] `[[Page]]`\n\n```\n[[Page]]\n```\n\n    [[Page]]\n\n" +
      "[[Page\n]] [[]] [[#heading]] [[ | x]]";
    expect(found(body)).toEqual([]);
  });

  it("reads up to the first ]] like id links do", () => {
    expect(found("[[a [b]]] [[c]]")).toEqual([
      ["title", "[[a [b]]"],
      ["title", "[[c]]"],
    ]);
  });
});

/** Rewrites the index-th title link of `body` to id__Kf9mNp. */
function rewrite(body: string, index = 0): string | undefined {
  const link = findLinkProblems(body)[index];
  if (link?.kind !== "title") throw new Error(`no title link in ${body}`);
  return titleLinkToIdLink(body, link, "id__Kf9mNp");
}

describe("titleLinkToIdLink", () => {
  it("keeps the text the reader saw, the heading as anchor, and the embed mark", () => {
    expect(rewrite("see [[Igor]] now")).toBe("see [[id__Kf9mNp|Igor]] now");
    expect(rewrite("see [[Igor|him]]")).toBe("see [[id__Kf9mNp|him]]");
    expect(rewrite("see [[Igor#CV|his cv]]")).toBe("see [[id__Kf9mNp#CV|his cv]]");
    expect(rewrite("![[Diagram]]")).toBe("![[id__Kf9mNp|Diagram]]");
    expect(rewrite("[[a]] [[b]]", 1)).toBe("[[a]] [[id__Kf9mNp|b]]");
  });

  it("refuses an invalid id, a body that changed, or text that cannot be display text", () => {
    const body = "see [[Igor]]";
    const [link] = findLinkProblems(body);
    if (link?.kind !== "title") throw new Error("no link");
    expect(titleLinkToIdLink(body, link, "id__bad")).toBeUndefined();
    expect(titleLinkToIdLink("see [[Olga]]", link, "id__Kf9mNp")).toBeUndefined();
    expect(titleLinkToIdLink("xx [[Igor]]", link, "id__Kf9mNp")).toBeUndefined();
    expect(rewrite("[[a `b]] c")).toBeUndefined();
  });

  it("writes a link that extractLinks reads back, changing nothing else", () => {
    const page = fc.stringMatching(/^[A-Za-z][A-Za-z0-9 .-]{0,15}$/);
    fc.assert(
      fc.property(
        page,
        fc.option(page),
        fc.option(page),
        fc.boolean(),
        (target, heading, text, embed) => {
          const raw = `${embed ? "!" : ""}[[${target}${heading === null ? "" : `#${heading}`}${text === null ? "" : `|${text}`}]]`;
          const body = `before ${raw} after`;
          const link = findLinkProblems(body)[0] as TitleLink | undefined;
          if (link === undefined) return; // a page name of only spaces names nothing
          const out = titleLinkToIdLink(body, link, "id__Kf9mNp");
          expect(out).toBeDefined();
          const [idLink] = extractLinks(out ?? "");
          expect(idLink?.id).toBe("id__Kf9mNp");
          expect(idLink?.embed).toBe(embed);
          expect(idLink?.displayText).toBe(link.displayText ?? link.target);
          expect(idLink?.anchor).toBe(link.heading);
          expect(out?.startsWith("before ")).toBe(true);
          expect(out?.endsWith(" after")).toBe(true);
          expect(findLinkProblems(out ?? "")).toEqual([]);
        },
      ),
    );
  });
});
