/**
 * The saved search index's file: what it writes reads back to the same answers, and a file
 * that does not hold together is refused whole (the search then indexes from the notes; the
 * store-level tests in search-cache.test.ts prove those answers).
 */
import { describe, expect, it } from "vitest";
import { parseNote } from "../../../src/model/note-format.js";
import { noteHash } from "../../../src/model/note-hash.js";
import type { StoredNote } from "../../../src/notes/store/note-store.js";
import {
  decodeSearchCache,
  encodeSearchCache,
} from "../../../src/notes/search/search-cache-file.js";
import { createPostingsTable } from "../../../src/notes/search/postings-table.js";
import { createFullTextSearch } from "../../../src/notes/search/full-text-search.js";

function note(n: number, body: string, tags = ""): StoredNote {
  const id = `id__Note${n.toString().padStart(2, "0")}`;
  const text = `# Note ${n}\n${tags === "" ? "" : `${tags}\n`}\n${body}\n`;
  return {
    path: `topics/n${n} ${id}.md`,
    status: "active",
    slug: `n${n}`,
    mtimeMs: 1_000,
    size: text.length,
    hash: noteHash(text),
    note: parseNote(text, id),
  };
}

const NOTES = [
  note(1, "Researching adoption agencies for the family", "#people #area__life"),
  note(2, "The agency called back about adoption papers twice, adoption adoption"),
  note(3, "Pottery class on Friday, then camping with the kids", "#hobby"),
  note(4, "Camping trip planned; the agency is closed on Friday"),
];

const ranked = (index: ReturnType<typeof createFullTextSearch>, query: string) =>
  (index.query(query)?.hits ?? [])
    .map((hit) => [hit.id, hit.score] as const)
    .toSorted((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));

function savedText(): string {
  const index = createFullTextSearch();
  index.sync(NOTES);
  // A replaced note leaves a dead slot behind, which the file must carry too.
  const edited = [...NOTES.slice(0, 3), note(4, "Camping trip planned for the spring")];
  index.sync(edited);
  const text = encodeSearchCache(index.save());
  if (text === undefined) throw new Error("expected a file");
  return text;
}

describe("the saved search index file", () => {
  it("reads back to the same answers as the index that wrote it", () => {
    const fresh = createFullTextSearch();
    const edited = [...NOTES.slice(0, 3), note(4, "Camping trip planned for the spring")];
    fresh.sync(edited);
    const loaded = createFullTextSearch(decodeSearchCache(savedText()));
    // Every note is known in its version: nothing to re-index.
    expect(loaded.stale(edited)).toEqual([]);
    loaded.sync(edited);
    for (const query of ["adoption", "agency friday", "camping", "people", "adopt agenc", "pottry"])
      expect(ranked(loaded, query)).toEqual(ranked(fresh, query));
  });

  it("gives each term's document frequency as its postings count it, without decoding them", () => {
    const saved = decodeSearchCache(savedText());
    if (saved === undefined) throw new Error("expected a saved index");
    const counted = createPostingsTable(saved.table);
    const stored = createPostingsTable(saved.table);
    saved.table.terms.forEach((terms, field) => {
      expect(terms.length).toBeGreaterThan(0);
      for (const term of terms)
        expect([term, stored.frequency(field, term)]).toEqual([
          term,
          counted.postings(field, term)?.size,
        ]);
    });
  });

  it.each([
    ["columns that disagree", (text: string) => text.replace('"hashes":"', '"hashes":"-')],
    [
      "lengths that are not counts",
      (text: string) => text.replace('"lengths":[', '"lengths":[-1,'),
    ],
    ["a key that is not a path", (text: string) => text.replace('"keys":[', '"keys":[7,')],
    [
      "terms out of order",
      (text: string) => text.replace(/"terms":\["(\w+) (\w+) /, '"terms":["$2 $1 '),
    ],
    ["a term twice", (text: string) => text.replace(/"terms":\["(\w+) (\w+) /, '"terms":["$1 $1 ')],
    [
      "fewer postings than terms",
      (text: string) => text.replace(/"postings":\["[^,]*,/, '"postings":["'),
    ],
    [
      "characters encode never writes",
      (text: string) => text.replace('"postings":["', '"postings":["-'),
    ],
    [
      "frequencies that disagree",
      (text: string) => text.replace('"frequencies":[[', '"frequencies":[[1,'),
    ],
    [
      "a frequency of none",
      (text: string) =>
        text
          .replace('"frequencies":[[', '"frequencies":[[0,')
          .replace(/("frequencies":\[\[0,)\d+,/, "$1"),
    ],
    [
      "a frequency its postings do not hold",
      (text: string) => text.replace(/"frequencies":\[\[\d+,/, '"frequencies":[[999,'),
    ],
    [
      "a stretch of colons",
      (text: string) => text.replace(/"postings":\["[^,]*,/, '"postings":["::,'),
    ],
    [
      "a document beyond the keys",
      (text: string) => text.replace(/"postings":\["[^,]*,/, '"postings":["zzz,'),
    ],
    ["an empty stretch", (text: string) => text.replace(/"postings":\["[^,]*,/, '"postings":[",')],
    [
      "an entry counted 0",
      (text: string) => text.replace(/"postings":\["([0-9a-z]+)([ ,])/, '"postings":["$1:0$2'),
    ],
    ["one field", (text: string) => text.replace(/"postings":\["[^"]*",/, '"postings":[')],
    // Recipe 5 had no opening words in the title field (the name prior would find no note):
    // its files are refused and the index rebuilt.
    ["the previous recipe", (text: string) => text.replace('"recipe":"6:', '"recipe":"5:')],
  ])("refuses a file with %s", (_name, damage) => {
    const text = savedText();
    expect(decodeSearchCache(text)).toBeDefined();
    const damaged = damage(text);
    expect(damaged).not.toBe(text);
    expect(decodeSearchCache(damaged)).toBeUndefined();
  });

  it("writes no file for a term holding a space, which the tokenizer never makes", () => {
    const saved = {
      table: {
        keys: ["topics/a id__Aaaaa1.md"],
        lengths: [1, 0, 1],
        terms: [["a b"], []],
        frequencies: [[1], []],
        postings: ["0", ""],
      },
      hashes: [null],
    };
    expect(encodeSearchCache(saved)).toBeUndefined();
  });
});
