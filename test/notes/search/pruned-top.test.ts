/**
 * Top-k pruning returns exactly the exhaustive scoring's best: on random corpora (skewed word
 * frequencies, so some lists are long and weak and pruning has something to skip; replaced
 * and removed documents) and random queries (repeated words, exact forms standing for a stem
 * with a weight, prefix and fuzzy terms, the title bonus, capped derived idf, more than 32
 * words, the name prior), the same documents in the same order with the same scores to the last
 * bit, ties in the requested order; and the score of any one document equals the exhaustive one.
 */
import * as fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  createScoredPostings,
  type PostingsDocument,
  type ScoredPostings,
  type ScoringOptions,
  type TermSpec,
} from "../../../src/notes/search/scored-postings.js";
import { createPostingsTable } from "../../../src/notes/search/postings-table.js";
import { openingTerm } from "../../../src/notes/search/search-terms.js";

const VOCABULARY = [
  "the",
  "consol",
  "console",
  "consul",
  "design",
  "desig",
  "graph",
  "graphs",
  "link",
  "linke",
  "=console",
  "=graphs",
  "river",
  "rivers",
  "stone",
  "stones",
  "paint",
  "painter",
  "a",
  "ab",
];
const BASE: ScoringOptions = {
  boost: { text: 1, tags: 2 },
  bm25: { k: 1.2, b: 0.75, d: 0.5 },
  weights: { fuzzy: 0.45, prefix: 0.375 },
};

// Zipf-like: the first words are far more frequent than the last.
const word = fc
  .integer({ min: 0, max: 399 })
  .map((n) => VOCABULARY[Math.floor(Math.sqrt(n) * (VOCABULARY.length / 20))] ?? "a");
const text = fc.array(word, { maxLength: 30 });

function field(list: readonly string[]) {
  const terms = new Map<string, number>();
  for (const term of list) terms.set(term, (terms.get(term) ?? 0) + 1);
  return { terms, length: new Set(list).size };
}

const byNumber = (a: number, b: number) => a - b;

function documentOf(
  key: string,
  words: readonly string[],
  tags: readonly string[],
): PostingsDocument {
  const body = field(words);
  const tagField = field(tags);
  return {
    key,
    terms: { text: body.terms, tags: tagField.terms },
    lengths: { text: body.length, tags: tagField.length },
    titleTerms: new Set([
      ...words.slice(0, 3).filter((term) => !term.startsWith("=")),
      // The words the note opens with, for the name prior: its first and (as if a body's) fourth.
      ...[words[0], words[3]].flatMap((term) =>
        term === undefined || term.startsWith("=") ? [] : [openingTerm(term)],
      ),
    ]),
  };
}

const spec: fc.Arbitrary<TermSpec> = fc
  .record({
    term: fc.constantFrom(...VOCABULARY, "consoles", "graf", "zzz"),
    prefix: fc.boolean(),
    fuzzy: fc.constantFrom(0, 1),
    weight: fc.constantFrom(1, 2, 0.5),
    word: fc.constantFrom("consol", "graph", "river", ""),
  })
  .map(({ word: stands, ...rest }) => (stands === "" ? rest : { ...rest, word: stands }));

const options: fc.Arbitrary<ScoringOptions> = fc
  .record({
    title: fc.constantFrom(0, 0.15, 1),
    capDerivedIdf: fc.boolean(),
    names: fc.option(
      fc.record({
        terms: fc.subarray(["consol", "graph", "river", "the", "zzz"]),
        weight: fc.constantFrom(0, 0.5, 1, 3),
      }),
      { nil: undefined },
    ),
  })
  .map(({ names, ...extra }) => ({ ...BASE, ...extra, ...(names === undefined ? {} : { names }) }));

/** The exhaustive scoring's k best, by score then the order given. */
function exhaustiveTop(
  index: ScoredPostings,
  specs: readonly TermSpec[],
  scoring: ScoringOptions,
  k: number,
  accept: (doc: number) => boolean,
  order: (a: number, b: number) => number,
) {
  const found = index.query(specs, scoring);
  return [...found.docs]
    .map((doc, at) => ({ doc, score: found.scores[at] ?? 0 }))
    .filter((hit) => accept(hit.doc))
    .toSorted((a, b) => b.score - a.score || order(a.doc, b.doc))
    .slice(0, k);
}

