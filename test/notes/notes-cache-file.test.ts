/**
 * The facts file's rows: what is saved and how it reads back. The store-level tests
 * (notes-cache.test.ts) prove the answers; these pin the two rules the row shape relies on.
 */
import { factsOf } from "../../src/notes/note-facts.js";
import { describe, expect, it } from "vitest";
import {
  decodeNotesCache,
  encodeNotesCache,
  type CachedFacts,
} from "../../src/notes/notes-cache-file.js";

const entry = (path: string, mtimeMs: number, readAt: number): CachedFacts => ({
  key: { mtimeMs, size: 10, ctimeMs: mtimeMs, ino: 7 },
  readAt,
  facts: {
    path,
    status: "active",
    slug: path.slice("topics/".length, -" id__Aaaaa1.md".length),
    mtimeMs,
    size: 10,
    hash: "h",
    note: {
      id: path.slice(-13, -3),
      title: "A",
      tags: ["alpha", "beta/gamma"],
      links: [
        { id: "id__Bbbbb2", displayText: "b" },
        { id: "id__Ccccc3", displayText: "c, with | text" },
      ],
    },
  },
});

describe("the facts file", () => {
  it("round-trips a safely read entry, which stays safe (readAt +Infinity)", () => {
    const saved = entry("topics/a id__Aaaaa1.md", 1_000.5, 60_000);
    const [back] = decodeNotesCache(encodeNotesCache([saved])) ?? [];
    // factsOf: a plain copy, links read (they stay flat in the decoded entry until read).
    expect(back === undefined ? undefined : factsOf(back.facts)).toEqual(saved.facts);
    expect(back?.key).toEqual(saved.key);
    expect(back?.readAt).toBe(Number.POSITIVE_INFINITY);
  });

  it("leaves out an entry read within the racy window of its mtime", () => {
    const racy = entry("topics/a id__Aaaaa1.md", 1_000.5, 1_001);
    const skewed = entry("topics/b id__Bbbbb2.md", 90_000, 60_000);
    expect(decodeNotesCache(encodeNotesCache([racy, skewed]))).toEqual([]);
  });

  it("reads a note without a slug, and drops rows whose path and id disagree", () => {
    const bare = entry("topics/id__Aaaaa1.md", 1_000.5, 60_000);
    const [back] = decodeNotesCache(encodeNotesCache([bare])) ?? [];
    expect(back?.facts.slug).toBe("");
    expect(back?.facts.note.id).toBe("id__Aaaaa1");
    const glued = encodeNotesCache([entry("topics/aid__Aaaaa1.md", 1_000.5, 60_000)]);
    expect(decodeNotesCache(glued)).toEqual([]);
    const outside = encodeNotesCache([entry("elsewhere/a id__Aaaaa1.md", 1_000.5, 60_000)]);
    expect(decodeNotesCache(outside)).toEqual([]);
  });

  it("drops rows of the wrong shape, keeping the others", () => {
    const text = encodeNotesCache([entry("topics/a id__Aaaaa1.md", 1_000.5, 60_000)]);
    const odd = text.replace('"id__Bbbbb2","b",', '"id__Bbbbb2",');
    expect(decodeNotesCache(odd)).toEqual([]);
    const twice = text.replace('"rows":[', `"rows":[${JSON.stringify(["x"])},`);
    expect(decodeNotesCache(twice)?.length).toBe(1);
  });
});
