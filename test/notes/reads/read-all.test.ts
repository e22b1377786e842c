/**
 * `readAll`: every note with its body from one look at the files. The site builds on it, so a
 * 10,000-note site reads each note once (issue 33, "render in a time comparable to reading").
 */
import { describe, expect, it } from "vitest";
import type { Persistence } from "../../../src/ports/persistence.js";
import { createMemory } from "../../../src/memory.js";
import { inMemoryPorts } from "../../../src/adapters/in-memory/in-memory.js";
import { renderSite } from "../../../src/view/index.js";
import { okOf } from "../../helpers/result-helpers.js";

/** Fresh ports whose persistence counts reads per path. */
async function countingPorts() {
  const ports = await inMemoryPorts();
  if (ports.isErr()) throw ports.error;
  const { persistence: base, git } = ports.value;
  const reads = new Map<string, number>();
  const persistence: Persistence = {
    ...base,
    read: (path) => {
      reads.set(path, (reads.get(path) ?? 0) + 1);
      return base.read(path);
    },
  };
  let n = 0;
  const generateId = () => `id__RdAll${n++}`;
  return { persistence, git, generateId, reads };
}

async function countingMemory() {
  const { reads, ...ports } = await countingPorts();
  return { memory: createMemory(ports), reads };
}

/** How often each note file (not the index note) was read. */
function noteReads(reads: ReadonlyMap<string, number>): number[] {
  return [...reads].filter(([path]) => / id__\w{6}\.md$/.test(path)).map(([, count]) => count);
}

describe("readAll", () => {
  it("answers what list and read answer, sorted by path, with bodies, links and times", async () => {
    const { memory } = await countingMemory();
    const a = okOf(await memory.capture({ title: "Alpha", body: "First." }, { status: "active" }));
    okOf(
      await memory.capture(
        { title: "Beta", tags: ["design"], body: `See [[${a.id}|alpha]].` },
        { status: "inbox" },
      ),
    );
    okOf(await memory.commit("memory: two notes"));
    const all = okOf(await memory.readAll());
    const listed = okOf(await memory.list());
    expect(all.map((note) => note.path)).toEqual(listed.map((meta) => meta.path));
    for (const note of all) expect(note).toEqual(okOf(await memory.read(note.id)));
    expect(all.find((note) => note.title === "Beta")?.links.map((link) => link.id)).toEqual([a.id]);
    expect(all.every((note) => note.committed)).toBe(true);
    expect(okOf(await memory.readAll({ tag: "design" })).map((note) => note.title)).toEqual([
      "Beta",
    ]);
    expect(okOf(await memory.readAll({ status: "active" })).map((note) => note.title)).toEqual([
      "Alpha",
    ]);
  });

  it("reads each note file once on a cold memory", async () => {
    const { reads, ...ports } = await countingPorts();
    const writer = createMemory(ports);
    for (let at = 0; at < 5; at++)
      okOf(await writer.capture({ title: `Note ${at}`, body: `B${at}.` }));
    // A new process over the same files: nothing cached.
    const cold = createMemory(ports);
    reads.clear();
    expect(okOf(await cold.readAll())).toHaveLength(5);
    expect(noteReads(reads)).toEqual([1, 1, 1, 1, 1]);
  });

  it("is all a site render reads: each note file once, on a cold memory", async () => {
    const { reads, ...ports } = await countingPorts();
    const writer = createMemory(ports);
    for (let at = 0; at < 5; at++)
      okOf(await writer.capture({ title: `Note ${at}`, body: `B${at}.` }));
    const cold = createMemory(ports);
    reads.clear();
    const site = okOf(await renderSite({ memory: cold }));
    expect(site.notes).toBe(5);
    expect(noteReads(reads)).toEqual([1, 1, 1, 1, 1]);
  });
});
