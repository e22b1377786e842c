import { describe, expect, it } from "vitest";
import { planMigration, renderNote } from "../../src/migrate/legacy-plan.js";

const header = (meta: Record<string, unknown>): string =>
  `<!-- agent-memory:meta ${JSON.stringify(meta)} -->\n`;

describe("planMigration", () => {
  it("plans the new name, tags (header first, then filename keywords) and content", () => {
    const plan = planMigration([
      {
        path: "orgs/acme/topics/_top-of-mind igor -- people topic__design v1.2 id__Kf9mNp.md",
        content:
          header({
            id: "id__Kf9mNp",
            title: "Igor — designer",
            tags: ["People"],
            used: 9,
            pinned: false,
          }) + "Body [[id__Ab3xYz|x]]\n",
      },
    ]);
    expect(plan.errors).toEqual([]);
    expect(plan.migrations).toEqual([
      {
        from: "orgs/acme/topics/_top-of-mind igor -- people topic__design v1.2 id__Kf9mNp.md",
        to: "orgs/acme/topics/igor-designer id__Kf9mNp.md",
        id: "id__Kf9mNp",
        title: "Igor — designer",
        tags: ["People", "topic__design"],
        hot: true,
        memoryRoot: "orgs/acme",
        droppedKeywords: ["v1.2"],
        markdown: "# Igor — designer\n\n#People #topic__design\n\nBody [[id__Ab3xYz|x]]\n",
        alreadyWritten: false,
      },
    ]);
  });

  it("takes the id from the header over the name, and the title from the name when the header has none", () => {
    const plan = planMigration([
      { path: "a -- kw.md", content: header({ id: "id__Kf9mNp", title: "A" }) + "x" },
      { path: "notes/the-title id__Ab3xYz.md", content: header({ pinned: true }) + "y" },
    ]);
    expect(plan.migrations.map(({ to, title, hot }) => ({ to, title, hot }))).toEqual([
      { to: "a id__Kf9mNp.md", title: "A", hot: false },
      { to: "notes/the-title id__Ab3xYz.md", title: "the title", hot: true },
    ]);
  });

  it("skips new-format entries, ignores other markdown, reports problems and duplicates", () => {
    const plan = planMigration([
      { path: "topics/new id__Kf9mNp.md", content: "# New\n" },
      { path: "README.md", content: "# Readme\n" },
      { path: "topics/bad -- x id__Bad001.md", content: "<!-- agent-memory:meta {oops} -->\n" },
      { path: "topics/no-id.md", content: header({ title: "No id" }) },
      { path: "topics/tag.md", content: header({ id: "id__Tag001", tags: ["c++"] }) },
      { path: "topics/title.md", content: header({ id: "id__Tit001", title: "a]]b" }) },
      { path: "topics/one id__Dup001.md", content: header({ title: "One" }) },
      { path: "archive/two id__Dup001.md", content: header({ title: "Two" }) },
      { path: "topics/old id__Kf9mNp.md", content: header({ title: "Old copy" }) },
    ]);
    expect(plan.migrations).toEqual([]);
    expect(plan.skipped).toEqual([]);
    expect(plan.ignored).toEqual(["README.md"]);
    expect(plan.errors.map(({ path, reason }) => [path, reason.split(":")[0]])).toEqual([
      [
        "archive/two id__Dup001.md",
        "the id id__Dup001 is also used by topics/one id__Dup001.md; give all but one of these files a new id, then run migrate again",
      ],
      ["topics/bad -- x id__Bad001.md", "malformed header"],
      [
        "topics/new id__Kf9mNp.md",
        "the id id__Kf9mNp is also used by topics/old id__Kf9mNp.md; give all but one of these files a new id, then run migrate again",
      ],
      ["topics/no-id.md", "no id"],
      [
        "topics/old id__Kf9mNp.md",
        "the id id__Kf9mNp is also used by topics/new id__Kf9mNp.md; give all but one of these files a new id, then run migrate again",
      ],
      [
        "topics/one id__Dup001.md",
        "the id id__Dup001 is also used by archive/two id__Dup001.md; give all but one of these files a new id, then run migrate again",
      ],
      [
        "topics/tag.md",
        'the header tag "c++" cannot be written as a #tag (letters, digits, "_", "-", "/"); rename it in the header',
      ],
      ["topics/title.md", "unusable title"],
    ]);
  });

  it("finishes a run interrupted between writing the new file and removing the old one", () => {
    const old = {
      path: "topics/igor -- people id__Kf9mNp.md",
      content: header({ title: "Igor" }) + "Hi\n",
    };
    const written = { path: "topics/igor id__Kf9mNp.md", content: "# Igor\n\n#people\n\nHi\n" };
    const plan = planMigration([old, written]);
    expect(plan.errors).toEqual([]);
    expect(plan.skipped).toEqual([]);
    expect(plan.migrations).toMatchObject([
      { from: old.path, to: written.path, alreadyWritten: true },
    ]);
  });

  it("rewrites in place an old-format file that already has a new-format name", () => {
    const plan = planMigration([
      { path: "topics/igor id__Kf9mNp.md", content: header({ title: "Igor" }) + "Hi\n" },
    ]);
    expect(plan.migrations).toMatchObject([
      { from: "topics/igor id__Kf9mNp.md", to: "topics/igor id__Kf9mNp.md" },
    ]);
  });
});

describe("renderNote", () => {
  it("writes heading and tag line like the model, then the body untouched", () => {
    expect(renderNote("T", ["a", "b"], "x  \r\n\n")).toBe("# T\n\n#a #b\n\nx  \r\n\n");
    expect(renderNote("T", [], "x")).toBe("# T\n\nx");
    expect(renderNote("T", [], "")).toBe("# T\n");
  });
});
