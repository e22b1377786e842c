/**
 * Issue 28: `update` without `expectedHash` is last-writer-wins, so 30 concurrent
 * read-modify-writes (read, add a line, write) lose some; the edit-function form applies each
 * edit to the note as it is under the lock and loses none.
 */
import { describe, expect, it } from "vitest";
import { inMemoryPorts } from "../../../src/adapters/in-memory/in-memory.js";
import { createMemory, type Memory } from "../../../src/memory.js";
import type { Persistence } from "../../../src/ports/persistence.js";
import { errOf, okOf } from "../../helpers/result-helpers.js";

const WRITERS = 30;

/** One memory per writer over the same files, as 30 processes would have (they share the lock file). */
async function writers(): Promise<{ memories: Memory[]; persistence: Persistence; id: string }> {
  const ports = okOf(await inMemoryPorts());
  const first = createMemory({ persistence: ports.persistence });
  const note = okOf(await first.capture({ title: "Counter", body: "Lines:" }));
  const memories = Array.from({ length: WRITERS }, () =>
    createMemory({ persistence: ports.persistence }),
  );
  return { memories, persistence: ports.persistence, id: note.id };
}

async function linesOf(memory: Memory, id: string): Promise<number> {
  const note = okOf(await memory.read(id));
  return note.body.split("\n").filter((line) => line.startsWith("line ")).length;
}

describe("update's read-modify-write", () => {
  it("with an edit function: 30 concurrent writers, 0 lines lost", async () => {
    const { memories, id } = await writers();
    const results = await Promise.all(
      memories.map((memory, i) =>
        memory.update(id, (note) => ({ body: `${note.body}\nline ${i}` })),
      ),
    );
    for (const result of results) okOf(result);
    expect(await linesOf(memories[0] as Memory, id)).toBe(WRITERS);
  });

  it("with a blind patch (read first, no expectedHash): last writer wins, lines are lost", async () => {
    const { memories, id } = await writers();
    await Promise.all(
      memories.map(async (memory, i) => {
        const note = okOf(await memory.read(id));
        await new Promise((resolve) => setTimeout(resolve, 5));
        okOf(await memory.update(id, { body: `${note.body}\nline ${i}` }));
      }),
    );
    expect(await linesOf(memories[0] as Memory, id)).toBeLessThan(WRITERS);
  });

  it("refuses what an edit function returns when it is not a patch, writing nothing", async () => {
    const { memories, id } = await writers();
    const memory = memories[0] as Memory;
    const before = okOf(await memory.read(id)).hash;
    const empty = await memory.update(id, () => ({}));
    expect(errOf(empty).code).toBe("INVALID_INPUT");
    const thrown = await memory.update(id, () => {
      throw new Error("no edit today");
    });
    expect(errOf(thrown).message).toMatch(/edit function threw.*no edit today/);
    expect(okOf(await memory.read(id)).hash).toBe(before);
  });
});
