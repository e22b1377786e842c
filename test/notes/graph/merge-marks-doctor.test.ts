/**
 * Issue 35: the two versions a merge by meaning keeps between `> [!conflict]` marks are a
 * doctor warning with the fix; the same lines quoted in code are not.
 */
import { describe, expect, it } from "vitest";
import { mergeNoteText } from "../../../src/model/merge/merge-note.js";
import { freshMemory } from "../../helpers/fresh-memory.js";
import { okOf } from "../../helpers/result-helpers.js";

describe("doctor: merge marks", () => {
  it("warns about a note holding two marked versions, not about marks quoted in code", async () => {
    let n = 0;
    const { memory, fs, root } = await freshMemory({ generateId: () => `id__Mrk0${n++}x` });
    const note = okOf(
      await memory.capture(
        { title: "Deploys", body: "We deploy on Mondays." },
        { status: "active" },
      ),
    );
    okOf(
      await memory.capture(
        { title: "Howto", body: "```\n> [!conflict] Version 2 of 2\n```" },
        { status: "active" },
      ),
    );
    const base = "# Deploys\n\nWe deploy on Mondays.\n";
    const merged = mergeNoteText(
      base,
      base.replace("Mondays", "Tuesdays"),
      base.replace("Mondays", "Fridays"),
    );
    await fs.promises.writeFile(`${root}/${note.path}`, merged.text);
    const report = okOf(await memory.doctor());
    const found = report.findings.filter((finding) => finding.kind === "merge-versions");
    expect(found).toEqual([
      expect.objectContaining({ severity: "warning", path: note.path, id: note.id }),
    ]);
    expect(found[0]?.message).toContain("3");
    expect(found[0]?.fix).toContain("keep the right version");
    expect(report.findings.filter((finding) => finding.kind === "conflict-markers")).toEqual([]);
  });
});
