import { describe, expect, it } from "vitest";
import { okOf } from "../../helpers/result-helpers.js";
import { freshWorld, memoryOver, scriptedModel, SEED } from "../../torture/world.js";
import type { Persistence } from "../../../src/ports/persistence.js";

/** Ids of the note files that are not the seed's: what the defrag created. */
async function createdIds(persistence: Persistence): Promise<string[]> {
  const seeded = new Set<string>(SEED.map((note) => note.id));
  return okOf(await persistence.list("topics"))
    .map((file) => /(id__\w{6})\.md$/.exec(file.path)?.[1] ?? "")
    .filter((id) => id !== "" && !seeded.has(id));
}

describe("two clones defragging the same synced state", () => {
  it("give the parts of the same split different ids", async () => {
    const clones = [await freshWorld(), await freshWorld()];
    const created: string[][] = [];
    for (const clone of clones) {
      okOf(await memoryOver(clone.persistence, clone.git, scriptedModel().llm).defrag());
      created.push(await createdIds(clone.persistence));
    }
    expect(created.map((ids) => ids.length)).toEqual([2, 2]);
    expect(created[0]?.filter((id) => created[1]?.includes(id))).toEqual([]);
  });
});
