import { errAsync } from "neverthrow";
import { describe, expect, it } from "vitest";
import { createMemory } from "../../src/memory.js";
import { PersistenceError } from "../../src/errors.js";
import type { Persistence } from "../../src/ports/persistence.js";
import { freshMemory } from "../helpers/fresh-memory.js";
import { seedNotes } from "../helpers/seed-notes.js";
import { okOf } from "../helpers/result-helpers.js";

/** A persistence whose writes, moves and removes fail from the n-th one on (a full disk). */
const full = () => errAsync(new PersistenceError("ENOSPC: no space left on device"));

function failingAfter(inner: Persistence, n: number): Persistence {
  let count = 0;
  return {
    list: (dir) => inner.list(dir),
    read: (path) => inner.read(path),
    write: (path, content) => (++count > n ? full() : inner.write(path, content)),
    move: (from, to) => (++count > n ? full() : inner.move(from, to)),
    remove: (path) => (++count > n ? full() : inner.remove(path)),
  };
}

async function sevenLinkers() {
  const fresh = await freshMemory();
  await seedNotes(fresh.fs, fresh.root, [
    { id: "id__TTTTTT", title: "Target", body: "t" },
    { id: "id__SSSSSS", title: "Source", body: "source knowledge" },
    ...Array.from({ length: 7 }, (_, i) => ({
      id: `id__LLLLL${i}`,
      title: `Linker ${i}`,
      body: `[[id__SSSSSS|Source]] ${i}`,
    })),
  ]);
  return fresh;
}

describe("a failure midway leaves no broken link and loses no body", () => {
  for (let failAt = 0; failAt <= 9; failAt++) {
    it(`merge failing after ${failAt} writes`, async () => {
      const { persistence, git } = await sevenLinkers();
      const broken = createMemory({ persistence: failingAfter(persistence, failAt), git });
      const result = await broken.merge(["id__SSSSSS"], "id__TTTTTT");
      const healthy = createMemory({ persistence, git });
      expect(okOf(await healthy.brokenLinks())).toEqual([]);
      const bodies = okOf(await healthy.list()).map((meta) => meta.id);
      const texts = await Promise.all(bodies.map(async (id) => okOf(await healthy.read(id)).body));
      expect(texts.some((text) => text.includes("source knowledge"))).toBe(true);
      // Running the merge again on a healthy disk finishes it (or finds nothing left to do).
      if (result.isErr()) okOf(await healthy.merge(["id__SSSSSS"], "id__TTTTTT"));
      expect(okOf(await healthy.brokenLinks())).toEqual([]);
      expect((await healthy.read("id__SSSSSS")).isErr()).toBe(true);
      expect(okOf(await healthy.read("id__TTTTTT")).body.split("source knowledge")).toHaveLength(2);
    });
  }

  for (let failAt = 0; failAt <= 8; failAt++) {
    it(`rename failing after ${failAt} writes`, async () => {
      const { persistence, git } = await sevenLinkers();
      const broken = createMemory({ persistence: failingAfter(persistence, failAt), git });
      await broken.rename("id__SSSSSS", "Renamed source");
      const healthy = createMemory({ persistence, git });
      expect(okOf(await healthy.brokenLinks())).toEqual([]);
      expect(okOf(await healthy.read("id__SSSSSS")).body).toBe("source knowledge");
      okOf(await healthy.rename("id__SSSSSS", "Renamed source"));
      const linker = okOf(await healthy.read("id__LLLLL3"));
      expect(linker.links.map((link) => link.displayText)).toEqual(["Renamed source"]);
    });
  }
});
