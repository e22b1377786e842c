/**
 * The heap of a top-k scoring keeps exactly the k best of what it was offered (by score, ties
 * in the given order), whatever the order they came in, and says which would enter.
 */
import * as fc from "fast-check";
import { describe, expect, it } from "vitest";
import { TopHeap } from "../../../src/notes/search/top-heap.js";

describe("the top-k heap", () => {
  it("holds the k best offered, best first, ties in the order", () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.nat(500), { minLength: 0, maxLength: 60 }),
        fc.array(fc.constantFrom(0.5, 1, 1.5, 2, 7.25), { minLength: 60, maxLength: 60 }),
        fc.integer({ min: 1, max: 12 }),
        fc.boolean(),
        (docs, scores, k, reversed) => {
          const order = reversed
            ? (a: number, b: number) => b - a
            : (a: number, b: number) => a - b;
          const top = new TopHeap(k, order);
          docs.forEach((doc, at) => {
            const score = scores[at] ?? 0;
            if (top.enters(doc, score)) top.add(doc, score);
          });
          const expected = docs
            .map((doc, at) => ({ doc, score: scores[at] ?? 0 }))
            .toSorted((a, b) => b.score - a.score || order(a.doc, b.doc))
            .slice(0, k);
          const best = top.best();
          expect([...best.docs]).toEqual(expected.map((hit) => hit.doc));
          expect([...best.scores]).toEqual(expected.map((hit) => hit.score));
          expect(top.full).toBe(docs.length >= k);
          // A full heap's threshold is the k-th score.
          expect(top.full ? top.threshold : undefined).toBe(
            top.full ? expected.at(-1)?.score : undefined,
          );
        },
      ),
      { numRuns: 300 },
    );
  });
});
