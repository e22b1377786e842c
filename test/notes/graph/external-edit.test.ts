/**
 * Files are the truth: notes changed, added, moved and deleted with plain fs calls, behind the
 * library's back, show up in `links()`, `orphans()` and `brokenLinks()` at once, with no
 * refresh call. Run on the memfs volume of inMemoryPorts and on a real temp dir (node:fs).
 */
import * as nodeFs from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { fsPersistence } from "../../../src/adapters/fs/fs-persistence.js";
import type { FsLike } from "../../../src/adapters/fs/fs-like.js";
import { inMemoryPorts } from "../../../src/adapters/in-memory/in-memory.js";
import { createMemory, type Memory } from "../../../src/memory.js";
import { sequentialIds } from "../../helpers/fresh-memory.js";
import { okOf } from "../../helpers/result-helpers.js";

interface Backend {
  readonly memory: Memory;
  /** Writes a file (path relative to the memory root) with plain fs calls. */
  write(path: string, content: string): Promise<void>;
  read(path: string): Promise<string>;
  remove(path: string): Promise<void>;
  move(from: string, to: string): Promise<void>;
}

const tempDirs: string[] = [];
afterAll(async () => {
  await Promise.all(tempDirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

function backendOver(fs: FsLike, root: string, memory: Memory): Backend {
  const abs = (path: string) => join(root, path);
  return {
    memory,
    async write(path, content) {
      await fs.promises.mkdir(dirname(abs(path)), { recursive: true });
      await fs.promises.writeFile(abs(path), content);
    },
    read: async (path) => String(await fs.promises.readFile(abs(path), "utf8")),
    remove: (path) => fs.promises.unlink(abs(path)),
    async move(from, to) {
      await fs.promises.mkdir(dirname(abs(to)), { recursive: true });
      await fs.promises.rename(abs(from), abs(to));
    },
  };
}

const backends: Record<string, () => Promise<Backend>> = {
  async memfs() {
    const { fs, root, persistence } = okOf(await inMemoryPorts());
    return backendOver(fs, root, createMemory({ persistence, generateId: sequentialIds("E") }));
  },
  async "node:fs"() {
    const root = await mkdtemp(join(tmpdir(), "agent-memory-external-"));
    tempDirs.push(root);
    const persistence = fsPersistence({ fs: nodeFs, root });
    return backendOver(nodeFs, root, createMemory({ persistence, generateId: sequentialIds("E") }));
  },
};

const inboundIds = async (memory: Memory, id: string) =>
  okOf(await memory.links(id)).inbound.map((link) => link.id);
const sorted = (ids: readonly string[]) => ids.toSorted();
const broken = async (memory: Memory) =>
  okOf(await memory.brokenLinks()).map((link) => `${link.sourceId} -> ${link.targetId}`);

/** A <- B -> C; the first queries warm every cache. */
async function threeNotes(backend: Backend) {
  const { memory } = backend;
  const a = okOf(
    await memory.capture({ title: "Alpha", body: "the first note" }, { status: "active" }),
  );
  const c = okOf(await memory.capture({ title: "Charlie", body: "a leaf" }, { status: "active" }));
  const b = okOf(
    await memory.capture(
      { title: "Bravo", body: `links to [[${a.id}|Alpha]] and [[${c.id}]]` },
      { status: "active" },
    ),
  );
  expect(await inboundIds(memory, a.id)).toEqual([b.id]);
  expect(sorted(okOf(await memory.orphans()))).toEqual([b.id]);
  expect(await broken(memory)).toEqual([]);
  return { a, b, c };
}

describe.each(Object.keys(backends))("edits behind the library's back (%s)", (name) => {
  const make = async () => {
    const build = backends[name];
    if (build === undefined) throw new Error(`no backend ${name}`);
    return build();
  };

  it("sees a changed file at once: links added, removed and pointed at nothing", async () => {
    const backend = await make();
    const { memory } = backend;
    const { a, b, c } = await threeNotes(backend);

    // B drops its link to A, keeps C, and gains a link to an id no note carries.
    await backend.write(b.path, `# Bravo\n\nnow only [[${c.id}]] and [[id__NoWay0|a lost one]]\n`);
    expect(await inboundIds(memory, a.id)).toEqual([]);
    expect(await inboundIds(memory, c.id)).toEqual([b.id]);
    expect(sorted(okOf(await memory.orphans()))).toEqual(sorted([a.id, b.id]));
    expect(await broken(memory)).toEqual([`${b.id} -> id__NoWay0`]);
    expect(okOf(await memory.links(b.id)).outbound.map((link) => [link.id, link.exists])).toEqual([
      [c.id, true],
      ["id__NoWay0", false],
    ]);

    // A (edited by hand, heading and all) links back to B.
    await backend.write(a.path, `# Alpha, edited\n\nback to [[${b.id}|Bravo]]\n`);
    expect(await inboundIds(memory, b.id)).toEqual([a.id]);
    expect(sorted(okOf(await memory.orphans()))).toEqual([a.id]);
    expect(okOf(await memory.links(b.id)).inbound[0]?.title).toBe("Alpha, edited");
  });

  it("sees an added file at once, and a file whose link text only changed size", async () => {
    const backend = await make();
    const { memory } = backend;
    const { a, b, c } = await threeNotes(backend);

    await backend.write(
      "inbox/dropped-in-by-an-agent id__Extern.md",
      `# Dropped in\n\nabout [[${a.id}]], [[${c.id}|Charlie]] and [[id__Gone00]]\n`,
    );
    expect(await inboundIds(memory, a.id)).toEqual(["id__Extern", b.id]);
    expect(await inboundIds(memory, c.id)).toEqual(["id__Extern", b.id]);
    expect(sorted(okOf(await memory.orphans()))).toEqual(sorted([b.id, "id__Extern"]));
    expect(await broken(memory)).toEqual(["id__Extern -> id__Gone00"]);

    // Once a note links to the newcomer, it is no longer an orphan.
    await backend.write(c.path, `# Charlie\n\na leaf that knows [[id__Extern|the newcomer]]\n`);
    expect(okOf(await memory.orphans())).toEqual([b.id]);
    expect(okOf(await memory.links("id__Extern")).inbound.map((link) => link.id)).toEqual([c.id]);
  });

  it("sees a deleted file at once: links to it become broken, its own links vanish", async () => {
    const backend = await make();
    const { memory } = backend;
    const { a, b, c } = await threeNotes(backend);

    await backend.remove(a.path);
    expect(await broken(memory)).toEqual([`${b.id} -> ${a.id}`]);
    expect(okOf(await memory.links(b.id)).outbound.map((link) => [link.id, link.exists])).toEqual([
      [a.id, false],
      [c.id, true],
    ]);
    expect((await memory.links(a.id)).isErr()).toBe(true);

    await backend.remove(b.path);
    expect(await broken(memory)).toEqual([]);
    expect(await inboundIds(memory, c.id)).toEqual([]);
    expect(okOf(await memory.orphans())).toEqual([c.id]);
  });

  it("sees a file moved to another folder and a hand-written index note at once", async () => {
    const backend = await make();
    const { memory } = backend;
    const { a, b, c } = await threeNotes(backend);

    const archived = a.path.replace(/^topics\//, "archive/");
    await backend.move(a.path, archived);
    const inbound = okOf(await memory.links(b.id)).outbound[0];
    expect(inbound).toEqual({ id: a.id, displayText: "Alpha", exists: true, status: "archived" });
    expect(await broken(memory)).toEqual([]);

    await backend.write("index.md", `# Index\n\n## Hot\n\n- [[${b.id}|Bravo]]\n`);
    expect(okOf(await memory.orphans())).toEqual([]);
    expect(okOf(await memory.links(b.id)).indexed).toBe(true);
    await backend.remove("index.md");
    expect(okOf(await memory.orphans())).toEqual([b.id]);
    expect(okOf(await memory.links(c.id)).indexed).toBe(false);
  });

  it("sees a same-size edit once the clock has moved past the last look", async () => {
    const backend = await make();
    const { memory } = backend;
    const { a, b, c } = await threeNotes(backend);
    const before = await backend.read(b.path);
    const after = before.replace(`[[${a.id}|Alpha]]`, `[[${c.id}|Alpha]]`);
    expect(after).not.toBe(before);
    expect(after.length).toBe(before.length);
    // (mtime, size) is how a change is noticed: with the same size, only the mtime tells.
    // memfs keeps millisecond mtimes, so wait a few before writing.
    await new Promise((resolve) => setTimeout(resolve, 20));
    await backend.write(b.path, after);
    expect(await inboundIds(memory, a.id)).toEqual([]);
    expect(okOf(await memory.orphans())).toEqual([a.id, b.id]);
  });
});
