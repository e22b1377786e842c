/**
 * The racy-clean rule under a coarse file-system clock (issue 28, finding 4). Linux before
 * 6.13 stamps a file with the kernel's coarse clock: it moves in ticks of 4 to 10 ms
 * (1/CONFIG_HZ) yet carries sub-millisecond digits. A note written, read a few milliseconds
 * later, and written again with the same size in the same tick keeps its (mtime, size): the
 * facts read in between must not be trusted, in this process or in the next one through the
 * persisted cache. The persistence here stamps every write the test makes with 10 ms ticks
 * plus fixed fractional digits, and reports no ctime or inode (a host persistence that has
 * none), so the stat key is all that can tell.
 */
import * as nodeFs from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { okAsync } from "neverthrow";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { fsPersistence } from "../../src/adapters/fs/fs-persistence.js";
import { createNoteStore } from "../../src/notes/store/note-store.js";
import type { Persistence, StoredFile } from "../../src/ports/persistence.js";
import { okOf } from "../helpers/result-helpers.js";

const TICK_MS = 10;
// What the coarse clock's stamps look like: a tick's start, with nanosecond digits anyway.
const FRACTION = 0.417_293;
const ROUNDS = 80;
const PATH = "topics/a id__Aaaaa1.md";

let root: string;
let clock = 0;
const stamps = new Map<string, number>();

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), "coarse-clock-"));
  for (const folder of ["inbox", "topics", "archive"]) nodeFs.mkdirSync(join(root, folder));
  stamps.clear();
  clock = 1_800_000_000_000;
});

afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

/** Writes in place at the simulated clock, stamped as a coarse clock would. */
function write(path: string, text: string): void {
  nodeFs.writeFileSync(join(root, path), text);
  stamps.set(path, Math.floor(clock / TICK_MS) * TICK_MS + FRACTION);
}

/** A listed file with its simulated stamp, without ctime or inode. */
function restamp({ path, size, unsafe }: StoredFile): StoredFile {
  return {
    path,
    size,
    mtimeMs: stamps.get(path) ?? 0,
    ...(unsafe === undefined ? {} : { unsafe }),
  };
}

/** The real persistence, with the simulated stamps and without ctime or inode. */
function coarse(): Persistence {
  const base = fsPersistence({ fs: nodeFs, root });
  return {
    list: (dir) => base.list(dir).map((files) => files.map(restamp)),
    read: (path) => base.read(path),
    write: (path, content) => base.write(path, content),
    move: (from, to) => base.move(from, to),
    remove: (path) => base.remove(path),
    ...(base.createExclusive === undefined
      ? {}
      : { createExclusive: base.createExclusive.bind(base) }),
    stat: (path) =>
      stamps.has(path)
        ? (base.stat?.(path).map(restamp) ?? okAsync(restamp({ path, size: 0, mtimeMs: 0 })))
        : (base.stat?.(path) ?? okAsync({ path, size: 0, mtimeMs: 0 })),
  };
}

async function titleSeen(persistence: Persistence): Promise<string | undefined> {
  const store = createNoteStore(persistence, { persistFacts: true, now: () => clock });
  const facts = okOf(await store.facts());
  return facts.notes.find((note) => note.path === PATH)?.note.title;
}

describe("a coarse file-system clock", () => {
  it(`never leaves stale facts: write, read, same-size write in one ${TICK_MS} ms tick, ${ROUNDS} rounds`, async () => {
    const persistence = coarse();
    const live = createNoteStore(persistence, { persistFacts: true, now: () => clock });
    let stale = 0;
    let staleForGood = 0;
    for (let round = 0; round < ROUNDS; round++) {
      // Each round starts at a new tick; the read comes 2 to 8 ms after the first write,
      // the second write 1 ms later: the same tick as the first.
      clock = (Math.floor(clock / 1_000) + 1) * 1_000;
      const before = `Round ${String(round).padStart(2, "0")} A`;
      const after = `Round ${String(round).padStart(2, "0")} B`;
      write(PATH, `# ${before}\n\nBody.\n`);
      clock += 2 + (round % 7);
      const read = okOf(await live.facts()).notes.find((note) => note.path === PATH);
      expect(read?.note.title).toBe(before);
      clock += 1;
      write(PATH, `# ${after}\n\nBody.\n`);
      // Later calls, in this process and in new ones (through the persisted facts).
      clock += 50;
      const here = okOf(await live.facts()).notes.find((note) => note.path === PATH);
      const next = await titleSeen(persistence);
      if (here?.note.title !== after || next !== after) stale++;
      // Stale for good: a new process long after still trusts what was saved.
      clock += 5_000;
      if ((await titleSeen(persistence)) !== after) staleForGood++;
    }
    expect({ stale, staleForGood }).toEqual({ stale: 0, staleForGood: 0 });
  });
});
