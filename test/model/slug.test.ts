import * as fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MAX_SLUG_BYTES, MAX_SLUG_LENGTH, readableSlug, slugify } from "../../src/model/slug.js";

// Letters, marks and digits of any script, in runs joined by single "-"; no capitals.
const SLUG_SHAPE = /^[\p{L}\p{M}\p{N}]+(-[\p{L}\p{M}\p{N}]+)*$/u;
// Control characters are ruled out by SLUG_SHAPE: they are not letters, marks or digits.
const FORBIDDEN = /[<>:"/\\|?*\s.]/;
const WINDOWS_RESERVED = /^(con|prn|aux|nul|com[0-9]|lpt[0-9])$/i;

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
    ["日本語のメモ", "日本語のメモ"],
    ["Привет, Мир", "привет-мир"],
    ["Ελληνικά Νέα", "ελληνικά-νέα"],
    ["हिन्दी लेख", "हिन्दी-लेख"],
    ["ภาษาไทย", "ภาษาไทย"],
    ["한국어 노트", "한국어-노트"],
    ["العربية: ملاحظة", "العربية-ملاحظة"],
    ["Ｆｕｌｌ　Ｗｉｄｔｈ", "full-width"],
    ["می‌خواهم", "میخواهم"],
    ["CON", "con-note"],
    ["lpt1", "lpt1-note"],
    ["a.b. ", "a-b"],
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

  it("always yields a lowercase kebab slug, safe on every file system, within the limits", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 200 }), (title) => {
        const slug = slugify(title);
        expect(slug).toMatch(SLUG_SHAPE);
        expect(slug).not.toMatch(FORBIDDEN);
        expect(slug).not.toMatch(WINDOWS_RESERVED);
        expect(slug).toBe(slug.toLowerCase());
        expect(slug).toBe(slug.normalize("NFC"));
        expect([...slug].length).toBeLessThanOrEqual(MAX_SLUG_LENGTH);
        expect(new TextEncoder().encode(slug).length).toBeLessThanOrEqual(MAX_SLUG_BYTES);
      }),
      { numRuns: 1000 },
    );
  });

  it("cuts a long slug of a multi-byte script by bytes, at a word or grapheme boundary", () => {
    const slug = slugify("日本語".repeat(30));
    expect(slug).toBe("日本語".repeat(13) + "日");
    expect(new TextEncoder().encode(slug).length).toBe(120);
    // A Devanagari cluster (consonant + virama + consonant) is never split.
    const hindi = slugify("क्ष".repeat(50));
    expect(hindi.length % 3).toBe(0);
  });

  it("keeps only untitled for a title with no letter or digit", () => {
    expect(slugify("\u200d\u0301 --- ！")).toBe("untitled");
  });

  it("drops a mark on a letter it transliterates (found by the property below: Ǣ, ǽ, ǿ)", () => {
    expect(slugify("Ǣ")).toBe("ae");
    expect(slugify("ǽ")).toBe("ae");
    expect(slugify("Ǿ")).toBe("o");
    for (const title of ["Ǣ", "ǽ", "Ǿ"]) expect(slugify(slugify(title))).toBe(slugify(title));
  });

  it("is stable: slugifying a slug changes nothing", () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ unit: "grapheme", maxLength: 120 }),
          fc.string({ unit: "binary", maxLength: 120 }),
        ),
        (title) => {
          const slug = slugify(title);
          expect(slugify(slug)).toBe(slug);
        },
      ),
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
