import * as fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseNote } from "../../src/model/note-format.js";
import { replaceTitle } from "../../src/model/note-title.js";

describe("replaceTitle", () => {
  it("replaces only the heading line", () => {
    expect(replaceTitle("# Old\n\n#tag\n\nbody\n", "New")).toBe("# New\n\n#tag\n\nbody\n");
    expect(replaceTitle("intro\n\n# Old title\n## Sub\n", "New")).toBe("intro\n\n# New\n## Sub\n");
  });

  it("keeps CRLF line endings", () => {
    expect(replaceTitle("# Old\r\n\r\nbody\r\n", "New")).toBe("# New\r\n\r\nbody\r\n");
  });

  it("skips headings in code and sub-headings, adding one on top when there is none", () => {
    expect(replaceTitle("```\n# not me\n```\n## Sub\n", "New")).toBe(
      "# New\n\n```\n# not me\n```\n## Sub\n",
    );
    expect(replaceTitle("", "New")).toBe("# New\n");
  });

  it("always yields a note whose parsed title is the new title, keeping the body", () => {
    const line = fc.stringMatching(/^[a-z #`[\]|_]{0,20}$/);
    const title = fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9 ]{0,20}[A-Za-z0-9]$/);
    fc.assert(
      fc.property(fc.array(line, { maxLength: 8 }), title, title, (lines, oldTitle, newTitle) => {
        const markdown = `# ${oldTitle}\n\n${lines.join("\n")}\n`;
        const before = parseNote(markdown, "id__AAAAAA");
        const after = parseNote(replaceTitle(markdown, newTitle), "id__AAAAAA");
        expect(after.title).toBe(newTitle);
        expect(after.body).toBe(before.body);
      }),
    );
  });
});
