/**
 * The persisted facts cache (`.agent-memory/cache/notes.json`): a later process lists and
 * walks links without reading every note, and the cache is never the reason for a wrong
 * answer. Every test compares what a memory with the cache says to what a fresh memory
 * without any cache says over the same files.
 */
import * as nodeFs from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fsPersistence } from "../../../src/adapters/fs/fs-persistence.js";
import { createNotesMemory } from "../../../src/create-notes-memory.js";
import { NOTES_CACHE_PATH } from "../../../src/notes/store/notes-cache-file.js";
import type { Persistence } from "../../../src/ports/persistence.js";
import { countingReads } from "../../helpers/counting-reads.js";
import { okOf } from "../../helpers/result-helpers.js";

let root: string;

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), "notes-cache-"));
  for (const folder of ["inbox", "topics", "archive"]) nodeFs.mkdirSync(join(root, folder));
  nodeFs.writeFileSync(join(root, "index.md"), "# Index\n\n## Hot\n\n- [[id__Aaaaa1|a]]\n");
  write("topics/a id__Aaaaa1.md", "# A\n\n#alpha\n\nLinks to [[id__Bbbbb2|b]].\n");
  write("topics/b id__Bbbbb2.md", "# B\n\nLinks to [[id__Aaaaa1|a]] and [[id__Ccccc3|c]].\n");
  write("inbox/c id__Ccccc3.md", "# C\n\n#gamma\n\nNo links.\n");
  // Old enough that the racy-clean rule trusts what is read now.
  const past = new Date(Date.now() - 60_000);
  for (const path of listed()) nodeFs.utimesSync(join(root, path), past, past);
});

afterEach(async () => {
  vi.restoreAllMocks();
  await rm(root, { recursive: true, force: true });
});

function write(path: string, text: string): void {
  nodeFs.writeFileSync(join(root, path), text);
}

function listed(): string[] {
  return ["topics/a id__Aaaaa1.md", "topics/b id__Bbbbb2.md", "inbox/c id__Ccccc3.md"];
}

function persistence(): Persistence {
  return fsPersistence({ fs: nodeFs, root });
}

/** A memory as a new process opens it: the persisted facts on. */
function process_(base: Persistence = persistence()) {
  return createNotesMemory({ persistence: base, cache: { persist: true } });
}

async function answers(memory: ReturnType<typeof process_>) {
  return {
    list: okOf(await memory.list()).map(({ id, title, tags, status, path, hash }) => ({
      id,
      title,
      tags,
      status,
      path,
      hash,
    })),
    links: okOf(await memory.links("id__Aaaaa1")),
  };
}

/** What a memory that never saw any cache says: the truth to compare with. */
function truth() {
  return answers(createNotesMemory({ persistence: persistence() }));
}

