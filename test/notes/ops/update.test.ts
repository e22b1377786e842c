import { describe, expect, it } from "vitest";
import { freshMemory } from "../../helpers/fresh-memory.js";
import { errOf, okOf } from "../../helpers/result-helpers.js";

describe("update", () => {
  it("rewrites the body and keeps title, tags, id and place", async () => {
    const { memory, fs, root } = await freshMemory({ generateId: () => "id__Ab3xYz" });
    const meta = okOf(await memory.capture({ title: "Igor", body: "old", tags: ["people"] }));
    const updated = okOf(await memory.update(meta.id, { body: "new [[id__Kf9mNp|console]]" }));
    expect(updated).toMatchObject({
      id: meta.id,
      path: meta.path,
      title: "Igor",
      tags: ["people"],
    });
    expect(String(await fs.promises.readFile(`${root}/${meta.path}`, "utf8"))).toBe(
      "# Igor\n\n#people\n\nnew [[id__Kf9mNp|console]]\n",
    );
  });

  it("replaces the tag line and keeps the body", async () => {
    const { memory } = await freshMemory({ generateId: () => "id__Ab3xYz" });
    const meta = okOf(
      await memory.capture({ title: "Igor", body: "body #inline", tags: ["people"] }),
    );
    okOf(await memory.update(meta.id, { tags: ["work", "#design"] }));
    const note = okOf(await memory.read(meta.id));
    expect(note.tags).toEqual(["work", "design", "inline"]);
    expect(note.body).toBe("body #inline");
  });

  it("sees a same-size second write made immediately after the first", async () => {
    const { memory } = await freshMemory({ generateId: () => "id__Ab3xYz" });
    const meta = okOf(await memory.capture({ title: "Igor", body: "aaaa" }));
    okOf(await memory.read(meta.id));
    okOf(await memory.update(meta.id, { body: "bbbb" }));
    expect(okOf(await memory.read(meta.id)).body).toBe("bbbb");
    okOf(await memory.update(meta.id, { body: "cccc" }));
    expect(okOf(await memory.read(meta.id)).body).toBe("cccc");
  });

  it("refuses an empty patch, bad tags and NUL bytes, writing nothing", async () => {
    const { memory, fs, root } = await freshMemory({ generateId: () => "id__Ab3xYz" });
    const meta = okOf(await memory.capture({ title: "Igor", body: "keep" }));
    const before = String(await fs.promises.readFile(`${root}/${meta.path}`, "utf8"));
    for (const patch of [{}, { tags: ["two words"] }, { body: "a\u0000b" }]) {
      expect(errOf(await memory.update(meta.id, patch)).code).toBe("INVALID_INPUT");
    }
    expect(errOf(await memory.update("id__Nope00", { body: "x" })).code).toBe("NOT_FOUND");
    expect(String(await fs.promises.readFile(`${root}/${meta.path}`, "utf8"))).toBe(before);
  });
});

describe("memory without git", () => {
  it("works with persistence alone: times from the clock/mtime, commit refused clearly", async () => {
    const { persistence } = await freshMemory();
    const { createMemory } = await import("../../../src/memory.js");
    const memory = createMemory({ persistence, generateId: () => "id__Ab3xYz" });
    okOf(await memory.capture({ title: "t", body: "b" }));
    const note = okOf(await memory.read("id__Ab3xYz"));
    expect(note.committed).toBe(false);
    expect(note.createdAt).toBeGreaterThan(0);
    const error = errOf(await memory.commit("x"));
    expect(error.code).toBe("GIT");
    expect(error.message).toMatch(/no git port/);
  });
});

describe("capture and update with a commit", () => {
  it("commit the written file when asked", async () => {
    const { memory } = await freshMemory({ generateId: () => "id__Ab3xYz" });
    const meta = okOf(
      await memory.capture({ title: "t", body: "b" }, { commit: "memory: capture t" }),
    );
    expect(meta.committed).toBe(true);
    expect(okOf(await memory.commit("nothing left"))).toBeNull();
    okOf(await memory.update(meta.id, { body: "changed" }, { commit: "memory: update t" }));
    expect(okOf(await memory.commit("nothing left"))).toBeNull();
    expect(errOf(await memory.update(meta.id, { body: "x" }, { commit: " " })).code).toBe(
      "INVALID_INPUT",
    );
  });
});
