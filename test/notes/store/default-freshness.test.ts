/**
 * A memory created without a freshness option: watch mode where its persistence can watch
 * the files (node's fs on a local disk), each query first waiting for the watch's cookie so
 * no answer is older than an edit; every query looking where it cannot (memfs, a persistence
 * without a watch, fsPersistence with `watch: false`). The watch never keeps a process alive.
 */
import * as nodeFs from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { memfs } from "memfs";
import { afterEach, describe, expect, it } from "vitest";
import { fsPersistence } from "../../../src/adapters/fs/fs-persistence.js";
import { createMemory } from "../../../src/memory.js";
import type { Persistence } from "../../../src/ports/persistence.js";
import { okOf } from "../../helpers/result-helpers.js";

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

const NOTE = "topics/a id__Deflt1.md";

async function onDisk(): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), "default-freshness-"));
  cleanups.push(() => rm(root, { recursive: true, force: true }));
  nodeFs.mkdirSync(join(root, "topics"));
  nodeFs.writeFileSync(join(root, NOTE), "# Before\n");
  return root;
}

function open(persistence: Persistence) {
  let lists = 0;
  const counted: Persistence = {
    ...persistence,
    list: (dir) => {
      lists++;
      return persistence.list(dir);
    },
  };
  const memory = createMemory({ persistence: counted });
  cleanups.push(() => memory.close());
  return { memory, lists: () => lists };
}

async function titles(memory: ReturnType<typeof createMemory>): Promise<string[]> {
  return okOf(await memory.list()).map((meta) => meta.title);
}

const watches = () =>
  process.getActiveResourcesInfo().filter((resource) => resource === "FSEventWrap").length;

describe("a memory's default freshness", () => {
  it("is watch on node's fs on a local disk: no look per query, and no answer older than an edit", async () => {
    const root = await onDisk();
    const { memory, lists } = open(fsPersistence({ fs: nodeFs, root }));
    expect(memory.cacheStats().freshness).toBe("watch");
    expect(await titles(memory)).toEqual(["Before"]);
    const looked = lists();
    expect(await titles(memory)).toEqual(["Before"]);
    expect(lists()).toBe(looked);
    // Behind the library's back, then at once: the query waits for the watch's cookie.
    nodeFs.writeFileSync(join(root, NOTE), "# After\n");
    expect(await titles(memory)).toEqual(["After"]);
    expect(okOf(await memory.search("after")).map((result) => result.id)).toEqual(["id__Deflt1"]);
  });

  it("keeps no process alive: its watch is unreferenced", async () => {
    const root = await onDisk();
    const before = watches();
    const { memory } = open(fsPersistence({ fs: nodeFs, root }));
    expect(await titles(memory)).toEqual(["Before"]);
    expect(memory.cacheStats().freshness).toBe("watch");
    expect(watches()).toBe(before);
  });

  it("looks at every query after close, and still sees edits", async () => {
    const root = await onDisk();
    const { memory, lists } = open(fsPersistence({ fs: nodeFs, root }));
    expect(await titles(memory)).toEqual(["Before"]);
    memory.close();
    const looked = lists();
    nodeFs.writeFileSync(join(root, NOTE), "# Closed\n");
    expect(await titles(memory)).toEqual(["Closed"]);
    expect(lists()).toBeGreaterThan(looked);
  });

  it.each([
    ["memfs", () => fsPersistence({ fs: memfs({ [`/m/${NOTE}`]: "# Before\n" }).fs, root: "/m" })],
    [
      "a persistence without a watch",
      async () => {
        const { watch: _none, ...rest } = fsPersistence({ fs: nodeFs, root: await onDisk() });
        return rest;
      },
    ],
    [
      "fsPersistence with watch: false",
      async () => fsPersistence({ fs: nodeFs, root: await onDisk(), watch: false }),
    ],
    [
      "a root that does not exist yet",
      () => fsPersistence({ fs: nodeFs, root: join(tmpdir(), "no-such-memory-root") }),
    ],
  ])("falls back to a look per query on %s", async (_where, persistence) => {
    const { memory } = open(await persistence());
    expect(memory.cacheStats().freshness).toBe("always");
  });

  it("leaves an explicit freshness option alone", async () => {
    const root = await onDisk();
    const memory = createMemory({
      persistence: fsPersistence({ fs: nodeFs, root }),
      freshness: { mode: "interval", ms: 1_000 },
    });
    expect(memory.cacheStats().freshness).toBe("interval");
  });
});
