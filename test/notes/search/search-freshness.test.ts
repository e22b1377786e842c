import { afterEach, describe, expect, it, vi } from "vitest";

import { searchFixture } from "./search-fixture.js";
import { okOf } from "../../helpers/result-helpers.js";

const NOTES = Array.from({ length: 20 }, (_, i) => ({
  id: `id__Note${String(i).padStart(2, "0")}`,
  title: `Note ${i}`,
  body: `ordinary text number ${i}`,
}));

/** The part of fs.promises that sets times: memfs has it, the FsLike type leaves it out. */
interface SetsTimes {
  utimes(path: string, atime: Date, mtime: Date): Promise<void>;
}

function setsTimes(promises: unknown): promises is SetsTimes {
  return (
    typeof promises === "object" &&
    promises !== null &&
    "utimes" in promises &&
    typeof promises.utimes === "function"
  );
}

const ids = (results: readonly { id: string }[]) => results.map((result) => result.id);

afterEach(() => {
  vi.restoreAllMocks();
});

describe("search index freshness", () => {
  it("sees a note edited behind the library's back on the next search", async () => {
    const { fs, root, paths, search } = await searchFixture(NOTES);
    expect(okOf(await search("zebra"))).toEqual([]);
    await fs.promises.writeFile(`${root}/${paths.id__Note03}`, "# Note 3\n\nnow about a zebra\n");
    expect(ids(okOf(await search("zebra")))).toEqual(["id__Note03"]);
    expect(okOf(await search("zebra"))[0]?.snippet).toBe("now about a zebra");
    // The old text is gone from the index, not merely outranked.
    expect(ids(okOf(await search("ordinary", { limit: 100 })))).not.toContain("id__Note03");
  });

  it("sees added, deleted and moved files", async () => {
    const { fs, root, paths, search } = await searchFixture(NOTES);
    expect(okOf(await search("ordinary", { limit: 100 }))).toHaveLength(20);

    await fs.promises.writeFile(`${root}/topics/giraffe id__Giraff.md`, "# Giraffe\n\ntall\n");
    expect(ids(okOf(await search("giraffe")))).toEqual(["id__Giraff"]);

    await fs.promises.unlink(`${root}/${paths.id__Note05}`);
    const after = ids(okOf(await search("ordinary", { limit: 100 })));
    expect(after).toHaveLength(19);
    expect(after).not.toContain("id__Note05");

    await fs.promises.mkdir(`${root}/archive`, { recursive: true });
    await fs.promises.rename(`${root}/${paths.id__Note07}`, `${root}/archive/note-7 id__Note07.md`);
    expect(ids(okOf(await search("ordinary", { status: "archived" })))).toEqual(["id__Note07"]);
    expect(ids(okOf(await search("ordinary", { limit: 100 })))).toHaveLength(19);
  });

  it("re-indexes only the file that changed", async () => {
    const { fs, root, paths, search, index } = await searchFixture(NOTES);
    // What the index did since the last look: notes indexed and dropped.
    let seen = index.stats();
    const since = () => {
      const now = index.stats();
      const delta = { added: now.added - seen.added, removed: now.removed - seen.removed };
      seen = now;
      return delta;
    };
    // The store re-reads a file read within one mtime tick of its last change ("racy
    // clean"); files last changed long ago, as an editor's would be, are read once.
    const promises = fs.promises;
    if (!setsTimes(promises)) throw new Error("this fs cannot set file times");
    const age = (path: string | undefined, minute: number) => {
      const past = new Date(Date.UTC(2024, 0, 1, 0, minute, 0, 123));
      return promises.utimes(`${root}/${path ?? ""}`, past, past);
    };
    await Promise.all(Object.values(paths).map((path) => age(path, 0)));

    okOf(await search("ordinary"));
    expect(since()).toEqual({ added: 20, removed: 0 });
    expect(index.size).toBe(20);

    okOf(await search("ordinary"));
    expect(since()).toEqual({ added: 0, removed: 0 });

    await fs.promises.writeFile(`${root}/${paths.id__Note11}`, "# Note 11\n\nedited text\n");
    await age(paths.id__Note11, 1);
    expect(ids(okOf(await search("edited")))).toEqual(["id__Note11"]);
    // The one note that changed, replaced: indexed again and its old version dropped.
    expect(since()).toEqual({ added: 1, removed: 1 });

    await fs.promises.unlink(`${root}/${paths.id__Note12}`);
    okOf(await search("ordinary"));
    expect(since()).toEqual({ added: 0, removed: 1 });
    expect(index.size).toBe(19);
  });

  it("stays consistent through many edits of one note", async () => {
    const { fs, root, paths, search } = await searchFixture(NOTES.slice(0, 3));
    const path = `${root}/${paths.id__Note01}`;
    // Words far apart, so neither prefix nor fuzzy matching links one to the next; sizes
    // differ each round, since two writes within one millisecond share an mtime and the
    // store tells files apart by (mtime, size).
    const words = ["apple", "mango", "kiwi", "plum", "grape"];
    for (const [round, word] of words.entries()) {
      await fs.promises.writeFile(path, `# Note 1\n\n${word} ${"x".repeat(round * 3)}\n`);
      expect(ids(okOf(await search(word)))).toEqual(["id__Note01"]);
      const gone = words.filter((other) => other !== word);
      for (const other of gone) expect(okOf(await search(other))).toEqual([]);
    }
  });
});
