/**
 * The `supersededBy` fact (issue 30): derived when a note is read, kept by the persisted
 * facts cache (version 4), and a cache written before the field existed is rebuilt, never
 * read as "no note is superseded".
 */
import * as nodeFs from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { fsPersistence } from "../../../src/adapters/fs/fs-persistence.js";
import { createNotesMemory } from "../../../src/create-notes-memory.js";
import { factsOf } from "../../../src/notes/store/note-facts.js";
import {
  NOTES_CACHE_PATH,
  decodeNotesCache,
  encodeNotesCache,
  type CachedFacts,
} from "../../../src/notes/store/notes-cache-file.js";
import { okOf } from "../../helpers/result-helpers.js";

const entry = (path: string, supersededBy?: string): CachedFacts => ({
  key: { mtimeMs: 1_000.5, size: 10, ctimeMs: 1_000.5, ino: 7 },
  readAt: 60_000,
  facts: {
    path,
    status: "active",
    slug: "a",
    mtimeMs: 1_000.5,
    size: 10,
    hash: "0123456789abcdef0123",
    ...(supersededBy === undefined ? {} : { supersededBy }),
    note: { id: path.slice(-13, -3), title: "A", tags: [], links: [] },
  },
});

describe("the successors column of the facts file", () => {
  it("round-trips a superseded note's successor and leaves a current note without one", () => {
    const saved = [entry("topics/a id__Aaaaa1.md", "id__Bbbbb2"), entry("topics/a id__Ccccc3.md")];
    const back = decodeNotesCache(encodeNotesCache(saved)) ?? [];
    expect(back.map((row) => factsOf(row.facts))).toEqual(saved.map((row) => row.facts));
    expect(back[1]?.facts.supersededBy).toBeUndefined();
  });

  it("refuses a version 3 file (written before the column existed) as a whole", () => {
    const text = encodeNotesCache([entry("topics/a id__Aaaaa1.md", "id__Bbbbb2")]);
    const old = JSON.parse(text) as Record<string, unknown>;
    delete old.successors;
    old.version = 3;
    expect(decodeNotesCache(JSON.stringify(old))).toBeUndefined();
  });

  it("drops a row whose successor is not an id (the file is read again)", () => {
    const text = encodeNotesCache([entry("topics/a id__Aaaaa1.md", "id__Bbbbb2")]);
    expect(decodeNotesCache(text.replace('"id__Bbbbb2"', '"nope"'))).toEqual([]);
  });
});

describe("supersededById in listings", () => {
  let root: string;
  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), "cache-successor-"));
    for (const folder of ["inbox", "topics", "archive"]) nodeFs.mkdirSync(join(root, folder));
    nodeFs.writeFileSync(
      join(root, "topics/old id__Aaaaa1.md"),
      "# Old\n\n> Superseded by [[id__Bbbbb2|New]] on 2026-03-14: changed.\n\nWe use SQLite.\n",
    );
    nodeFs.writeFileSync(join(root, "topics/new id__Bbbbb2.md"), "# New\n\nWe use Postgres.\n");
    const past = new Date(Date.now() - 60_000);
    for (const name of ["topics/old id__Aaaaa1.md", "topics/new id__Bbbbb2.md"])
      nodeFs.utimesSync(join(root, name), past, past);
  });
  afterEach(() => rm(root, { recursive: true, force: true }));

  const open = () =>
    createNotesMemory({
      persistence: fsPersistence({ fs: nodeFs, root }),
      cache: { persist: true },
    });

  it("comes from the body on a first read and from the persisted cache in the next process", async () => {
    const first = okOf(await open().list());
    expect(first.map((meta) => [meta.id, meta.supersededById])).toEqual([
      ["id__Bbbbb2", undefined],
      ["id__Aaaaa1", "id__Bbbbb2"],
    ]);
    expect(nodeFs.readFileSync(join(root, NOTES_CACHE_PATH), "utf8")).toContain(
      '"successors":{"1":"id__Bbbbb2"}',
    );
    expect(okOf(await open().list())).toEqual(first);
  });
});
