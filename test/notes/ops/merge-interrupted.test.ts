/**
 * A merge of several sources that stops in its removal step (issue 13, item 12): the sources
 * still on disk must not link to the ones already removed, and a re-run must finish the merge
 * and commit everything the operation changed, the first run's writes included.
 */
import { errAsync } from "neverthrow";
import { describe, expect, it } from "vitest";
import { PersistenceError } from "../../../src/errors.js";
import { createMemory } from "../../../src/memory.js";
import type { Persistence } from "../../../src/ports/persistence.js";
import { freshMemory } from "../../helpers/fresh-memory.js";
import { okOf } from "../../helpers/result-helpers.js";
import { seedNotes } from "../../helpers/seed-notes.js";

/** `inner` whose removal of any path containing `id` fails (the process died there). */
function refusingRemovalOf(inner: Persistence, id: string): Persistence {
  return {
    ...inner,
    list: (dir) => inner.list(dir),
    read: (path) => inner.read(path),
    write: (path, content) => inner.write(path, content),
    move: (from, to) => inner.move(from, to),
    remove: (path) =>
      path.includes(id)
        ? errAsync(new PersistenceError("injected fault: the disk refused the removal"))
        : inner.remove(path),
  };
}

async function threeSources() {
  const fresh = await freshMemory();
  await seedNotes(fresh.fs, fresh.root, [
    { id: "id__TTTTTT", title: "Target", body: "Target text." },
    { id: "id__AAAAAA", title: "Ay", body: "Ay text, see [[id__BBBBBB|bee]] and [[id__CCCCCC]]." },
    { id: "id__BBBBBB", title: "Bee", body: "Bee text, after [[id__AAAAAA|ay]]." },
    {
      id: "id__CCCCCC",
      title: "Sea",
      body: "Sea text, after [[id__AAAAAA|ay]] and [[id__BBBBBB]].",
    },
    { id: "id__LLLLLL", title: "Linker", body: "Links [[id__AAAAAA|ay]]." },
  ]);
  okOf(await fresh.memory.commit("seed"));
  return fresh;
}

describe("a merge interrupted in its removal step", () => {
  it("leaves no source linking to a removed source, and a re-run finishes it", async () => {
    const { persistence, git, memory } = await threeSources();
    const faulty = createMemory({ persistence: refusingRemovalOf(persistence, "id__BBBBBB"), git });
    const sources = ["id__AAAAAA", "id__BBBBBB", "id__CCCCCC"];
    const first = await faulty.merge(sources, "id__TTTTTT");
    expect(first.isErr()).toBe(true);
    // Ay is gone, Bee and Sea are still there: their links to Ay must resolve.
    expect((await memory.read("id__AAAAAA")).isErr()).toBe(true);
    expect(okOf(await memory.brokenLinks())).toEqual([]);

    okOf(await memory.merge(["id__BBBBBB", "id__CCCCCC"], "id__TTTTTT"));
    expect(okOf(await memory.brokenLinks())).toEqual([]);
    const target = okOf(await memory.read("id__TTTTTT")).body;
    for (const text of ["Target text.", "Ay text", "Bee text", "Sea text"])
      expect(target.split(text)).toHaveLength(2);
    expect(okOf(await memory.list()).map((note) => note.id)).toEqual(["id__LLLLLL", "id__TTTTTT"]);
  });
});