function built(
  texts: readonly (readonly string[])[],
  edits: readonly [number, readonly string[]][],
  removals: readonly number[],
  reload: boolean,
): ScoredPostings {
  const index = createScoredPostings();
  texts.forEach((words, n) => index.add(documentOf(`d${n}`, words, words.slice(-2))));
  for (const [n, words] of edits) index.add(documentOf(`d${n % texts.length}`, words, []));
  for (const n of removals) index.remove(`d${n % texts.length}`);
  return reload ? createScoredPostings(createPostingsTable(index.table.save())) : index;
}

describe("top-k pruning", () => {
  it("returns the exhaustive scoring's k best, same order and scores to the bit", () => {
    fc.assert(
      fc.property(
        fc.array(text, { minLength: 1, maxLength: 80 }),
        fc.array(fc.tuple(fc.nat(), text), { maxLength: 5 }),
        fc.array(fc.nat(), { maxLength: 5 }),
        fc.boolean(),
        fc.array(spec, { minLength: 1, maxLength: 8 }),
        options,
        fc.integer({ min: 1, max: 12 }),
        fc.constantFrom("by number", "reversed", "by key"),
        fc.integer({ min: 1, max: 4 }),
        fc.integer({ min: 0, max: 3 }),
        (texts, edits, removals, reload, specs, scoring, k, tie, skip, longer) => {
          const index = built(texts, edits, removals, reload);
          const key = (doc: number) => index.table.keyOf(doc) ?? "";
          const order =
            tie === "by number"
              ? byNumber
              : tie === "reversed"
                ? (a: number, b: number) => b - a
                : (a: number, b: number) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0);
          // Some documents are not hits (a note without facts, a filter).
          const accept = (doc: number) => doc % 7 !== skip;
          const compare = () => {
            const expected = exhaustiveTop(index, specs, scoring, k, accept, order);
            const top = index.queryTop(specs, scoring, { k, accept, order });
            expect([...top.docs]).toEqual(expected.map((hit) => hit.doc));
            expect([...top.scores]).toEqual(expected.map((hit) => hit.score));
            // Any document's own score is the exhaustive one.
            const all = index.query(specs, scoring);
            all.docs.forEach((doc, at) => expect(top.scoreOf(doc)).toBe(all.scores[at]));
          };
          compare();
          // Notes of other words move the field averages, not the query's lists: the bounds
          // kept from the first query are scaled, and must still hold.
          for (let n = 0; n < longer; n++) {
            const words = Array.from({ length: 10 + 20 * n }, (_, at) => `other${at}`);
            index.add(documentOf(`long${n}`, words, words.slice(0, 3)));
          }
          compare();
        },
      ),
      { numRuns: 400 },
    );
  });

  it("keeps every document that ties the k-th score, in the requested order", () => {
    // 50 identical documents: every score ties; the order alone decides.
    const index = createScoredPostings();
    for (let n = 0; n < 50; n++) index.add(documentOf(`d${n}`, ["river", "stone", "the"], []));
    const specs = [
      { term: "river", prefix: false, fuzzy: 0 },
      { term: "the", prefix: false, fuzzy: 0 },
    ];
    const top = index.queryTop(specs, BASE, { k: 5, accept: () => true, order: (a, b) => b - a });
    expect([...top.docs]).toEqual([49, 48, 47, 46, 45]);
    expect(new Set(top.scores).size).toBe(1);
  });

  it("scores a query of more than 32 distinct words as the exhaustive scoring does", () => {
    const words = Array.from({ length: 40 }, (_, at) => `w${at.toString(36)}x`);
    fc.assert(
      fc.property(
        fc.array(fc.subarray(words, { minLength: 1 }), { minLength: 1, maxLength: 30 }),
        fc.integer({ min: 1, max: 5 }),
        (texts, k) => {
          const index = createScoredPostings();
          texts.forEach((list, n) => index.add(documentOf(`d${n}`, list, [])));
          const specs = words.map((term) => ({ term, prefix: false, fuzzy: 0 }));
          const expected = exhaustiveTop(index, specs, BASE, k, () => true, byNumber);
          const top = index.queryTop(specs, BASE, { k, accept: () => true, order: byNumber });
          expect([...top.docs]).toEqual(expected.map((hit) => hit.doc));
          expect([...top.scores]).toEqual(expected.map((hit) => hit.score));
        },
      ),
      { numRuns: 100 },
    );
  });
});
