import * as fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readableSlug, slugify } from "../../src/model/slug.js";

const SLUG_SHAPE = /^[a-z0-9]+(-[a-z0-9]+)*$/;

describe("slugify", () => {
  it.each([
    ["Igor — fullstack developer, design expertise", "igor-fullstack-developer-design-expertise"],
    ["Café Ñandú", "cafe-nandu"],
    ["Straße", "strasse"],
    ["Æble Øl Œuvre", "aeble-ol-oeuvre"],
    ["Đorđe Łódź Þór", "dorde-lodz-thor"],
    ["İstanbul", "istanbul"],
    ["ﬁle №5", "file-no5"],
    ["  --Hello,   World!!  ", "hello-world"],
    ["C# & TypeScript", "c-typescript"],
    ["v2.0 release", "v2-0-release"],
    ["a_b", "a-b"],
    ["日本語", "untitled"],
    ["", "untitled"],
    ["!!!", "untitled"],
    ["😀 emoji first", "emoji-first"],
  ])("%j → %j", (title, slug) => {
    expect(slugify(title)).toBe(slug);
  });

  it("cuts a long slug at the last word boundary within 60 characters", () => {
    const title = "alpha beta gamma delta epsilon zeta eta theta iota kappa lambda mu nu";
    const slug = slugify(title);
    expect(slug).toBe("alpha-beta-gamma-delta-epsilon-zeta-eta-theta-iota-kappa");
    expect(slug.length).toBeLessThanOrEqual(60);
  });

  it("keeps a word that ends exactly at 60 characters", () => {
    const sixty = `${"a".repeat(29)} ${"b".repeat(30)}`;
    expect(slugify(`${sixty} more`)).toBe(`${"a".repeat(29)}-${"b".repeat(30)}`);
  });

  it("cuts a single word longer than 60 characters hard", () => {
    expect(slugify("x".repeat(100))).toBe("x".repeat(60));
    expect(slugify(`${"x".repeat(100)} tail`)).toBe("x".repeat(60));
  });

  it("always yields a kebab-case ASCII slug of at most 60 characters", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 200 }), (title) => {
        const slug = slugify(title);
        expect(slug).toMatch(SLUG_SHAPE);
        expect(slug.length).toBeLessThanOrEqual(60);
      }),
      { numRuns: 500 },
    );
  });

  it("is stable: slugifying a slug changes nothing", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme", maxLength: 120 }), (title) => {
        const slug = slugify(title);
        expect(slugify(slug)).toBe(slug);
      }),
    );
  });
});

describe("readableSlug", () => {
  it("turns dashes into spaces", () => {
    expect(readableSlug("igor-fullstack-dev")).toBe("igor fullstack dev");
    expect(readableSlug("single")).toBe("single");
  });

  it("collapses empty parts", () => {
    expect(readableSlug("-a--b-")).toBe("a b");
    expect(readableSlug("")).toBe("");
  });
});
