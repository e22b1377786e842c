/**
 * The neighbours one edit away are found by first or last letter (vocabulary.ts): on random
 * vocabularies and terms, the same set as trying every term of a neighbouring length.
 */
import * as fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fuzzyNeighbours } from "../../../src/notes/search/vocabulary.js";

function oneEdit(a: string, b: string): boolean {
  if (a === b || Math.abs(a.length - b.length) > 1) return false;
  const [shorter, longer] = a.length <= b.length ? [a, b] : [b, a];
  for (let at = 0; at <= longer.length; at++) {
    if (shorter.length === longer.length) {
      if (
        shorter.slice(0, at) + shorter.slice(at + 1) ===
        longer.slice(0, at) + longer.slice(at + 1)
      )
        return true;
    } else if (longer.slice(0, at) + longer.slice(at + 1) === shorter) return true;
  }
  return false;
}

describe("fuzzy neighbours", () => {
  it("are every term one edit away, found by first or last letter", () => {
    const word = fc.string({
      unit: fc.constantFrom("a", "b", "c", "1"),
      minLength: 1,
      maxLength: 6,
    });
    fc.assert(
      fc.property(fc.uniqueArray(word, { maxLength: 60 }), word, (terms, term) => {
        const sorted = terms.toSorted();
        const expected = sorted.filter((candidate) => oneEdit(candidate, term));
        expect([...fuzzyNeighbours(sorted, term)].toSorted()).toEqual(expected);
      }),
      { numRuns: 500 },
    );
  });
});
