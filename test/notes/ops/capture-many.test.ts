import { errAsync } from "neverthrow";
import { describe, expect, it } from "vitest";
import { PersistenceError } from "../../../src/errors.js";
import { createMemory } from "../../../src/memory.js";
import type { Persistence } from "../../../src/ports/persistence.js";
import { freshMemory, sequentialIds } from "../../helpers/fresh-memory.js";
import { okOf } from "../../helpers/result-helpers.js";

/** The persistence with its listings counted and its writes failing from the n-th on. */
function counted(inner: Persistence, failFromWrite = Infinity) {
  const calls = { list: 0, write: 0 };
  const persistence: Persistence = {
    ...inner,
    list: (dir) => {
      calls.list++;
      return inner.list(dir);
    },
    write: (path, content) =>
      ++calls.write >= failFromWrite
        ? errAsync(new PersistenceError("ENOSPC: no space left on device"))
        : inner.write(path, content),
  };
  return { persistence, calls };
}

describe("captureMany", () => {
  it("writes every note under one look at the files, as capture would", async () => {
    const fresh = await freshMemory();
    const { persistence, calls } = counted(fresh.persistence);
    const memory = createMemory({ persistence, git: fresh.git, generateId: sequentialIds() });
    const items = Array.from({ length: 40 }, (_, at) => ({
      input: { title: `Note ${at}`, body: `body ${at}`, tags: ["batch"] },
    }));
    const before = calls.list;
    const batch = okOf(await memory.captureMany(items));
    // A few listings for the whole batch; one capture per note lists the memory per note (40+).
    expect(calls.list - before).toBeLessThanOrEqual(5);
    expect(batch.stopped).toBeUndefined();
    expect(batch.items).toHaveLength(40);
    const listed = okOf(await memory.list());
    expect(listed.map((meta) => meta.title).toSorted()).toEqual(
      items.map((item) => item.input.title).toSorted(),
    );
    const first = batch.items[0];
    expect(first !== undefined && "note" in first ? first.note : undefined).toMatchObject({
      path: "inbox/note-0 id__T00000.md",
      tags: ["batch"],
      commit: null,
    });
    expect(okOf(await memory.read("id__T00000")).body).toBe("body 0");
  });

  it("refuses an invalid item, a chosen id a file has and one an earlier item took, and writes the rest", async () => {
    const { memory } = await freshMemory({ generateId: sequentialIds() });
    okOf(await memory.capture({ title: "Existing", body: "x" }, { id: "id__Exists" }));
    const batch = okOf(
      await memory.captureMany([
        { input: { title: "", body: "no title" } },
        { input: { title: "Clash", body: "a" }, id: "id__Exists" },
        { input: { title: "First", body: "b" }, id: "id__Chosen", status: "active" },
        { input: { title: "Second", body: "c" }, id: "id__Chosen" },
        { input: { title: "Fresh", body: "d" } },
      ]),
    );
    expect(
      batch.items.map((item) => ("note" in item ? item.note.path : item.refused.code)),
    ).toEqual([
      "INVALID_INPUT",
      "INVALID_INPUT",
      "topics/first id__Chosen.md",
      "INVALID_INPUT",
      "inbox/fresh id__T00000.md",
    ]);
    expect(okOf(await memory.list()).map((meta) => meta.title)).toEqual([
      "Existing",
      "Fresh",
      "First",
    ]);
  });

  it("stops at a failed write and says what it wrote before it", async () => {
    const fresh = await freshMemory();
    // The third write, the third note's, fails (a full disk).
    const { persistence } = counted(fresh.persistence, 3);
    const memory = createMemory({ persistence, git: fresh.git, generateId: sequentialIds() });
    const batch = okOf(
      await memory.captureMany(
        ["One", "Two", "Three"].map((title) => ({ input: { title, body: title } })),
      ),
    );
    expect(batch.stopped?.code).toBe("PERSISTENCE");
    expect(batch.items.map((item) => ("note" in item ? item.note.title : "refused"))).toEqual([
      "One",
      "Two",
    ]);
    const listed = okOf(await fresh.memory.list()).map((meta) => meta.title);
    expect(listed).toEqual(
      batch.items.map((item) => ("note" in item ? item.note.title : "")).filter(Boolean),
    );
    expect(listed).not.toContain("Three");
  });
});