describe("the persisted facts cache", () => {
  it("lets a later process list and walk links without reading a note", async () => {
    expect(await answers(process_())).toEqual(await truth());
    expect(nodeFs.existsSync(join(root, NOTES_CACHE_PATH))).toBe(true);
    const counted = countingReads(persistence());
    expect(await answers(process_(counted.persistence))).toEqual(await truth());
    expect(counted.reads()).toEqual([]);
  });

  it("reads by id a note whose file name has no slug, reading that file alone", async () => {
    write("topics/id__Ddddd4.md", "# D\n\nNo slug in its name.\n");
    write("topics/xid__Ddddd4.md", "# Not D\n\nA name that only ends like it.\n");
    const reads: string[] = [];
    const base = persistence();
    const counting: Persistence = {
      ...base,
      read: (path) => {
        reads.push(path);
        return base.read(path);
      },
    };
    const found = okOf(await process_(counting).read("Ddddd4"));
    expect([found.title, found.path]).toEqual(["D", "topics/id__Ddddd4.md"]);
    expect(reads).toEqual(["topics/id__Ddddd4.md"]);
  });

  it("re-reads a note edited behind its back, and only that one", async () => {
    await answers(process_());
    write("topics/b id__Bbbbb2.md", "# B renamed\n\n#beta\n\nNo more links.\n");
    // Not just now: a file read within the racy window of its mtime is rightly read again by
    // the next query (links after list), which a fast machine reaches in time.
    const earlier = new Date(Date.now() - 30_000);
    nodeFs.utimesSync(join(root, "topics/b id__Bbbbb2.md"), earlier, earlier);
    const counted = countingReads(persistence());
    const seen = await answers(process_(counted.persistence));
    expect(seen).toEqual(await truth());
    expect(seen.list.find((meta) => meta.id === "id__Bbbbb2")?.title).toBe("B renamed");
    expect(seen.links.inbound).toEqual([]);
    expect(counted.reads()).toEqual(["topics/b id__Bbbbb2.md"]);
  });

  it("sees a note deleted, renamed or moved behind its back", async () => {
    await answers(process_());
    nodeFs.rmSync(join(root, "inbox/c id__Ccccc3.md"));
    nodeFs.renameSync(
      join(root, "topics/b id__Bbbbb2.md"),
      join(root, "archive/bee id__Bbbbb2.md"),
    );
    const seen = await answers(process_());
    expect(seen).toEqual(await truth());
    expect(seen.list.map((meta) => meta.path)).toEqual([
      "archive/bee id__Bbbbb2.md",
      "topics/a id__Aaaaa1.md",
    ]);
  });

  it("sees a file replaced by another with the same mtime and size (a restore, cp -p)", async () => {
    await answers(process_());
    const path = join(root, "topics/a id__Aaaaa1.md");
    const before = nodeFs.statSync(path);
    const same = "# Z\n\n#alpha\n\nLinks to [[id__Ccccc3|c]].\n";
    expect(Buffer.byteLength(same)).toBe(before.size);
    write("topics/a id__Aaaaa1.md.new", same);
    nodeFs.utimesSync(join(root, "topics/a id__Aaaaa1.md.new"), before.atime, before.mtime);
    nodeFs.renameSync(join(root, "topics/a id__Aaaaa1.md.new"), path);
    expect(nodeFs.statSync(path).mtimeMs).toBe(before.mtimeMs);
    const seen = await answers(process_());
    expect(seen).toEqual(await truth());
    expect(seen.list.find((meta) => meta.id === "id__Aaaaa1")?.title).toBe("Z");
  });

  it.each([
    ["truncated", (text: string) => text.slice(0, Math.floor(text.length / 2))],
    ["empty", () => ""],
    ["not JSON", () => "\u0000\u0001garbage"],
    ["from another version", (text: string) => text.replace('"version":2', '"version":999')],
    ["with rows of the wrong shape", (text: string) => text.replace(/"rows":\[\[/, '"rows":[[1,')],
  ])("answers right from a cache file that is %s", async (_case, damage) => {
    await answers(process_());
    const file = join(root, NOTES_CACHE_PATH);
    nodeFs.writeFileSync(file, damage(nodeFs.readFileSync(file, "utf8")));
    expect(await answers(process_())).toEqual(await truth());
    // ...and rewrites it, so the next process is fast again.
    const counted = countingReads(persistence());
    expect(await answers(process_(counted.persistence))).toEqual(await truth());
    expect(counted.reads()).toEqual([]);
  });

  it("answers right from a cache copied from another memory with the same paths", async () => {
    const other = await mkdtemp(join(tmpdir(), "notes-cache-other-"));
    try {
      for (const folder of ["inbox", "topics", "archive", ".agent-memory/cache"])
        nodeFs.mkdirSync(join(other, folder), { recursive: true });
      for (const path of listed()) {
        // Same names, same sizes, same mtimes: only the content (and the inode) differs.
        const text = nodeFs.readFileSync(join(root, path), "utf8").replace(/[A-Z]/g, "Q");
        nodeFs.writeFileSync(join(other, path), text);
        const { atime, mtime } = nodeFs.statSync(join(root, path));
        nodeFs.utimesSync(join(other, path), atime, mtime);
      }
      await answers(
        createNotesMemory({
          persistence: fsPersistence({ fs: nodeFs, root: other }),
          cache: { persist: true },
        }),
      );
      await answers(process_());
      nodeFs.copyFileSync(join(other, NOTES_CACHE_PATH), join(root, NOTES_CACHE_PATH));
      expect(await answers(process_())).toEqual(await truth());
    } finally {
      await rm(other, { recursive: true, force: true });
    }
  });

  it("never trusts an entry whose mtime is ahead of the clock (skew), where only (mtime, size) is known", async () => {
    // A host persistence without ctime and inode: the racy-clean rule is all that guards it.
    const base = persistence();
    const bare: Persistence = {
      ...base,
      list: (dir) =>
        base
          .list(dir)
          .map((files) => files.map(({ path, mtimeMs, size }) => ({ path, mtimeMs, size }))),
      read: (path) => base.read(path),
      write: (path, content) => base.write(path, content),
    };
    const path = join(root, "topics/a id__Aaaaa1.md");
    const future = new Date(Date.now() + 3_600_000);
    nodeFs.utimesSync(path, future, future);
    await answers(process_(bare));
    // Same size, same (future) mtime: only the content changed.
    write("topics/a id__Aaaaa1.md", nodeFs.readFileSync(path, "utf8").replace("# A", "# Q"));
    nodeFs.utimesSync(path, future, future);
    const seen = await answers(process_(bare));
    expect(seen).toEqual(await truth());
    expect(seen.list.find((meta) => meta.id === "id__Aaaaa1")?.title).toBe("Q");
  });

  it("stays right with two memories (two processes) writing notes and the cache in turn", async () => {
    const first = process_();
    const second = process_();
    for (let round = 0; round < 4; round++) {
      const writer = round % 2 === 0 ? first : second;
      const reader = round % 2 === 0 ? second : first;
      okOf(await writer.update("id__Ccccc3", { body: `Round ${round}: [[id__Aaaaa1|a]].` }));
      okOf(await writer.capture({ title: `New ${round}`, body: "[[id__Aaaaa1|a]]" }));
      expect(await answers(reader)).toEqual(await truth());
      expect(await answers(process_())).toEqual(await truth());
    }
  });

  it("rebuilds a cache of the fixed-width link column (version 3), never reading it", async () => {
    // b links to two notes: glued at the old fixed width, its targets read as one id
    // (id__Aaaaa1Ccccc3, which is well formed now that ids may be wider) if the file were trusted.
    expect(await answers(process_())).toEqual(await truth());
    const file = join(root, NOTES_CACHE_PATH);
    const saved = JSON.parse(nodeFs.readFileSync(file, "utf8")) as {
      version: number;
      links: string[];
    };
    expect(saved.version).toBe(5);
    expect(saved.links).toContain("Aaaaa1 Ccccc3");
    const old = { ...saved, version: 3, links: saved.links.map((ids) => ids.replaceAll(" ", "")) };
    nodeFs.writeFileSync(file, JSON.stringify(old));
    const counted = countingReads(persistence());
    const later = process_(counted.persistence);
    expect(await answers(later)).toEqual(await truth());
    expect(okOf(await later.links("id__Bbbbb2")).outbound.map((link) => link.id)).toEqual([
      "id__Aaaaa1",
      "id__Ccccc3",
    ]);
    expect(counted.reads().toSorted()).toEqual(listed().toSorted());
    expect(JSON.parse(nodeFs.readFileSync(file, "utf8"))).toMatchObject({ version: 5 });
  });

  it("is not written without persist, and a failed write of it fails no query", async () => {
    await answers(createNotesMemory({ persistence: persistence() }));
    expect(nodeFs.existsSync(join(root, NOTES_CACHE_PATH))).toBe(false);
    const base = persistence();
    const failing: Persistence = {
      ...base,
      list: (dir) => base.list(dir),
      read: (path) => base.read(path),
      write: (path, content) =>
        path === NOTES_CACHE_PATH
          ? base.write("inbox/../../escape", content)
          : base.write(path, content),
    };
    expect(await answers(process_(failing))).toEqual(await truth());
  });
  it("is not written again by a read of the bodies that finds every note as it says (readAll, memory view)", async () => {
    await answers(process_());
    const writes: string[] = [];
    const watched = (base: Persistence): Persistence => ({
      ...base,
      write: (path, content) => {
        writes.push(path);
        return base.write(path, content);
      },
    });
    const later = process_(watched(persistence()));
    expect(okOf(await later.readAll()).map((note) => note.id)).toHaveLength(3);
    expect(writes).toEqual([]);
    // An edit behind its back is a change: the next readAll writes the facts again, with it.
    write("inbox/c id__Ccccc3.md", "# C edited\n\n#gamma\n\nNo links, and longer.\n");
    const past = new Date(Date.now() - 30_000);
    nodeFs.utimesSync(join(root, "inbox/c id__Ccccc3.md"), past, past);
    const after = process_(watched(persistence()));
    expect(okOf(await after.readAll()).find((note) => note.id === "id__Ccccc3")?.title).toBe(
      "C edited",
    );
    expect(writes).toEqual([NOTES_CACHE_PATH]);
    const counted = countingReads(persistence());
    expect(await answers(process_(counted.persistence))).toEqual(await truth());
    expect(counted.reads()).toEqual([]);
  });
});
