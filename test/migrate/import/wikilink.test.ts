import * as fc from "fast-check";
import { describe, expect, it } from "vitest";
import { linkedBody } from "../../../src/migrate/import/linked-body.js";
import {
  findWikilinks,
  parseLinkText,
  renderWikilink,
  visibleText,
} from "../../../src/migrate/import/wikilink.js";

/** A trimmed, non-empty link part holding none of `forbidden`, not ending in a backslash. */
function part(forbidden: RegExp) {
  return fc
    .string({ minLength: 1, maxLength: 12 })
    .map((s) => s.trim())
    .filter((s) => s !== "" && !forbidden.test(s) && !s.endsWith("\\"));
}

describe("findWikilinks", () => {
  it("reads every Obsidian link form into its parts", () => {
    const text = [
      "[[Note]] [[Note|shown]] [[Note#Heading]] [[Note#^block|b]]",
      "![[Embedded]] [[folder/Note]] [[Note.md]] | [[Table\\|cell]] |",
      "[[Help#Questions#Report bugs]] [[#Local|here]] [[Sq]uare]]",
    ].join("\n");
    const links = findWikilinks(text).map(({ embed, path, subpath, alias }) => ({
      embed,
      path,
      subpath,
      alias,
    }));
    expect(links).toEqual([
      { embed: false, path: "Note", subpath: undefined, alias: undefined },
      { embed: false, path: "Note", subpath: undefined, alias: "shown" },
      { embed: false, path: "Note", subpath: "Heading", alias: undefined },
      { embed: false, path: "Note", subpath: "^block", alias: "b" },
      { embed: true, path: "Embedded", subpath: undefined, alias: undefined },
      { embed: false, path: "folder/Note", subpath: undefined, alias: undefined },
      { embed: false, path: "Note.md", subpath: undefined, alias: undefined },
      { embed: false, path: "Table", subpath: undefined, alias: "cell" },
      { embed: false, path: "Help", subpath: "Questions#Report bugs", alias: undefined },
      { embed: false, path: "", subpath: "Local", alias: "here" },
      // Obsidian ends a link at the first `]]`, not at a single `]` (observed on 1.13.7).
      { embed: false, path: "Sq]uare", subpath: undefined, alias: undefined },
    ]);
  });

  it("skips links in code and links that name nothing", () => {
    const text = "`[[Inline]]`\n\n```\n[[Fenced]]\n```\n\n    [[Indented]]\n\n[[ ]] [[Real]]";
    expect(findWikilinks(text).map((link) => link.path)).toEqual(["Real"]);
  });

  it("shows what Obsidian's reading view shows", () => {
    expect(visibleText({ path: "Note" })).toBe("Note");
    expect(visibleText({ path: "Note", subpath: "A#B" })).toBe("Note > A > B");
    expect(visibleText({ path: "Note", subpath: "^x1", alias: "it" })).toBe("it");
    expect(visibleText({ path: "", subpath: "Local" })).toBe("Local");
  });

  it("gives each link's exact source text at its offset, in order, never overlapping", () => {
    const piece = fc.oneof(
      fc.constantFrom("[[", "]]", "!", "|", "#", "\\", "`", "\n", "```\n", "[[A]]", "[[B|c]]", " "),
      fc.string({ maxLength: 6 }),
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 25 }), (pieces) => {
        const text = pieces.join("");
        let end = 0;
        for (const link of findWikilinks(text)) {
          expect(link.start).toBeGreaterThanOrEqual(end);
          expect(text.slice(link.start, link.start + link.raw.length)).toBe(link.raw);
          end = link.start + link.raw.length;
        }
      }),
    );
  });

  it("parses what it renders (a round trip over the parts)", () => {
    fc.assert(
      fc.property(
        fc.boolean(),
        part(/[[\]|#\n]/),
        fc.option(part(/[\]|\n]|^#|#$|##/), { nil: undefined }),
        fc.option(part(/[\]\n]/), { nil: undefined }),
        (embed, path, subpath, alias) => {
          const link = {
            embed,
            path,
            ...(subpath === undefined ? {} : { subpath }),
            ...(alias === undefined ? {} : { alias }),
          };
          const [found] = findWikilinks(renderWikilink(link));
          expect(found).toMatchObject(link);
          expect(parseLinkText(renderWikilink({ ...link, embed: false }).slice(2, -2))).toEqual({
            path,
            ...(subpath === undefined ? {} : { subpath }),
            ...(alias === undefined ? {} : { alias }),
          });
        },
      ),
    );
  });

  it("never drops text: a body that keeps each link as written is the source", () => {
    const piece = fc.oneof(
      fc.constantFrom("[[", "]]", "![[N]]", "[t](N.md)", "](", "`", "\n", "[[A|b]]", "<x>"),
      fc.string({ maxLength: 8 }),
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 25 }), (pieces) => {
        const text = pieces.join("");
        const body = linkedBody(text, (token) => token.link.raw);
        expect(body.join("")).toBe(text);
      }),
    );
  });
});
