import * as fc from "fast-check";
import { ok } from "neverthrow";
import { describe, expect, it } from "vitest";
import { buildFilename, parseFilename } from "../../src/model/filename.js";
import { generateId } from "../../src/model/id.js";
import { slugify } from "../../src/model/slug.js";

describe("buildFilename", () => {
  it("joins the slug and the id with one space", () => {
    expect(buildFilename("Igor — fullstack developer", "id__Kf9mNp")).toBe(
      "igor-fullstack-developer id__Kf9mNp.md",
    );
    expect(buildFilename("", "id__Kf9mNp")).toBe("untitled id__Kf9mNp.md");
  });
});

describe("parseFilename", () => {
  it("reads slug and id", () => {
    expect(parseFilename("igor-fullstack id__Kf9mNp.md")).toEqual(
      ok({ id: "id__Kf9mNp", slug: "igor-fullstack" }),
    );
  });

  it("accepts a bare id filename with an empty slug", () => {
    expect(parseFilename("id__Kf9mNp.md")).toEqual(ok({ id: "id__Kf9mNp", slug: "" }));
  });

  it("uses the basename of a path", () => {
    expect(parseFilename("topics/sub/igor id__Kf9mNp.md")).toEqual(
      ok({ id: "id__Kf9mNp", slug: "igor" }),
    );
  });

  it("parses legacy names: the slug is everything before the id", () => {
    expect(parseFilename("my title -- kw1 kw2 id__Ab3xYz.md")).toEqual(
      ok({ id: "id__Ab3xYz", slug: "my title -- kw1 kw2" }),
    );
  });

  it.each([
    "igor.md",
    "igor id__Kf9mN.md",
    "igor id__Kf9mNpqKf9mNpqKf9.md",
    "igor id__Kf9mNp.txt",
    "igor id__Kf9mNp",
    "igor id__Kf9mNp.md.bak",
    "igorid__Kf9mNp.md",
    "igor id__Kf9-Np.md",
    "igor id__Kf9mNp .md",
    "",
    ".md",
    "topics/",
  ])("refuses %j and says what a valid name looks like", (name) => {
    const error = parseFilename(name).match(
      () => undefined,
      (e) => e,
    );
    expect(error?.code).toBe("INVALID_INPUT");
    expect(error?.message).toContain("<slug> id__XXXXXX.md");
  });

  it("round-trips every title and id", () => {
    const id = fc
      .uint8Array({ minLength: 6, maxLength: 6, max: 247 })
      .map((bytes) => generateId(() => bytes));
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 150 }), id, (title, noteId) => {
        expect(parseFilename(buildFilename(title, noteId))).toEqual(
          ok({ id: noteId, slug: slugify(title) }),
        );
      }),
      { numRuns: 300 },
    );
  });
});
