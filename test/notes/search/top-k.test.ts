import * as fc from "fast-check";
import { describe, expect, it } from "vitest";
import { topK } from "../../../src/notes/search/top-k.js";

const byKey = (a: { key: number }, b: { key: number }) => a.key - b.key;

describe("topK", () => {
  it("equals sorting and slicing, input order kept among equals", () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ key: fc.integer({ min: 0, max: 5 }), at: fc.nat() })),
        fc.integer({ min: 0, max: 12 }),
        (items, k) => {
          expect(topK(items, k, byKey)).toEqual(items.toSorted(byKey).slice(0, k));
        },
      ),
    );
  });
});
