/**
 * The facts file's rows: what is saved and how it reads back. The store-level tests
 * (notes-cache.test.ts) prove the answers; these pin the two rules the row shape relies on.
 */
import * as fc from "fast-check";
import { factsOf } from "../../../src/notes/store/note-facts.js";
import { describe, expect, it } from "vitest";
import {
  decodeNotesCache,
  encodeNotesCache,
  type CachedFacts,
} from "../../../src/notes/store/notes-cache-file.js";

const entry = (path: string, mtimeMs: number, readAt: number): CachedFacts => ({
  key: { mtimeMs, size: 10, ctimeMs: mtimeMs, ino: 7 },
  readAt,
  facts: {
    path,
    status: "active",
    slug: path.slice("topics/".length, -" id__Aaaaa1.md".length),
    mtimeMs,
    size: 10,
    hash: "0123456789abcdef0123",
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

  it("keeps ids of several widths in one note's links and in its file name", () => {
    const wide = entry("topics/a id__Aaaaa1.md", 1_000.5, 60_000);
    const saved = {
      ...wide,
      facts: {
        ...wide.facts,
        path: "topics/a id__Aaaaaaa1.md",
        note: {
          ...wide.facts.note,
          id: "id__Aaaaaaa1",
          links: [
            { id: "id__Bbbbbbbbbbbbbbb2", displayText: "sixteen" },
            { id: "id__Ccccc3", displayText: "six" },
            { id: "id__Dddddddd", displayText: "eight" },
          ],
        },
      },
    };
    const bare = { ...saved, facts: { ...saved.facts, path: "topics/id__Eeeeeeee.md", slug: "" } };
    const back = decodeNotesCache(encodeNotesCache([saved, bare])) ?? [];
    expect(back.map((decoded) => factsOf(decoded.facts))).toEqual([
      saved.facts,
      { ...bare.facts, note: { ...bare.facts.note, id: "id__Eeeeeeee" } },
    ]);
  });

  it("keeps each note's links apart: texts are one column shared by every note", () => {
    const first = entry("topics/a id__Aaaaa1.md", 1_000.5, 60_000);
    const bare = { ...entry("inbox/b id__Bbbbb2.md", 2_000.5, 60_000) };
    const none = {
      ...bare,
      facts: {
        ...bare.facts,
        status: "inbox" as const,
        slug: "b",
        note: { ...bare.facts.note, links: [] },
      },
    };
    const last = entry("topics/c id__Ccccc3.md", 3_000.5, 60_000);
    const back = decodeNotesCache(encodeNotesCache([first, none, last])) ?? [];
    expect(back.map((decoded) => factsOf(decoded.facts))).toEqual(
      [first, none, last].map((saved) => saved.facts),
    );
  });

  it("leaves out a note the columns cannot hold, keeping the others", () => {
    const kept = entry("topics/a id__Aaaaa1.md", 1_000.5, 60_000);
    const spaced = entry("topics/b id__Bbbbb2.md", 1_000.5, 60_000);
    const withSpace = {
      ...spaced,
      facts: { ...spaced.facts, note: { ...spaced.facts.note, tags: ["two words"] } },
    };
    const oddHash = { ...spaced, facts: { ...spaced.facts, hash: "h" } };
    const back = decodeNotesCache(encodeNotesCache([withSpace, kept, oddHash])) ?? [];
    expect(back.map((decoded) => decoded.facts.path)).toEqual([kept.facts.path]);
  });

  it("refuses columns of different lengths, and drops rows of the wrong type", () => {
    const text = encodeNotesCache([entry("topics/a id__Aaaaa1.md", 1_000.5, 60_000)]);
    expect(decodeNotesCache(text.replace('"texts":["b",', '"texts":['))).toBeUndefined();
    expect(decodeNotesCache(text.replace('"titles":["A"]', '"titles":["A","B"]'))).toBeUndefined();
    expect(decodeNotesCache(text.replace('"titles":["A"]', '"titles":[7]'))).toEqual([]);
    expect(decodeNotesCache(text.slice(0, -9))).toBeUndefined();
  });

  it("reads back what it saved, for any notes the columns can hold (property)", () => {
    const text = fc.string({ unit: "grapheme", maxLength: 12 });
    const alnum = fc.constantFrom(
      ..."0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ",
    );
    const id = fc.string({ unit: alnum, minLength: 6, maxLength: 6 }).map((tail) => `id__${tail}`);
    const tag = fc.string({ unit: alnum, minLength: 1, maxLength: 8 });
    const note = fc.record({
      id,
      slug: fc.constantFrom("", "a-slug", "x"),
      title: text,
      tags: fc.array(tag, { maxLength: 3 }),
      links: fc.array(fc.record({ id, displayText: text }), { maxLength: 4 }),
      size: fc.nat(),
      ino: fc.option(fc.nat(), { nil: undefined }),
    });
    fc.assert(
      fc.property(fc.uniqueArray(note, { selector: (n) => n.id, maxLength: 6 }), (notes) => {
        const saved: CachedFacts[] = notes.map((n, at) => {
          const path = `topics/${n.slug === "" ? "" : `${n.slug} `}${n.id}.md`;
          const mtimeMs = 1_000.25 + at;
          return {
            key:
              n.ino === undefined
                ? { mtimeMs, size: n.size }
                : { mtimeMs, size: n.size, ino: n.ino },
            readAt: 90_000,
            facts: {
              path,
              status: "active",
              slug: n.slug,
              mtimeMs,
              size: n.size,
              hash: "0123456789abcdef0123",
              note: { id: n.id, title: n.title, tags: n.tags, links: n.links },
            },
          };
        });
        const back = decodeNotesCache(encodeNotesCache(saved)) ?? [];
        expect(back.map((decoded) => factsOf(decoded.facts))).toEqual(
          saved.map((one) => one.facts),
        );
        expect(back.map((decoded) => decoded.key)).toEqual(saved.map((one) => one.key));
      }),
    );
  });
});
