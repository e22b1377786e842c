/** The status a path's folder gives a note: only a markdown file directly in a status folder. */
import { describe, expect, it } from "vitest";
import { statusOfPath } from "../../src/model/layout.js";

describe("statusOfPath", () => {
  it.each([
    ["inbox/a id__Aaaaa1.md", "inbox"],
    ["topics/a id__Aaaaa1.md", "active"],
    ["archive/id__Aaaaa1.md", "archived"],
    ["topicsx/a id__Aaaaa1.md", undefined],
    ["topic/a id__Aaaaa1.md", undefined],
    ["xtopics/a id__Aaaaa1.md", undefined],
    ["topics/sub/a id__Aaaaa1.md", undefined],
    ["topics/a id__Aaaaa1.txt", undefined],
    ["a id__Aaaaa1.md", undefined],
    ["/topics/a id__Aaaaa1.md", undefined],
  ])("%s is %s", (path, status) => {
    expect(statusOfPath(path)).toBe(status);
  });
});
