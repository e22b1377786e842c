import { describe, expect, it } from "vitest";
import { freshMemory } from "../helpers/fresh-memory.js";
import { seedNotes } from "../helpers/seed-notes.js";
import { errOf, okOf } from "../helpers/result-helpers.js";
import type { FsLike } from "../../src/adapters/fs/fs-like.js";

const ORIGINAL = "topics/plan id__DupDup.md";
const COPY = "topics/plan-copy id__DupDup.md";

/** One id on two files, as a copy made by hand leaves it, and a note linking to the id. */
async function duplicated(
  fs: FsLike,
  root: string,
  copyText = "# Plan\n\nThe plan, edited in the copy.\n",
) {
  await seedNotes(fs, root, [
    { id: "id__DupDup", title: "Plan", body: "The plan." },
    { id: "id__Linker", title: "Linker", body: "See [[id__DupDup|the plan]]." },
  ]);
  await fs.promises.writeFile(`${root}/${COPY}`, copyText);
}

const read = async (fs: FsLike, path: string) => String(await fs.promises.readFile(path, "utf8"));

describe("reid", () => {
  it("gives the copy a fresh id by renaming its file; links keep pointing at the original", async () => {
    // The first id offered is a link target already: a fresh id is never one.
    const ids = ["id__Linker", "id__DupDup", "id__NewNew"];
    const { memory, fs, root } = await freshMemory({
      generateId: () => ids.shift() ?? "id__ZZZZZZ",
    });
    await duplicated(fs, root);
    expect(errOf(await memory.read("id__DupDup")).code).toBe("DUPLICATE_ID");

    const result = okOf(await memory.reid("DupDup"));
    expect(result).toMatchObject({
      id: "id__DupDup",
      keptPath: ORIGINAL,
      newId: "id__NewNew",
      previousPath: COPY,
      path: "topics/plan id__NewNew.md",
      commit: null,
    });
    expect(okOf(await memory.read("id__DupDup")).body).toBe("The plan.");
    expect(okOf(await memory.read("id__NewNew")).body).toBe("The plan, edited in the copy.");
    expect(await read(fs, `${root}/topics/linker id__Linker.md`)).toContain(
      "[[id__DupDup|the plan]]",
    );
    expect(okOf(await memory.brokenLinks())).toEqual([]);
    expect(okOf(await memory.doctor()).findings.filter((f) => f.kind === "duplicate-id")).toEqual(
      [],
    );
  });

  it("re-ids the file named by path, commits when asked, and refuses what is no copy", async () => {
    const { memory, fs, root, git } = await freshMemory({ generateId: () => "id__NewNew" });
    await duplicated(fs, root);
    okOf(await git.commit("seed"));
    expect(errOf(await memory.reid("id__DupDup", { path: "topics/nope id__DupDup.md" })).code).toBe(
      "INVALID_INPUT",
    );
    expect(errOf(await memory.reid("id__Linker")).message).toMatch(/one file only/);
    const result = okOf(await memory.reid("id__DupDup", { path: ORIGINAL, commit: "reid" }));
    expect(result).toMatchObject({ keptPath: COPY, path: "topics/plan id__NewNew.md" });
    expect(result.commit).toMatch(/^[0-9a-f]{40}$/);
    expect(okOf(await memory.read("id__DupDup")).path).toBe(COPY);
  });
});

describe("merge of a duplicated id into itself", () => {
  it("removes a copy with the same text", async () => {
    const { memory, fs, root } = await freshMemory();
    await duplicated(fs, root, "# Plan\n\nThe plan.\n");
    const result = okOf(await memory.merge(["id__DupDup"], "id__DupDup"));
    expect(result).toMatchObject({ targetId: "id__DupDup", removed: [], removedCopies: [COPY] });
    expect(result.files).toEqual([COPY]);
    expect(okOf(await memory.read("id__DupDup")).body).toBe("The plan.");
  });

  it("appends a copy's other text to the original, once, and keeps every link", async () => {
    const { memory, fs, root } = await freshMemory();
    await duplicated(fs, root, "# Plan v2\n\n#later\n\nThe plan, edited in the copy.\n");
    okOf(await memory.merge(["DupDup"], "id__DupDup"));
    const merged = okOf(await memory.read("id__DupDup"));
    expect(merged.path).toBe(ORIGINAL);
    expect(merged.body).toBe("The plan.\n\n## Plan v2\n\nThe plan, edited in the copy.");
    expect(merged.tags).toEqual(["later"]);
    expect(await read(fs, `${root}/topics/linker id__Linker.md`)).toContain(
      "[[id__DupDup|the plan]]",
    );
    // A stop before the removal, then a re-run: nothing is appended twice.
    await fs.promises.writeFile(
      `${root}/${COPY}`,
      "# Plan v2\n\n#later\n\nThe plan, edited in the copy.\n",
    );
    okOf(await memory.merge(["id__DupDup"], "id__DupDup"));
    expect(okOf(await memory.read("id__DupDup")).body).toBe(merged.body);
  });

  it("still refuses a note that is on one file", async () => {
    const { memory, fs, root } = await freshMemory();
    await seedNotes(fs, root, [{ id: "id__AAAAAA", title: "A", body: "a" }]);
    expect(errOf(await memory.merge(["id__AAAAAA"], "id__AAAAAA")).code).toBe("INVALID_INPUT");
  });

  it("doctor names commands that resolve the duplicate", async () => {
    const { memory, fs, root } = await freshMemory();
    await duplicated(fs, root);
    const findings = okOf(await memory.doctor()).findings.filter((f) => f.kind === "duplicate-id");
    expect(findings.map((f) => f.path)).toEqual([ORIGINAL, COPY]);
    expect(findings[1]?.fix).toContain(`memory reid id__DupDup --path "${COPY}"`);
    expect(findings[0]?.fix).toContain("memory merge id__DupDup id__DupDup");
  });
});

describe("doctor --fix and duplicated ids", () => {
  it("removes a copy with the original's very bytes and leaves a copy with other text", async () => {
    const { memory, fs, root } = await freshMemory();
    await seedNotes(fs, root, [
      { id: "id__Same00", title: "Same", body: "Same text." },
      { id: "id__Other0", title: "Other", body: "Other text." },
    ]);
    await fs.promises.mkdir(`${root}/archive`, { recursive: true });
    await fs.promises.writeFile(`${root}/archive/same id__Same00.md`, "# Same\n\nSame text.\n");
    await fs.promises.writeFile(`${root}/topics/other copy id__Other0.md`, "# Other\n\nEdited.\n");
    const report = okOf(await memory.doctor({ fix: true }));
    expect(report.fixed).toEqual([
      {
        kind: "identical-copy",
        path: "archive/same id__Same00.md",
        before: "topics/same id__Same00.md",
        id: "id__Same00",
      },
    ]);
    expect(okOf(await memory.read("id__Same00")).path).toBe("topics/same id__Same00.md");
    expect(report.findings.filter((f) => f.kind === "duplicate-id").map((f) => f.id)).toEqual([
      "id__Other0",
      "id__Other0",
    ]);
  });
});
