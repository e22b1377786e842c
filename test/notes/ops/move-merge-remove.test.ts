import { describe, expect, it } from "vitest";
import { freshMemory } from "../../helpers/fresh-memory.js";
import { seedNotes } from "../../helpers/seed-notes.js";
import { errOf, okOf } from "../../helpers/result-helpers.js";

const text = async (fs: Awaited<ReturnType<typeof freshMemory>>["fs"], path: string) =>
  String(await fs.promises.readFile(path, "utf8"));

describe("move and archive", () => {
  it("moves between any statuses with the same id and name; links and link text unchanged", async () => {
    const { memory, fs, root } = await freshMemory();
    await seedNotes(fs, root, [
      { id: "id__AAAAAA", title: "Target", body: "t", folder: "inbox" },
      { id: "id__BBBBBB", title: "Source", body: "[[id__AAAAAA|Target]]" },
    ]);
    const moved = okOf(await memory.move("id__AAAAAA", "active"));
    expect(moved).toMatchObject({
      status: "active",
      path: "topics/target id__AAAAAA.md",
      previousPath: "inbox/target id__AAAAAA.md",
    });
    const archived = okOf(await memory.archive("id__AAAAAA"));
    expect(archived.path).toBe("archive/target id__AAAAAA.md");
    expect(okOf(await memory.move("id__AAAAAA", "archived")).files).toEqual([]);
    okOf(await memory.move("id__AAAAAA", "inbox"));
    expect(okOf(await memory.read("id__AAAAAA")).status).toBe("inbox");
    expect(await text(fs, `${root}/topics/source id__BBBBBB.md`)).toBe(
      "# Source\n\n[[id__AAAAAA|Target]]\n",
    );
    expect(okOf(await memory.brokenLinks())).toEqual([]);
    const wrong: unknown = "done";
    expect(errOf(await memory.move("id__AAAAAA", wrong as "inbox")).code).toBe("INVALID_INPUT");
  });
});

describe("merge", () => {
  it("appends each source under its title, repoints every inbound link keeping its text, removes the sources", async () => {
    const { memory, fs, root } = await freshMemory();
    await seedNotes(fs, root, [
      { id: "id__TTTTTT", title: "Target", body: "target body" },
      { id: "id__SSSSS1", title: "First", body: "first body links [[id__SSSSS2|second]]" },
      { id: "id__SSSSS2", title: "Second", body: "second body" },
      {
        id: "id__LLLLLL",
        title: "Linker",
        body: "[[id__SSSSS1|one]], [[id__SSSSS2]] and `[[id__SSSSS1|in code]]`",
      },
    ]);
    await fs.promises.writeFile(
      `${root}/index.md`,
      "# Index\n\n## Hot\n\n- [[id__SSSSS1|First]]\n",
    );
    const result = okOf(await memory.merge(["id__SSSSS1", "SSSSS2"], "id__TTTTTT"));
    expect(result.removed).toEqual(["id__SSSSS1", "id__SSSSS2"]);
    expect(result.repointedLinks).toBe(3);
    const target = okOf(await memory.read("id__TTTTTT"));
    expect(target.body).toBe(
      "target body\n\n## First\n\nfirst body links second\n\n## Second\n\nsecond body",
    );
    expect(await text(fs, `${root}/topics/linker id__LLLLLL.md`)).toBe(
      "# Linker\n\n[[id__TTTTTT|one]], [[id__TTTTTT]] and `[[id__SSSSS1|in code]]`\n",
    );
    expect(await text(fs, `${root}/index.md`)).toBe(
      "# Index\n\n## Hot\n\n- [[id__TTTTTT|First]]\n",
    );
    expect(errOf(await memory.read("id__SSSSS1")).code).toBe("NOT_FOUND");
    expect(okOf(await memory.brokenLinks())).toEqual([]);
  });

  it("takes the given body and the union of the tag lines", async () => {
    const { memory, fs, root } = await freshMemory();
    await fs.promises.mkdir(`${root}/topics`, { recursive: true });
    await fs.promises.writeFile(`${root}/topics/t id__TTTTTT.md`, "# T\n\n#a\n\nt\n");
    await fs.promises.writeFile(`${root}/topics/s id__SSSSSS.md`, "# S\n\n#b #A\n\ns\n");
    okOf(await memory.merge(["id__SSSSSS"], "id__TTTTTT", { body: "rewritten by hand" }));
    expect(await text(fs, `${root}/topics/t id__TTTTTT.md`)).toBe(
      "# T\n\n#a #b\n\nrewritten by hand\n",
    );
  });

  it("refuses bad requests and changes nothing", async () => {
    const { memory, fs, root } = await freshMemory();
    await seedNotes(fs, root, [
      { id: "id__TTTTTT", title: "T", body: "t" },
      { id: "id__SSSSSS", title: "S", body: "s" },
    ]);
    expect(errOf(await memory.merge([], "id__TTTTTT")).code).toBe("INVALID_INPUT");
    expect(errOf(await memory.merge(["id__TTTTTT"], "id__TTTTTT")).code).toBe("INVALID_INPUT");
    expect(errOf(await memory.merge(["id__SSSSSS", "id__SSSSSS"], "id__TTTTTT")).code).toBe(
      "INVALID_INPUT",
    );
    expect(errOf(await memory.merge(["id__Nope00"], "id__TTTTTT")).code).toBe("NOT_FOUND");
    expect(okOf(await memory.list())).toHaveLength(2);
    expect(await text(fs, `${root}/topics/t id__TTTTTT.md`)).toBe("# T\n\nt\n");
  });
});

