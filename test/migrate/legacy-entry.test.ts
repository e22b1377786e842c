import { describe, expect, it } from "vitest";
import { parseLegacyContent } from "../../src/migrate/legacy-entry.js";
import { parseLegacyFilename } from "../../src/migrate/legacy-filename.js";
import { indexPathOf, memoryRootOf } from "../../src/migrate/legacy-memory-root.js";

const header = (json: string): string => `<!-- agent-memory:meta ${json} -->`;

describe("parseLegacyContent", () => {
  it("reads the header fields the new format keeps and the body byte for byte", () => {
    const body = "See [[id__Ab3xYz|console]].  \r\n\n```\n#not-a-tag\n```\nno final newline";
    const content = `${header('{"id":"id__Kf9mNp","title":" Igor ","tags":["people","#area__work"],"used":3,"pinned":true,"status":"active"}')}\n\n${body}`;
    expect(parseLegacyContent(content)).toEqual({
      kind: "legacy",
      header: { id: "id__Kf9mNp", title: "Igor", tags: ["people", "area__work"], pinned: true },
      body,
    });
  });

  it("accepts a header spread over several lines, a BOM and leading blank lines", () => {
    const content = `\uFEFF\n${header('{\n  "title": "T",\n  "pinned": "yes"\n}')}\nbody\n`;
    expect(parseLegacyContent(content)).toEqual({
      kind: "legacy",
      header: { id: undefined, title: "T", tags: [], pinned: false },
      body: "body\n",
    });
  });

  it("keeps text written on the header's own line", () => {
    expect(parseLegacyContent(`${header("{}")} inline\nmore`)).toMatchObject({
      body: "inline\nmore",
    });
    expect(parseLegacyContent(header("{}"))).toMatchObject({ body: "" });
  });

  it("calls a file without the header plain", () => {
    expect(parseLegacyContent("# Igor\n\nbody\n")).toEqual({ kind: "plain" });
    expect(parseLegacyContent(`# Igor\n${header("{}")}\n`)).toEqual({ kind: "plain" });
  });

  it.each([
    ["<!-- agent-memory:meta {} \nno end", /never closed/],
    [header("{not json}"), /not valid JSON/],
    [header("[1]"), /not a JSON object/],
    [header('{"id":"id__short"}'), /not a note id/],
    [header('{"id":42}'), /not a note id/],
    [header('{"title":7}'), /title is not a string/],
    [header('{"tags":"people"}'), /tags are not a list of strings/],
    [header('{"tags":["a",1]}'), /tags are not a list of strings/],
  ])("reports a malformed header %#", (content, reason) => {
    expect(parseLegacyContent(content)).toEqual({
      kind: "malformed",
      reason: expect.stringMatching(reason),
    });
  });
});

describe("parseLegacyFilename", () => {
  it("splits title, keywords and id, and sees the top-of-mind prefix", () => {
    expect(
      parseLegacyFilename(
        "orgs/a/topics/_top-of-mind deploy-steps -- topic__ci area__ops id__Kf9mNp.md",
      ),
    ).toEqual({
      topOfMind: true,
      id: "id__Kf9mNp",
      title: "deploy steps",
      keywords: ["topic__ci", "area__ops"],
    });
    expect(parseLegacyFilename("_top-of-mind-deploy id__Kf9mNp.md")).toMatchObject({
      topOfMind: true,
      title: "deploy",
    });
  });

  it("handles names without keywords, without an id, or with a dangling separator", () => {
    expect(parseLegacyFilename("plain-title id__Kf9mNp.md")).toEqual({
      topOfMind: false,
      id: "id__Kf9mNp",
      title: "plain title",
      keywords: [],
    });
    expect(parseLegacyFilename("no-id -- kw.md")).toEqual({
      topOfMind: false,
      id: undefined,
      title: "no id",
      keywords: ["kw"],
    });
    expect(parseLegacyFilename("dangling -- id__Kf9mNp.md")).toMatchObject({
      title: "dangling",
      keywords: [],
    });
    expect(parseLegacyFilename("id__Kf9mNp.md")).toMatchObject({ id: "id__Kf9mNp", title: "" });
  });
});

describe("memoryRootOf", () => {
  it("is the folder above the nearest status folder, else the file's folder", () => {
    expect(memoryRootOf("orgs/acme/topics/a id__Kf9mNp.md")).toBe("orgs/acme");
    expect(memoryRootOf("orgs/acme/archive/b id__Kf9mNp.md")).toBe("orgs/acme");
    expect(memoryRootOf("orgs/acme/inbox/c id__Kf9mNp.md")).toBe("orgs/acme");
    expect(memoryRootOf("topics/d id__Kf9mNp.md")).toBe("");
    expect(memoryRootOf("notes/e id__Kf9mNp.md")).toBe("notes");
    expect(memoryRootOf("f id__Kf9mNp.md")).toBe("");
    expect(indexPathOf("orgs/acme")).toBe("orgs/acme/index.md");
    expect(indexPathOf("")).toBe("index.md");
  });
});
