import { describe, expect, it } from "vitest";
import { freshMemory, sequentialIds } from "../../helpers/fresh-memory.js";
import { okOf } from "../../helpers/result-helpers.js";

describe("list", () => {
  it("lists derived metas sorted by path, filtered by status and tag", async () => {
    const { memory, fs, root } = await freshMemory({ generateId: sequentialIds() });
    okOf(
      await memory.capture({ title: "Zeta", body: "#project/console work" }, { status: "active" }),
    );
    okOf(
      await memory.capture({ title: "Alpha", body: "x", tags: ["People"] }, { status: "active" }),
    );
    okOf(await memory.capture({ title: "Inboxed", body: "y", tags: ["people"] }));
    okOf(await memory.capture({ title: "Old", body: "z" }, { status: "archived" }));
    // Ignored: other folders, nested folders, non-markdown files, names without an id.
    await fs.promises.mkdir(`${root}/topics/nested`, { recursive: true });
    await fs.promises.writeFile(`${root}/topics/nested/deep id__Nested.md`, "# deep\n");
    await fs.promises.writeFile(`${root}/topics/readme.txt`, "not a note");
    await fs.promises.writeFile(`${root}/topics/no id here.md`, "# nope\n");
    await fs.promises.mkdir(`${root}/misc`, { recursive: true });
    await fs.promises.writeFile(`${root}/misc/x id__Miscel.md`, "# misc\n");

    const all = okOf(await memory.list());
    expect(all.map((meta) => meta.path)).toEqual([
      "archive/old id__T00003.md",
      "inbox/inboxed id__T00002.md",
      "topics/alpha id__T00001.md",
      "topics/zeta id__T00000.md",
    ]);
    expect(okOf(await memory.list({ status: "active" })).map((meta) => meta.title)).toEqual([
      "Alpha",
      "Zeta",
    ]);
    expect(okOf(await memory.list({ tag: "#people" })).map((meta) => meta.title)).toEqual([
      "Inboxed",
      "Alpha",
    ]);
    expect(okOf(await memory.list({ tag: "project" })).map((meta) => meta.title)).toEqual(["Zeta"]);
    expect(okOf(await memory.list({ tag: "proj" }))).toEqual([]);
  });

  it("has no usage tracking anywhere in what it returns", async () => {
    const { memory } = await freshMemory();
    okOf(await memory.capture({ title: "t", body: "b" }));
    const [meta] = okOf(await memory.list());
    expect(Object.keys(meta ?? {}).toSorted()).toEqual(
      [
        "committed",
        "createdAt",
        "hash",
        "id",
        "path",
        "size",
        "status",
        "tags",
        "title",
        "updatedAt",
      ].toSorted(),
    );
  });

  it("takes times from git once committed, keyed by id across a move", async () => {
    let clock = 1_000;
    const { memory, fs, root } = await freshMemory({
      now: () => clock,
      generateId: () => "id__Ab3xYz",
    });
    const meta = okOf(await memory.capture({ title: "t", body: "b" }));
    const [before] = okOf(await memory.list());
    expect(before?.committed).toBe(false);
    okOf(await memory.commit("capture t"));
    const [committed] = okOf(await memory.list());
    expect(committed?.committed).toBe(true);
    await fs.promises.mkdir(`${root}/topics`, { recursive: true });
    await fs.promises.rename(`${root}/${meta.path}`, `${root}/topics/renamed id__Ab3xYz.md`);
    clock = 5_000;
    okOf(await memory.commit("move t"));
    const [moved] = okOf(await memory.list());
    expect(moved?.status).toBe("active");
    expect(moved?.createdAt).toBe(committed?.createdAt);
  });
});

describe("listPage", () => {
  it("is the first notes of list(filter), with its metas, and how many list(filter) holds", async () => {
    const { memory } = await freshMemory({ generateId: sequentialIds() });
    for (const title of ["Echo", "Delta", "Charlie", "Bravo", "Alpha"])
      okOf(await memory.capture({ title, body: "b", tags: ["t"] }, { status: "active" }));
    okOf(await memory.capture({ title: "Inboxed", body: "y" }));
    for (const filter of [{}, { status: "active" as const }, { tag: "t" }, { tag: "none" }]) {
      const all = okOf(await memory.list(filter));
      for (const limit of [0, 1, 3, 6, 100]) {
        const page = okOf(await memory.listPage(filter, { limit }));
        expect(page.total).toBe(all.length);
        expect(page.notes).toEqual(all.slice(0, limit));
      }
    }
  });

  it("refuses a limit that is not a whole number of notes", async () => {
    const { memory } = await freshMemory();
    for (const limit of [-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY]) {
      const page = await memory.listPage({}, { limit });
      expect(page.isErr() && page.error.code).toBe("INVALID_INPUT");
    }
  });
});
