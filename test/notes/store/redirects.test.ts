import { describe, expect, it } from "vitest";
import { freshMemory } from "../../helpers/fresh-memory.js";
import { seedNotes } from "../../helpers/seed-notes.js";
import { errOf, okOf } from "../../helpers/result-helpers.js";
import type { FsLike } from "../../../src/adapters/fs/fs-like.js";
import { NotFoundError } from "../../../src/errors.js";

const RECORD = "journal/redirects/source id__Source.md";
const read = async (fs: FsLike, path: string) => String(await fs.promises.readFile(path, "utf8"));

async function seeded() {
  const fresh = await freshMemory();
  await seedNotes(fresh.fs, fresh.root, [
    { id: "id__Target", title: "Target", body: "Target text." },
    { id: "id__Source", title: "Source", body: "Source text." },
  ]);
  return fresh;
}

/** A note that links to the merged id arrives afterwards, as a pull from another clone brings it. */
async function lateLink(fs: FsLike, root: string, id = "id__Source") {
  await seedNotes(fs, root, [
    { id: "id__Late01", title: "Latecomer", body: `See [[${id}|the source]].` },
  ]);
}

describe("redirect records of merged ids", () => {
  it("merge records where each source went, and commits the record with the merge", async () => {
    const { memory, fs, root, git } = await seeded();
    okOf(await git.commit("seed"));
    const merged = okOf(await memory.merge(["id__Source"], "id__Target", { commit: "merge" }));
    expect(merged.files).toContain(RECORD);
    expect(await read(fs, `${root}/${RECORD}`)).toBe(
      "# Source\n\nMerged into [[id__Target|Target]].\n",
    );
    const status = okOf(await git.commit("nothing left"));
    expect(status).toBeNull();
  });

  it("a read of the merged id says where it went; doctor reports the late link as redirected, --fix repoints it", async () => {
    const { memory, fs, root } = await seeded();
    okOf(await memory.merge(["id__Source"], "id__Target"));
    await lateLink(fs, root);
    const error = errOf(await memory.read("id__Source"));
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error).toMatchObject({ code: "NOT_FOUND", mergedInto: "id__Target" });
    expect(error.message).toContain("id__Source was merged into id__Target");
    expect(JSON.parse(JSON.stringify(error))).toMatchObject({ mergedInto: "id__Target" });

    expect(okOf(await memory.brokenLinks())).toEqual([
      { sourceId: "id__Late01", targetId: "id__Source", mergedInto: "id__Target" },
    ]);
    const report = okOf(await memory.doctor({ orphanMinAgeDays: 1000 }));
    expect(report.findings.map((f) => `${f.kind} ${f.path}`)).toEqual([
      "redirected-link topics/latecomer id__Late01.md",
    ]);
    expect(report.findings[0]?.fix).toContain("memory doctor --fix");

    const fixed = okOf(await memory.doctor({ fix: true, orphanMinAgeDays: 1000 }));
    expect(fixed.fixed).toEqual([
      {
        kind: "redirected-link",
        path: "topics/latecomer id__Late01.md",
        before: "id__Source",
        id: "id__Target",
      },
    ]);
    expect(fixed.findings).toEqual([]);
    expect(await read(fs, `${root}/topics/latecomer id__Late01.md`)).toBe(
      "# Latecomer\n\nSee [[id__Target|the source]].\n",
    );
  });

  it("follows a chain of merges, repoints the index note, and ignores records that disagree", async () => {
    const { memory, fs, root } = await seeded();
    await seedNotes(fs, root, [{ id: "id__Final0", title: "Final", body: "Final text." }]);
    okOf(await memory.merge(["id__Source"], "id__Target"));
    okOf(await memory.merge(["id__Target"], "id__Final0"));
    await lateLink(fs, root);
    await fs.promises.writeFile(
      `${root}/index.md`,
      "# Index\n\n## Hot\n\n- [[id__Source|Source]]\n",
    );
    expect(errOf(await memory.read("id__Source"))).toMatchObject({ mergedInto: "id__Final0" });
    okOf(await memory.doctor({ fix: true }));
    expect(await read(fs, `${root}/index.md`)).toContain("[[id__Final0|Source]]");
    expect(await read(fs, `${root}/topics/latecomer id__Late01.md`)).toContain(
      "[[id__Final0|the source]]",
    );

    await fs.promises.writeFile(
      `${root}/journal/redirects/renamed id__Source.md`,
      "Merged into [[id__Late01]].\n",
    );
    await lateLink(fs, root);
    const error = errOf(await memory.read("id__Source"));
    expect(error).toMatchObject({ code: "NOT_FOUND", mergedInto: undefined });
    const kinds = okOf(await memory.doctor()).findings.map((f) => f.kind);
    expect(kinds).toContain("broken-link");
    expect(kinds).not.toContain("redirected-link");
  });

  it("a merged id is never handed out again", async () => {
    const ids = ["id__Source", "id__Fresh0"];
    const { memory, fs, root } = await freshMemory({
      generateId: () => ids.shift() ?? "id__ZZZZZZ",
    });
    await seedNotes(fs, root, [
      { id: "id__Target", title: "Target", body: "Target text." },
      { id: "id__Source", title: "Source", body: "Source text." },
    ]);
    okOf(await memory.merge(["id__Source"], "id__Target"));
    expect(okOf(await memory.capture({ title: "New", body: "new" })).id).toBe("id__Fresh0");
  });
});
