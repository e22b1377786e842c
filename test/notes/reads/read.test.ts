import { describe, expect, it } from "vitest";
import { createMemory } from "../../../src/memory.js";
import type { Persistence } from "../../../src/ports/persistence.js";
import { freshMemory } from "../../helpers/fresh-memory.js";
import { errOf, okOf } from "../../helpers/result-helpers.js";

/** Wraps a persistence port, counting every call that could change a file. */
function spyPersistence(inner: Persistence) {
  const mutations: string[] = [];
  const spy: Persistence = {
    list: (dir) => inner.list(dir),
    read: (path) => inner.read(path),
    write: (path, content) => {
      mutations.push(`write ${path}`);
      return inner.write(path, content);
    },
    move: (from, to) => {
      mutations.push(`move ${from}`);
      return inner.move(from, to);
    },
    remove: (path) => {
      mutations.push(`remove ${path}`);
      return inner.remove(path);
    },
  };
  return { spy, mutations };
}

describe("read", () => {
  it("returns everything derived about a note", async () => {
    const { memory } = await freshMemory({ generateId: () => "id__Ab3xYz" });
    okOf(
      await memory.capture(
        { title: "Igor", body: "works on [[id__Kf9mNp|console]] #design", tags: ["people"] },
        { status: "active" },
      ),
    );
    const note = okOf(await memory.read("Ab3xYz"));
    expect(note).toMatchObject({
      id: "id__Ab3xYz",
      title: "Igor",
      tags: ["people", "design"],
      status: "active",
      path: "topics/igor id__Ab3xYz.md",
      body: "works on [[id__Kf9mNp|console]] #design",
      committed: false,
    });
    expect(note.links.map((link) => [link.id, link.displayText])).toEqual([
      ["id__Kf9mNp", "console"],
    ]);
    expect(note.size).toBe(
      Buffer.byteLength("# Igor\n\n#people\n\nworks on [[id__Kf9mNp|console]] #design\n"),
    );
  });

  it("is a pure read: no write, move or remove through the port, nor of the memory's files", async () => {
    const { fs, root, persistence, git } = await freshMemory();
    const { spy, mutations } = spyPersistence(persistence);
    const memory = createMemory({ persistence: spy, git, generateId: () => "id__Ab3xYz" });
    okOf(await memory.capture({ title: "t", body: "b" }));
    okOf(await memory.commit("add t"));
    mutations.length = 0;

    const fsCalls: string[] = [];
    const promises = fs.promises as unknown as Record<string, unknown>;
    const originals = new Map<string, unknown>();
    for (const name of [
      "writeFile",
      "rename",
      "unlink",
      "rm",
      "rmdir",
      "mkdir",
      "appendFile",
      "copyFile",
      "utimes",
    ]) {
      const original = promises[name];
      if (typeof original !== "function") continue;
      originals.set(name, original);
      promises[name] = (...args: unknown[]) => {
        fsCalls.push(`${name} ${String(args[0])}`);
        return (original as (...a: unknown[]) => unknown).apply(fs.promises, args);
      };
    }
    try {
      for (let i = 0; i < 3; i++) {
        const note = okOf(await memory.read("id__Ab3xYz"));
        expect(note.committed).toBe(true);
      }
      okOf(await memory.list());
    } finally {
      for (const [name, original] of originals) promises[name] = original;
    }
    expect(mutations).toEqual([]);
    // The one thing a read may write is derived state outside the memory's content: the git
    // adapter's saved timestamp walk in the git dir (principle 9), never a note or the index.
    expect(fsCalls.filter((call) => !call.includes("/.git/agent-memory"))).toEqual([]);
    expect(root).toBeTruthy();
  });

  it("fails with NOT_FOUND for an unknown id and INVALID_INPUT for a malformed one", async () => {
    const { memory } = await freshMemory();
    expect(errOf(await memory.read("id__Zz9zZz")).code).toBe("NOT_FOUND");
    expect(errOf(await memory.read("not an id")).code).toBe("INVALID_INPUT");
  });

  it("reports two files with one id instead of picking one", async () => {
    const { memory, fs, root } = await freshMemory();
    await fs.promises.mkdir(`${root}/topics`, { recursive: true });
    await fs.promises.mkdir(`${root}/archive`, { recursive: true });
    await fs.promises.writeFile(`${root}/topics/a id__Dup123.md`, "# A\n");
    await fs.promises.writeFile(`${root}/archive/b id__Dup123.md`, "# B\n");
    const error = errOf(await memory.read("id__Dup123"));
    expect(error.code).toBe("DUPLICATE_ID");
    expect(error.message).toContain("topics/a id__Dup123.md");
    expect(error.message).toContain("archive/b id__Dup123.md");
  });

  it("sees files edited behind its back", async () => {
    const { memory, fs, root } = await freshMemory({ generateId: () => "id__Ab3xYz" });
    const meta = okOf(await memory.capture({ title: "Before", body: "old" }));
    okOf(await memory.read(meta.id));
    await fs.promises.writeFile(
      `${root}/${meta.path}`,
      "# After, edited by hand\n\nnew body that is longer\n",
    );
    const note = okOf(await memory.read(meta.id));
    expect(note.title).toBe("After, edited by hand");
    expect(note.body).toBe("new body that is longer");
  });

  it("falls back to the readable slug for a note without a heading", async () => {
    const { memory, fs, root } = await freshMemory();
    await fs.promises.mkdir(`${root}/topics`, { recursive: true });
    await fs.promises.writeFile(`${root}/topics/query-builder-notes id__Qw2vBc.md`, "just text\n");
    expect(okOf(await memory.read("id__Qw2vBc")).title).toBe("query builder notes");
  });
});
