/**
 * A list's score bound holds at every field average: computed once, then scaled when only the
 * average moved (within 5%, up or down), it is never below the BM25+ part of any posting.
 */
import * as fc from "fast-check";
import { describe, expect, it } from "vitest";
import { PostingsList } from "../../../src/notes/search/postings-list.js";
import { maxPart } from "../../../src/notes/search/score-bounds.js";
import { bm25Part } from "../../../src/notes/search/scoring-plan.js";

const BM25 = { k: 1.2, b: 0.75, d: 0.5 };

describe("a postings list's score bound", () => {
  it("is the largest part at its average, and still a bound when the average moves", () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 1, max: 20 }), fc.integer({ min: 1, max: 400 })), {
          minLength: 1,
          maxLength: 40,
        }),
        fc.double({ min: 1, max: 300, noNaN: true }),
        fc.double({ min: 0.5, max: 1.05, noNaN: true }),
        (postings, average, change) => {
          const list = new PostingsList();
          const lengths = new Map<number, number>();
          postings.forEach(([tf, length], doc) => {
            list.set(doc, tf);
            lengths.set(doc, length);
          });
          const lengthOf = (doc: number) => lengths.get(doc) ?? 0;
          const parts = (at: number) =>
            postings.map(([tf, length]) => bm25Part(tf, length, at, BM25));
          expect(maxPart(list, 0, average, BM25, lengthOf)).toBe(Math.max(...parts(average)));
          const moved = average * change;
          const bound = maxPart(list, 0, moved, BM25, lengthOf);
          for (const part of parts(moved)) expect(bound).toBeGreaterThanOrEqual(part);
          // A changed list is measured again.
          list.set(postings.length, 20);
          lengths.set(postings.length, 1);
          expect(maxPart(list, 0, moved, BM25, lengthOf)).toBe(
            Math.max(...parts(moved), bm25Part(20, 1, moved, BM25)),
          );
        },
      ),
      { numRuns: 300 },
    );
  });
});
