/**
 * Freshness modes for a long-lived host: `interval` and `watch` answer from the last look at
 * the files (no listing, no stat) until the interval passes or a watcher reports a change;
 * the library's own writes are seen at once in every mode; edits behind its back are seen
 * after the interval, or as soon as the watcher reports them (real disk and memfs).
 */
import * as nodeFs from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { memfs } from "memfs";
import { ResultAsync } from "neverthrow";
import { afterEach, describe, expect, it } from "vitest";
import { fsPersistence } from "../../../src/adapters/fs/fs-persistence.js";
import { watchMemoryFiles } from "../../../src/adapters/fs/fs-watch.js";
import { createNotesMemory } from "../../../src/create-notes-memory.js";
import type { FreshnessOptions } from "../../../src/notes/store/freshness.js";
import type { Persistence } from "../../../src/ports/persistence.js";
import { okOf } from "../../helpers/result-helpers.js";
import { scaledMs } from "../../helpers/time-scale.js";

const cleanups: (() => Promise<void> | void)[] = [];

afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

const NOTE = "topics/a id__Fresh1.md";

/** A persistence that counts its listings: a listing is the per-query cost a mode saves. */
function counting(base: Persistence): { persistence: Persistence; lists: () => number } {
  let lists = 0;
  return {
    // No listPaths or stat: every query goes through list(), so listings count every look.
    persistence: {
      list: (dir) => {
        lists++;
        return base.list(dir);
      },
      read: (path) => base.read(path),
      write: (path, content) => base.write(path, content),
      move: (from, to) => base.move(from, to),
      remove: (path) => base.remove(path),
      ...(base.createExclusive === undefined
        ? {}
        : { createExclusive: base.createExclusive.bind(base) }),
    },
    lists: () => lists,
  };
}

async function onDisk(): Promise<{ root: string; fs: typeof nodeFs }> {
  const root = await mkdtemp(join(tmpdir(), "freshness-"));
  cleanups.push(() => rm(root, { recursive: true, force: true }));
  nodeFs.mkdirSync(join(root, "topics"));
  nodeFs.writeFileSync(join(root, NOTE), "# Before\n");
  return { root, fs: nodeFs };
}

function inMemory(): { root: string; fs: typeof nodeFs } {
  const { fs } = memfs({ [`/m/${NOTE}`]: "# Before\n" });
  // memfs implements the node:fs calls these tests make (sync writes, watch).
  return { root: "/m", fs: fs as unknown as typeof nodeFs };
}

function open(base: Persistence, freshness: FreshnessOptions) {
  const counted = counting(base);
  return {
    memory: createNotesMemory({ persistence: counted.persistence, freshness }),
    lists: counted.lists,
  };
}

async function titles(memory: ReturnType<typeof createNotesMemory>): Promise<string[]> {
  return okOf(await memory.list()).map((meta) => meta.title);
}

