import { describe, expect, it } from "vitest";
import { freshMemory } from "../../helpers/fresh-memory.js";
import { seedNotes } from "../../helpers/seed-notes.js";
import { okOf } from "../../helpers/result-helpers.js";

const DAY = 86_400_000;

describe("doctor", () => {
  it("reports every kind of problem with the file and a fix, in path order", async () => {
    // Uncommitted notes take their mtime as createdAt: a clock ahead of the real one ages them.
    const { memory, fs, root } = await freshMemory({ now: () => Date.now() + DAY });
    await seedNotes(fs, root, [
      { id: "id__AAAAAA", title: "Linker", body: "[[id__Gone00|gone]] and [[id__DDDDDD|old]]" },
      { id: "id__BBBBBB", title: "Empty", body: "" },
      { id: "id__DDDDDD", title: "Old", body: "x", folder: "archive" },
      { id: "id__EEEEEE", title: "Big", body: "y".repeat(200) },
      { id: "id__DupDup", title: "One", body: "[[id__BBBBBB]] [[id__EEEEEE]] [[id__AAAAAA]]" },
      { id: "id__DupDup", title: "Two", body: "[[id__DupDup]]", folder: "inbox" },
    ]);
    await fs.promises.writeFile(
      `${root}/topics/no-heading id__FFFFFF.md`,
      "just text [[id__AAAAAA]]\n",
    );
    await fs.promises.writeFile(`${root}/topics/broken name.md`, "# no id\n");
    await fs.promises.writeFile(`${root}/stray.md`, "# stray\n");
    await fs.promises.mkdir(`${root}/topics/nested`, { recursive: true });
    await fs.promises.writeFile(`${root}/topics/nested/deep id__GGGGGG.md`, "# deep\n");
    await fs.promises.writeFile(`${root}/.gitignore`, "node_modules\n");
    await fs.promises.writeFile(
      `${root}/index.md`,
      "# Index\n\n## Hot\n\n- [[id__Gone01|missing]]\n",
    );

    const report = okOf(await memory.doctor({ orphanMinAgeDays: 0, maxNoteBytes: 100 }));
    const kinds = report.findings.map((finding) => `${finding.kind} ${finding.path}`);
    expect(report.ok).toBe(false);
    expect(kinds).toEqual([
      "duplicate-id inbox/two id__DupDup.md",
      "orphan inbox/two id__DupDup.md",
      "index-broken-link index.md",
      "outside-layout stray.md",
      "oversize topics/big id__EEEEEE.md",
      "unparsable-filename topics/broken name.md",
      "empty-note topics/empty id__BBBBBB.md",
      "archived-link topics/linker id__AAAAAA.md",
      "broken-link topics/linker id__AAAAAA.md",
      "outside-layout topics/nested/deep id__GGGGGG.md",
      "no-heading topics/no-heading id__FFFFFF.md",
      "orphan topics/no-heading id__FFFFFF.md",
      "duplicate-id topics/one id__DupDup.md",
      "orphan topics/one id__DupDup.md",
    ]);
    // Archive notes are where orphans go: never reported as such; info findings don't fail ok.
    expect(kinds.some((kind) => kind.startsWith("orphan archive/"))).toBe(false);
    for (const finding of report.findings) {
      expect(finding.message.length).toBeGreaterThan(10);
      expect(finding.fix.length).toBeGreaterThan(10);
    }
  });

  it("reports orphans only past the given age (git createdAt), and is ok on a healthy memory", async () => {
    let shift = 0;
    const { memory, fs, root } = await freshMemory({ now: () => Date.now() + shift });
    await seedNotes(fs, root, [
      { id: "id__AAAAAA", title: "Hub", body: "[[id__BBBBBB|leaf]]" },
      { id: "id__BBBBBB", title: "Leaf", body: "[[id__AAAAAA|hub]]" },
    ]);
    await fs.promises.writeFile(`${root}/index.md`, "# Index\n\n## Hot\n\n- [[id__AAAAAA|Hub]]\n");
    expect(okOf(await memory.doctor())).toEqual({ ok: true, findings: [], fixed: [] });
    await seedNotes(fs, root, [{ id: "id__CCCCCC", title: "Lonely", body: "z" }]);
    expect(okOf(await memory.doctor({ orphanMinAgeDays: 30 })).ok).toBe(true);
    shift = 31 * DAY;
    const report = okOf(await memory.doctor({ orphanMinAgeDays: 30 }));
    expect(report.findings.map((finding) => [finding.kind, finding.id])).toEqual([
      ["orphan", "id__CCCCCC"],
    ]);
  });
});