describe("remove", () => {
  it("refuses while other notes or the index link to it, listing them; force removes and reports", async () => {
    const { memory, fs, root } = await freshMemory();
    await seedNotes(fs, root, [
      { id: "id__AAAAAA", title: "Target", body: "self [[id__AAAAAA]]" },
      { id: "id__BBBBBB", title: "Linker", body: "[[id__AAAAAA|Target]]" },
    ]);
    await fs.promises.writeFile(
      `${root}/index.md`,
      "# Index\n\n## Hot\n\n- [[id__AAAAAA|Target]]\n",
    );
    const refused = errOf(await memory.remove("id__AAAAAA"));
    expect(refused.code).toBe("CONFLICT");
    expect(refused.message).toMatch(/id__BBBBBB/);
    expect(refused.message).toMatch(/index\.md/);
    expect(okOf(await memory.read("id__AAAAAA")).title).toBe("Target");
    const forced = okOf(await memory.remove("id__AAAAAA", { force: true }));
    expect(forced.brokenLinks).toEqual([
      { sourceId: "id__BBBBBB", targetId: "id__AAAAAA" },
      { sourceId: "index", targetId: "id__AAAAAA" },
    ]);
    expect(okOf(await memory.brokenLinks())).toEqual([
      { sourceId: "id__BBBBBB", targetId: "id__AAAAAA" },
    ]);
  });

  it("removes a note nothing links to (self-links don't count)", async () => {
    const { memory, fs, root } = await freshMemory();
    await seedNotes(fs, root, [{ id: "id__AAAAAA", title: "Alone", body: "[[id__AAAAAA]]" }]);
    expect(okOf(await memory.remove("id__AAAAAA")).brokenLinks).toEqual([]);
    expect(okOf(await memory.list())).toEqual([]);
  });
});

describe("mutations and commits", () => {
  it("refuse a commit request without a git port before writing anything", async () => {
    const { persistence, fs, root } = await freshMemory();
    const { createMemory } = await import("../../../src/memory.js");
    const memory = createMemory({ persistence });
    await seedNotes(fs, root, [{ id: "id__AAAAAA", title: "Old", body: "a" }]);
    expect(errOf(await memory.rename("id__AAAAAA", "New", { commit: "x" })).code).toBe("GIT");
    expect(okOf(await memory.read("id__AAAAAA")).title).toBe("Old");
  });
});
