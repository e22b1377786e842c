/**
 * The index scores like minisearch, which it replaced: on random corpora and queries (exact,
 * prefix on the last word, one typo in long words, repeated words, two fields with boosts,
 * documents replaced and removed), every document's score equals minisearch's to 1e-9
 * relative, with the same matched terms. And a table saved and loaded answers the same.
 */
import * as fc from "fast-check";
import MiniSearch from "minisearch";
import { describe, expect, it } from "vitest";
import {
  createScoredPostings,
  type PostingsDocument,
  type ScoringOptions,
} from "../../../src/notes/search/scored-postings.js";
import { createPostingsTable } from "../../../src/notes/search/postings-table.js";
import { fuzzyNeighbours, prefixMatches } from "../../../src/notes/search/vocabulary.js";

const WORDS = [
  "consol",
  "console",
  "consul",
  "design",
  "desig",
  "graph",
  "graphs",
  "link",
  "a",
  "ab",
];
const OPTIONS: ScoringOptions = {
  boost: { text: 1, tags: 2 },
  bm25: { k: 1.2, b: 0.75, d: 0.5 },
  weights: { fuzzy: 0.45, prefix: 0.375 },
};

interface Doc {
  readonly id: string;
  readonly text: string;
  readonly tags: string;
}

const words = fc.array(fc.constantFrom(...WORDS), { maxLength: 12 }).map((list) => list.join(" "));

function field(value: string): { terms: Map<string, number>; length: number } {
  const tokens = value.split(" ").filter((token) => token !== "");
  const terms = new Map<string, number>();
  for (const token of tokens) terms.set(token, (terms.get(token) ?? 0) + 1);
  return { terms, length: new Set(value.split(" ")).size };
}

function toDocument(d: Doc): PostingsDocument {
  const text = field(d.text);
  const tags = field(d.tags);
  return {
    key: d.id,
    terms: { text: text.terms, tags: tags.terms },
    lengths: { text: text.length, tags: tags.length },
  };
}

function miniSearch(): MiniSearch<Doc> {
  return new MiniSearch<Doc>({
    fields: ["text", "tags"],
    tokenize: (text) => text.split(" "),
    processTerm: (term) => (term === "" ? null : term),
    autoVacuum: false,
    searchOptions: {
      boost: { text: 1, tags: 2 },
      bm25: { k: 1.2, b: 0.75, d: 0.5 },
      prefix: (_term, at, terms) => at === terms.length - 1,
      fuzzy: (term) => (term.length >= 5 ? 1 : false),
    },
  });
}

describe("the inverted index", () => {
  it("scores every document as minisearch does, through replacements and removals", () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 7 }), { minLength: 1, maxLength: 14 }),
        fc.array(fc.tuple(fc.integer({ min: 0, max: 7 }), words), { maxLength: 6 }),
        fc.array(fc.integer({ min: 0, max: 7 }), { maxLength: 3 }),
        fc.array(fc.constantFrom(...WORDS, "consoles", "graf"), { minLength: 1, maxLength: 4 }),
        (order, edits, removals, query) => {
          const reference = miniSearch();
          const index = createScoredPostings();
          const current = new Map<string, Doc>();
          const put = (d: Doc) => {
            const previous = current.get(d.id);
            if (previous !== undefined) reference.remove(previous);
            reference.add(d);
            index.add(toDocument(d));
            current.set(d.id, d);
          };
          for (const n of order) put({ id: `d${n}`, text: WORDS.slice(n).join(" "), tags: "" });
          for (const [n, text] of edits) put({ id: `d${n}`, text, tags: WORDS[n] ?? "" });
          for (const n of removals) {
            const previous = current.get(`d${n}`);
            if (previous === undefined) continue;
            reference.remove(previous);
            index.remove(previous.id);
            current.delete(previous.id);
          }
          const expected = new Map(reference.search(query.join(" ")).map((r) => [r.id, r]));
          const specs = query.map((term, at) => ({
            term,
            prefix: at === query.length - 1,
            fuzzy: term.length >= 5 ? 1 : 0,
          }));
          const found = index.query(specs, OPTIONS);
          const hits = [...found.docs].map((doc, at) => ({
            key: index.table.keyOf(doc) ?? "",
            doc,
            score: found.scores[at] ?? 0,
          }));
          expect(hits.map((hit) => hit.key).toSorted()).toEqual([...expected.keys()].toSorted());
          for (const hit of hits) {
            const want = expected.get(hit.key);
            expect(Math.abs(hit.score - (want?.score ?? 0))).toBeLessThanOrEqual(
              1e-9 * Math.abs(want?.score ?? 1),
            );
            expect(Object.keys(found.matchOf(hit.doc)).toSorted()).toEqual(
              Object.keys(want?.match ?? {}).toSorted(),
            );
          }
          // Saved and loaded, the table answers the same.
          const loaded = createScoredPostings(createPostingsTable(index.table.save()));
          const reloaded = loaded.query(specs, OPTIONS);
          const again = new Map(
            [...reloaded.docs].map((doc, at) => [loaded.table.keyOf(doc), reloaded.scores[at]]),
          );
          for (const hit of hits) expect(again.get(hit.key)).toBeCloseTo(hit.score, 12);
          expect(again.size).toBe(hits.length);
        },
      ),
      { numRuns: 300 },
    );
  });

  it("finds prefixes by binary search and neighbours one edit away", () => {
    const sorted = ["cat", "console", "consoles", "consul", "conzole", "onsole"];
    expect(prefixMatches(sorted, "cons")).toEqual(["console", "consoles", "consul"]);
    expect(prefixMatches(sorted, "z")).toEqual([]);
    expect([...fuzzyNeighbours(sorted, "console")].toSorted()).toEqual([
      "consoles",
      "conzole",
      "onsole",
    ]);
  });

  it("counts every distinct word of a query of more than 32 words, as minisearch does", () => {
    // 40 distinct words: the per-document word bits span two 32-bit cells.
    const vocabulary = Array.from({ length: 40 }, (_, at) => `w${at.toString(36)}x`);
    fc.assert(
      fc.property(
        fc.array(fc.subarray(vocabulary, { minLength: 1 }), { minLength: 1, maxLength: 6 }),
        (texts) => {
          const reference = miniSearch();
          const index = createScoredPostings();
          texts.forEach((list, n) => {
            const d = { id: `d${n}`, text: list.join(" "), tags: "" };
            reference.add(d);
            index.add(toDocument(d));
          });
          const query = [...vocabulary, vocabulary[0] ?? ""];
          const specs = query.map((term) => ({ term, prefix: false, fuzzy: 0 }));
          const found = index.query(specs, OPTIONS);
          const expected = new Map(
            reference
              .search(query.join(" "), { prefix: false, fuzzy: false })
              .map((r) => [r.id, r.score]),
          );
          expect(found.docs.length).toBe(expected.size);
          found.docs.forEach((doc, at) => {
            const want = expected.get(index.table.keyOf(doc) ?? "") ?? 0;
            expect(Math.abs((found.scores[at] ?? 0) - want)).toBeLessThanOrEqual(1e-9 * want);
          });
        },
      ),
      { numRuns: 100 },
    );
  });
});