async function eventually(check: () => Promise<boolean>, timeoutMs = 5_000): Promise<void> {
  const until = Date.now() + scaledMs(timeoutMs);
  while (!(await check())) {
    if (Date.now() > until) throw new Error("timed out waiting for the change to be seen");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe("freshness: always (the default)", () => {
  it("lists the files on every query", async () => {
    const { root, fs } = await onDisk();
    const { memory, lists } = open(fsPersistence({ fs, root }), { mode: "always" });
    await titles(memory);
    const after = lists();
    await titles(memory);
    expect(lists()).toBeGreaterThan(after);
  });
});

describe("freshness: interval", () => {
  it("answers from the last look within the interval, and sees an outside edit after it", async () => {
    const { root, fs } = await onDisk();
    const { memory, lists } = open(fsPersistence({ fs, root }), { mode: "interval", ms: 300 });
    expect(await titles(memory)).toEqual(["Before"]);
    const looked = lists();
    fs.writeFileSync(join(root, NOTE), "# After\n");
    expect(await titles(memory)).toEqual(["Before"]); // within the interval: the documented lag
    expect(lists()).toBe(looked);
    await new Promise((resolve) => setTimeout(resolve, 350));
    expect(await titles(memory)).toEqual(["After"]);
  });

  it("sees the library's own writes at once", async () => {
    const { root, fs } = await onDisk();
    const { memory } = open(fsPersistence({ fs, root }), { mode: "interval", ms: 60_000 });
    await titles(memory);
    okOf(await memory.capture({ title: "Mine", body: "" }, { status: "active" }));
    expect((await titles(memory)).toSorted()).toEqual(["Before", "Mine"]);
    okOf(await memory.update("id__Fresh1", { body: "changed" }));
    expect(okOf(await memory.read("id__Fresh1")).body).toBe("changed");
  });
});

describe.each([
  ["real disk", onDisk],
  ["memfs", async () => inMemory()],
])("freshness: watch, on %s", (_where, setUp) => {
  it("answers without listing until the watcher reports a change, then sees it", async () => {
    const { root, fs } = await setUp();
    const { memory, lists } = open(fsPersistence({ fs, root }), { mode: "watch" });
    const watcher = okOf(watchMemoryFiles({ fs, root, onChange: () => memory.filesChanged() }));
    cleanups.push(() => watcher.close());
    expect(await titles(memory)).toEqual(["Before"]);
    const looked = lists();
    expect(await titles(memory)).toEqual(["Before"]);
    expect(lists()).toBe(looked);
    fs.writeFileSync(join(root, NOTE), "# After\n");
    await eventually(async () => (await titles(memory)).includes("After"));
    fs.mkdirSync(join(root, "archive"), { recursive: true });
    fs.writeFileSync(join(root, "archive/b id__Fresh2.md"), "# New folder\n");
    await eventually(async () => (await titles(memory)).includes("New folder"));
    fs.unlinkSync(join(root, NOTE));
    await eventually(async () => !(await titles(memory)).includes("After"));
  });

  it("is not woken by the library's private folder", async () => {
    const { root, fs } = await setUp();
    let changes = 0;
    const watcher = okOf(watchMemoryFiles({ fs, root, onChange: () => changes++ }));
    cleanups.push(() => watcher.close());
    fs.mkdirSync(join(root, ".agent-memory/cache"), { recursive: true });
    fs.writeFileSync(join(root, ".agent-memory/cache/notes.json"), "{}");
    fs.writeFileSync(join(root, "topics/c id__Fresh3.md"), "# C\n");
    await eventually(async () => changes > 0);
    const seen = changes;
    fs.writeFileSync(join(root, ".agent-memory/cache/notes.json"), "{ }");
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(changes).toBe(seen);
  });
});

/** A watch-mode memory whose queries wait for the watcher to settle. */
function watched(root: string, fs: typeof nodeFs) {
  const served: { memory?: ReturnType<typeof createNotesMemory> } = {};
  const watcher = okOf(
    watchMemoryFiles({ fs, root, onChange: () => served.memory?.filesChanged() }),
  );
  cleanups.push(() => watcher.close());
  const opened = open(fsPersistence({ fs, root }), {
    mode: "watch",
    settled: () => watcher.settled(),
  });
  served.memory = opened.memory;
  return { ...opened, watcher };
}

describe.each([
  ["real disk", onDisk],
  ["memfs", async () => inMemory()],
])("freshness: watch with settled, on %s", (_where, setUp) => {
  it("answers the very next query after an outside edit with the edit, and no cookie is left", async () => {
    const { root, fs } = await setUp();
    const { memory, lists } = watched(root, fs);
    expect(await titles(memory)).toEqual(["Before"]);
    const looked = lists();
    expect(await titles(memory)).toEqual(["Before"]);
    expect(lists()).toBe(looked); // settled, nothing changed: the last look answers
    for (let round = 0; round < 5; round++) {
      fs.writeFileSync(join(root, NOTE), `# After ${round}\n`);
      expect(await titles(memory)).toEqual([`After ${round}`]);
    }
    fs.mkdirSync(join(root, "inbox"), { recursive: true });
    fs.writeFileSync(join(root, "inbox/b id__Fresh2.md"), "# In a new folder\n");
    expect((await titles(memory)).toSorted()).toEqual(["After 4", "In a new folder"]);
    fs.unlinkSync(join(root, "inbox/b id__Fresh2.md"));
    expect(await titles(memory)).toEqual(["After 4"]);
    expect(fs.readdirSync(join(root, ".agent-memory")).map(String)).not.toContainEqual(
      expect.stringMatching(/^watch-cookie-/),
    );
  });

  it("sees an edit and a deletion of a file that was replaced by rename", async () => {
    // Node 20's recursive watch on Linux watched each file: after a replace by rename (how
    // the library and most editors write) the file's later changes went unreported.
    const { root, fs } = await setUp();
    const { memory } = watched(root, fs);
    expect(await titles(memory)).toEqual(["Before"]);
    fs.writeFileSync(join(root, "topics/.replacing"), "# Replaced\n");
    fs.renameSync(join(root, "topics/.replacing"), join(root, NOTE));
    expect(await titles(memory)).toEqual(["Replaced"]);
    fs.writeFileSync(join(root, NOTE), "# Edited in place\n");
    // A read by id answers from the settled look too, never from an older one.
    expect(okOf(await memory.read("id__Fresh1")).title).toBe("Edited in place");
    expect(await titles(memory)).toEqual(["Edited in place"]);
    fs.unlinkSync(join(root, NOTE));
    expect((await memory.read("id__Fresh1")).isErr()).toBe(true);
    expect(await titles(memory)).toEqual([]);
  });

  it("sees a status folder replaced as a whole", async () => {
    const { root, fs } = await setUp();
    const { memory } = watched(root, fs);
    expect(await titles(memory)).toEqual(["Before"]);
    fs.mkdirSync(join(root, "next"));
    fs.writeFileSync(join(root, "next/z id__Fresh9.md"), "# Swapped in\n");
    fs.renameSync(join(root, "topics"), join(root, "old"));
    fs.renameSync(join(root, "next"), join(root, "topics"));
    expect(await titles(memory)).toEqual(["Swapped in"]);
    fs.writeFileSync(join(root, "topics/z id__Fresh9.md"), "# Then edited\n");
    expect(await titles(memory)).toEqual(["Then edited"]);
  });
});

/** Holds every read's answer until released; `waiting` resolves once a read has read. */
function gated(base: Persistence) {
  let release: () => void = noop;
  let reached: () => void = noop;
  const gate = new Promise<void>((done) => {
    release = done;
  });
  const waiting = new Promise<void>((done) => {
    reached = done;
  });
  const persistence: Persistence = {
    ...counting(base).persistence,
    read: (path) =>
      base.read(path).andThen((text) => {
        reached();
        return ResultAsync.fromSafePromise(gate.then(() => text));
      }),
  };
  return { persistence, waiting, release: () => release() };
}

function noop(): void {
  // Replaced once the promise exists.
}

describe("freshness: a query asked while another's look is in progress", () => {
  it.each([["watch"], ["always"]] as const)(
    "never gets that older look once a change was reported (%s mode)",
    async (mode) => {
      const { root, fs } = await onDisk();
      const { persistence, waiting, release } = gated(fsPersistence({ fs, root }));
      const memory = createNotesMemory({ persistence, freshness: { mode } });
      const first = titles(memory);
      await waiting; // it has read "Before" and waits at the gate
      fs.writeFileSync(join(root, NOTE), "# After\n");
      memory.filesChanged(); // what the watcher reports
      const second = titles(memory);
      release();
      expect(await first).toEqual(["Before"]);
      expect(await second).toEqual(["After"]);
    },
  );
});

/**
 * The same files on a file system that keeps no birth times (node then reports 0): a folder
 * made again with its old inode can be told only by the event of its removal.
 */
async function onDiskWithoutBirthTimes(): Promise<{ root: string; fs: typeof nodeFs }> {
  const { root } = await onDisk();
  const fs = new Proxy(nodeFs, {
    get: (target, key, receiver): unknown =>
      key === "statSync"
        ? (path: string) =>
            Object.defineProperty(target.statSync(path), "birthtimeMs", { value: 0 })
        : Reflect.get(target, key, receiver),
  });
  return { root, fs };
}

/**
 * The same files where every folder's birth time is known (ext4 reports a new, untouched
 * folder's birth time equal to its change time, which the watcher must treat as unknown) and
 * no watched folder reports its own removal: the birth time alone must tell a folder made
 * again with its old inode. The birth time is made up, one per mkdirSync of the path, so the
 * test does not depend on the file system keeping birth times.
 */
async function onDiskByBirthTimeAlone(): Promise<{ root: string; fs: typeof nodeFs }> {
  const { root } = await onDisk();
  const made = new Map<string, number>();
  const fs = new Proxy(nodeFs, {
    get: (target, key, receiver): unknown => {
      if (key === "mkdirSync")
        return (path: string, options?: nodeFs.MakeDirectoryOptions) => {
          made.set(path, (made.get(path) ?? 0) + 1);
          return target.mkdirSync(path, options);
        };
      if (key === "statSync")
        return (path: string) =>
          Object.defineProperty(target.statSync(path), "birthtimeMs", {
            value: 1_000_000 + (made.get(path) ?? 0),
          });
      if (key !== "watch") return Reflect.get(target, key, receiver);
      return (path: string, options: nodeFs.WatchOptions, listener: nodeFs.WatchListener<string>) =>
        target.watch(path, options, (event, filename) => {
          if (path !== root && filename === basename(path)) return;
          listener(event, filename);
        });
    },
  });
  return { root, fs };
}

describe.each([
  ["real disk", onDisk],
  ["real disk without birth times", onDiskWithoutBirthTimes],
  ["real disk, told by birth time alone", onDiskByBirthTimeAlone],
  ["memfs", async () => inMemory()],
])("freshness: watch with settled, folders removed and made again, on %s", (_where, setUp) => {
  it("keeps watching a status folder removed and made again (ext4 reuses its inode)", async () => {
    const { root, fs } = await setUp();
    const { memory } = watched(root, fs);
    expect(await titles(memory)).toEqual(["Before"]);
    fs.rmSync(join(root, "topics"), { recursive: true });
    fs.mkdirSync(join(root, "topics"));
    expect(await titles(memory)).toEqual([]);
    fs.writeFileSync(join(root, NOTE), "# In the new folder\n");
    expect(await titles(memory)).toEqual(["In the new folder"]);
    fs.writeFileSync(join(root, NOTE), "# Edited there\n");
    expect(await titles(memory)).toEqual(["Edited there"]);
  });

  it("keeps its cookies coming after the private folder is removed and made again", async () => {
    const { root, fs } = await setUp();
    const { memory, lists } = watched(root, fs);
    expect(await titles(memory)).toEqual(["Before"]);
    fs.rmSync(join(root, ".agent-memory"), { recursive: true });
    fs.mkdirSync(join(root, ".agent-memory"));
    await titles(memory);
    const looked = lists();
    const started = Date.now();
    for (let round = 0; round < 3; round++) expect(await titles(memory)).toEqual(["Before"]);
    expect(lists()).toBe(looked); // each cookie came back: no lost cookie forced a look
    expect(Date.now() - started).toBeLessThan(1_500);
  });
});

describe("freshness: watch with settled, when the watcher fails", () => {
  it("looks at the files on every query once the watcher has stopped", async () => {
    const { root, fs } = await onDisk();
    const { memory, lists, watcher } = watched(root, fs);
    await titles(memory);
    watcher.close();
    const looked = lists();
    fs.writeFileSync(join(root, NOTE), "# After\n");
    expect(await titles(memory)).toEqual(["After"]);
    expect(lists()).toBeGreaterThan(looked);
  });

  it("stops and says why when the root is removed", async () => {
    const { root, fs } = await onDisk();
    const errors: string[] = [];
    const watcher = okOf(
      watchMemoryFiles({
        fs,
        root,
        onChange: () => undefined,
        onError: (error) => errors.push(error.message),
      }),
    );
    cleanups.push(() => watcher.close());
    fs.rmSync(root, { recursive: true });
    await eventually(async () => errors.length > 0);
    expect(errors[0]).toMatch(/stopped/);
  });

  it("refuses to start, or gives up, when a folder cannot be watched (not just gone)", async () => {
    const { root, fs } = await onDisk();
    const limited = {
      ...fs,
      watch: (path: string, options: object, listener: never) => {
        if (path.endsWith("/topics")) {
          throw Object.assign(
            new Error("ENOSPC: System limit for number of file watchers reached"),
            {
              code: "ENOSPC",
            },
          );
        }
        return fs.watch(path, options, listener);
      },
    } as unknown as typeof nodeFs;
    const refused = watchMemoryFiles({ fs: limited, root, onChange: () => undefined });
    expect(refused.isErr() && refused.error.message).toMatch(/ENOSPC/);
  });

  it("distrusts a watcher whose cookie never comes", async () => {
    const { root, fs } = await onDisk();
    let changes = 0;
    // A watch that never reports anything: a lost event, as far as the cookie can tell.
    const deaf = {
      ...fs,
      watch: () => ({ close: () => undefined, on: () => undefined }),
    } as unknown as typeof nodeFs;
    const watcher = okOf(
      watchMemoryFiles({ fs: deaf, root, onChange: () => changes++, cookieTimeoutMs: 50 }),
    );
    cleanups.push(() => watcher.close());
    await watcher.settled();
    expect(changes).toBe(1);
  });
});

describe("freshness: watch, several views", () => {
  it("a look by one query (list) never makes another's older answer (search) count as fresh", async () => {
    const { root, fs } = await onDisk();
    const { memory } = open(fsPersistence({ fs, root }), { mode: "watch" });
    expect(okOf(await memory.search("before")).map((hit) => hit.title)).toEqual(["Before"]);
    fs.writeFileSync(join(root, NOTE), "# After\n");
    memory.filesChanged();
    expect(await titles(memory)).toEqual(["After"]);
    expect(okOf(await memory.search("after")).map((hit) => hit.title)).toEqual(["After"]);
  });
});

describe("freshness: watch without a watcher", () => {
  it("still looks again after maxMs", async () => {
    const { root, fs } = await onDisk();
    const { memory } = open(fsPersistence({ fs, root }), { mode: "watch", maxMs: 200 });
    await titles(memory);
    fs.writeFileSync(join(root, NOTE), "# After\n");
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(await titles(memory)).toEqual(["After"]);
  });
});
