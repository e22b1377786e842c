import * as fc from "fast-check";
import { describe, expect, it } from "vitest";
import { memoryRootOfPath } from "../../../src/model/merge/merge-memory-file.js";
import { settleNoteSides, type NoteSide } from "../../../src/model/merge/merge-note-paths.js";

const ID = "id__Ab3xYz";
const side = (path: string, title: string, ...lines: string[]): NoteSide => ({
  path: `${path} ${ID}.md`,
  text: `# ${title}\n\n${lines.join("\n\n")}\n`,
});
const base = side("topics/deploys", "Deploys", "We deploy on Mondays.");

describe("settleNoteSides: one note at two paths, or changed against a deletion", () => {
  it("keeps a note renamed on both clones at the path of the title that became the heading", () => {
    const ours = side("topics/release-schedule", "Release schedule", "We deploy on Mondays.");
    const theirs = side(
      "topics/deploy-days",
      "Deploy days",
      "We deploy on Mondays.",
      "Fridays too.",
    );
    const settled = settleNoteSides(base, ours, theirs);
    expect(settled).toMatchObject({ kind: "rename-rename", path: theirs.path, marked: 0 });
    expect(settled?.text).toBe(
      "# Deploy days\n\nAlso titled: Release schedule\n\nWe deploy on Mondays.\n\nFridays too.\n",
    );
    expect(settled?.decisions[0]).toContain(ours.path);
    // Both clones compute the same note, whichever side is theirs.
    expect(settleNoteSides(base, theirs, ours)?.text).toBe(settled?.text);
    expect(settleNoteSides(base, theirs, ours)?.path).toBe(settled?.path);
  });

  it("keeps the first path when only the folders differ", () => {
    const ours = side("archive/deploys", "Deploys", "We deploy on Mondays.");
    const theirs = side("inbox/deploys", "Deploys", "We deploy on Mondays.");
    expect(settleNoteSides(base, ours, theirs)?.path).toBe(ours.path);
    expect(settleNoteSides(base, theirs, ours)?.path).toBe(ours.path);
  });

  it("keeps the new path of a note renamed on one clone and changed on the other", () => {
    const ours = side("topics/deploy-days", "Deploy days", "We deploy on Mondays.");
    const theirs = side("topics/deploys", "Deploys", "We deploy on Mondays.", "Fridays too.");
    const settled = settleNoteSides(base, ours, theirs);
    expect(settled).toMatchObject({ kind: "note", path: ours.path });
    expect(settled?.text).toBe("# Deploy days\n\nWe deploy on Mondays.\n\nFridays too.\n");
  });

  it("keeps a note changed on one clone and deleted on the other, as changed, naming its id", () => {
    const edited = side("topics/deploys", "Deploys", "We deploy on Mondays.", "Fridays too.");
    for (const settled of [
      settleNoteSides(base, edited, undefined),
      settleNoteSides(base, undefined, edited),
    ]) {
      expect(settled).toMatchObject({ kind: "edit-delete", path: edited.path, text: edited.text });
      expect(settled?.decisions.join(" ")).toContain(`memory forget ${ID} --remove`);
    }
    // Renamed on one clone and deleted on the other: the renamed note is kept too.
    const renamed = side("topics/deploy-days", "Deploy days", "We deploy on Mondays.");
    expect(settleNoteSides(base, undefined, renamed)?.path).toBe(renamed.path);
  });

  it("leaves to a person what is not one note: no common version, a text conflict, nothing", () => {
    const a = side("topics/a", "A", "One.");
    const b = side("topics/b", "B", "Two.");
    expect(settleNoteSides(undefined, a, b)).toBeUndefined();
    expect(
      settleNoteSides(
        base,
        side("topics/deploys", "Deploys", "X."),
        side("topics/deploys", "Deploys", "Y."),
      ),
    ).toBeUndefined();
    expect(settleNoteSides(base, undefined, undefined)).toBeUndefined();
    expect(settleNoteSides(base, base, undefined)).toBeUndefined();
  });

  it("never drops a sentence of either side and settles the same whichever side is ours", () => {
    const sentence = fc.constantFrom("Alpha.", "Beta.", "Gamma.", "Delta.", "Epsilon.");
    const title = fc.constantFrom("Deploys", "Deploy days", "Release schedule", "Shipping");
    const folder = fc.constantFrom("topics", "archive", "inbox");
    const note = fc
      .tuple(folder, title, fc.uniqueArray(sentence, { minLength: 1, maxLength: 3 }))
      .map(([f, t, lines]) => side(`${f}/${t.toLowerCase().replace(/ /g, "-")}`, t, ...lines));
    fc.assert(
      fc.property(note, note, (ours, theirs) => {
        fc.pre(ours.path !== theirs.path);
        const one = settleNoteSides(base, ours, theirs);
        const two = settleNoteSides(base, theirs, ours);
        expect(one?.path).toBe(two?.path);
        expect([ours.path, theirs.path]).toContain(one?.path);
        const sentences = [...ours.text.split("\n"), ...theirs.text.split("\n")].filter((line) =>
          line.endsWith("."),
        );
        expect(sentences.filter((line) => !(one?.text ?? "").includes(line))).toEqual([]);
      }),
    );
  });
});

describe("memoryRootOfPath", () => {
  it("finds the memory root a memory file lies under", () => {
    expect(memoryRootOfPath(`memory/topics/deploys ${ID}.md`)).toBe("memory");
    expect(memoryRootOfPath(`topics/deploys ${ID}.md`)).toBe("");
    expect(memoryRootOfPath("a/b/index.md")).toBe("a/b");
    expect(memoryRootOfPath("m/journal/done/2026-11-27T10-00-00Z-ab12.json")).toBe("m");
    expect(memoryRootOfPath("m/sessions/2026/11/27/agent0.md")).toBe("m");
    expect(memoryRootOfPath("README.md")).toBeUndefined();
  });
});
