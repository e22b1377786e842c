import { describe, expect, it } from "vitest";
import { createMemory } from "../../../src/memory.js";
import type { Persistence } from "../../../src/ports/persistence.js";
import { freshMemory } from "../../helpers/fresh-memory.js";
import { seedNotes } from "../../helpers/seed-notes.js";
import { errOf, okOf } from "../../helpers/result-helpers.js";

const text = async (fs: Awaited<ReturnType<typeof freshMemory>>["fs"], path: string) =>
  String(await fs.promises.readFile(path, "utf8"));

describe("rename", () => {
  it("PRD: A links to B with the default text; B is renamed; A's text follows", async () => {
    const { memory, fs, root } = await freshMemory();
    const paths = await seedNotes(fs, root, [
      { id: "id__BBBBBB", title: "Query builder", body: "decisions" },
      { id: "id__AAAAAA", title: "Console", body: "uses the [[id__BBBBBB|Query builder]] daily" },
    ]);
    const result = okOf(await memory.rename("id__BBBBBB", "Query builder decisions"));
    expect(result).toMatchObject({
      id: "id__BBBBBB",
      title: "Query builder decisions",
      path: "topics/query-builder-decisions id__BBBBBB.md",
      previousPath: paths["id__BBBBBB"],
      updatedLinks: 1,
      commit: null,
    });
    expect(await text(fs, `${root}/${paths["id__AAAAAA"]}`)).toBe(
      "# Console\n\nuses the [[id__BBBBBB|Query builder decisions]] daily\n",
    );
    expect(await text(fs, `${root}/topics/query-builder-decisions id__BBBBBB.md`)).toBe(
      "# Query builder decisions\n\ndecisions\n",
    );
    expect(okOf(await memory.read("BBBBBB")).title).toBe("Query builder decisions");
    expect(okOf(await memory.brokenLinks())).toEqual([]);
  });

  it("PRD: custom display text is kept", async () => {
    const { memory, fs, root } = await freshMemory();
    const paths = await seedNotes(fs, root, [
      { id: "id__BBBBBB", title: "Query builder", body: "decisions" },
      { id: "id__AAAAAA", title: "Console", body: "see [[id__BBBBBB|the qb]] and [[id__BBBBBB]]" },
    ]);
    const result = okOf(await memory.rename("id__BBBBBB", "QB"));
    expect(result.updatedLinks).toBe(0);
    expect(await text(fs, `${root}/${paths["id__AAAAAA"]}`)).toBe(
      "# Console\n\nsee [[id__BBBBBB|the qb]] and [[id__BBBBBB]]\n",
    );
  });

  it("touches only the note and its inbound files, and keeps their other bytes", async () => {
    const { fs, root, persistence, git } = await freshMemory();
    const seeded = await seedNotes(fs, root, [
      { id: "id__BBBBBB", title: "Target", body: "self: [[id__BBBBBB|Target]]" },
      {
        id: "id__AAAAAA",
        title: "One",
        body: "[[id__BBBBBB|Target]] `[[id__BBBBBB|Target]]` #tag",
      },
      { id: "id__CCCCCC", title: "Unrelated", body: "no links" },
    ]);
    await fs.promises.writeFile(
      `${root}/index.md`,
      "# Index\n\n## Hot\n\n- [[id__BBBBBB|Target]] keep this note\n",
    );
    const reads: string[] = [];
    const writes: string[] = [];
    const counting: Persistence = {
      ...persistence,
      read: (path) => {
        reads.push(path);
        return persistence.read(path);
      },
      write: (path, content) => {
        writes.push(path);
        return persistence.write(path, content);
      },
    };
    // Every seeded file back-dated 10 s, to a stamp that is not a whole second (which reads as
    // a whole-second clock, whose window is 2 s): past the racy window, where a file read in
    // its own mtime tick is read again. A 20 ms sleep let a timer that fired a millisecond
    // early by the wall clock leave the unrelated note racy, and so read by the rename.
    const memfsPromises = fs.promises as typeof fs.promises & {
      utimes?: (path: string, atime: Date, mtime: Date) => Promise<void>;
    };
    const past = new Date(Math.floor(Date.now() / 1000) * 1000 - 9_500);
    const { utimes } = memfsPromises;
    expect(utimes).toBeDefined();
    for (const path of [
      ...Object.values(seeded).map((name) => `${root}/${name}`),
      `${root}/index.md`,
    ])
      await utimes?.call(memfsPromises, path, past, past);
    const memory = createMemory({ persistence: counting, git });
    okOf(await memory.list());
    reads.length = 0;
    const result = okOf(await memory.rename("id__BBBBBB", "Renamed"));
    expect(result.updatedLinks).toBe(3);
    expect(writes.toSorted()).toEqual([
      "index.md",
      "topics/one id__AAAAAA.md",
      "topics/target id__BBBBBB.md",
    ]);
    expect(reads.filter((path) => path.includes("id__CCCCCC"))).toEqual([]);
    expect(await text(fs, `${root}/topics/one id__AAAAAA.md`)).toBe(
      "# One\n\n[[id__BBBBBB|Renamed]] `[[id__BBBBBB|Target]]` #tag\n",
    );
    expect(await text(fs, `${root}/index.md`)).toBe(
      "# Index\n\n## Hot\n\n- [[id__BBBBBB|Renamed]] keep this note\n",
    );
    expect(await text(fs, `${root}/topics/renamed id__BBBBBB.md`)).toBe(
      "# Renamed\n\nself: [[id__BBBBBB|Renamed]]\n",
    );
  });

  it("refuses empty and invalid titles, writing nothing; two notes may share a title", async () => {
    const { memory, fs, root } = await freshMemory();
    await seedNotes(fs, root, [
      { id: "id__AAAAAA", title: "Same", body: "a" },
      { id: "id__BBBBBB", title: "Other", body: "b" },
    ]);
    for (const title of ["", "  ", "two\nlines", "x".repeat(201)]) {
      expect(errOf(await memory.rename("id__AAAAAA", title)).code).toBe("INVALID_INPUT");
    }
    okOf(await memory.rename("id__BBBBBB", "Same"));
    const titles = okOf(await memory.list()).map((meta) => meta.title);
    expect(titles).toEqual(["Same", "Same"]);
  });

  it("commits the touched files when asked, with the message given", async () => {
    const { memory, fs, root } = await freshMemory();
    await seedNotes(fs, root, [{ id: "id__AAAAAA", title: "Old", body: "a" }]);
    okOf(await memory.commit("seed"));
    const result = okOf(
      await memory.rename("id__AAAAAA", "New", { commit: "memory: rename Old to New" }),
    );
    expect(result.commit).toMatch(/^[0-9a-f]{40}$/);
    expect(okOf(await memory.commit("nothing left"))).toBeNull();
    expect(okOf(await memory.read("id__AAAAAA")).committed).toBe(true);
  });
});
