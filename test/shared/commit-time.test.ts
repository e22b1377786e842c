/**
 * A commit's time always becomes one a Date holds: git accepts any date a committer sets, and
 * a time past a Date's range made every page, list and JSON that shows it throw.
 */
import * as fc from "fast-check";
import { describe, expect, it } from "vitest";
import { commitTimeMs } from "../../src/shared/commit-time.js";

describe("commitTimeMs", () => {
  it("is git's seconds in ms within a Date's range, its edge beyond, and never an invalid Date", () => {
    fc.assert(
      fc.property(fc.oneof(fc.double(), fc.integer(), fc.constantFrom(9e12, -9e12)), (seconds) => {
        const ms = commitTimeMs(seconds);
        expect(() => new Date(ms).toISOString()).not.toThrow();
        const exact = seconds * 1000;
        // Within the range: git's time; beyond it: the range's edge; no number: the epoch.
        const expected = Number.isNaN(exact) ? 0 : Math.max(-8.64e15, Math.min(8.64e15, exact));
        // (+ 0: -0 and 0 are the same time.)
        expect(ms + 0).toBe(expected + 0);
      }),
    );
    expect(commitTimeMs(1_700_000_000)).toBe(1_700_000_000_000);
    expect(new Date(commitTimeMs(9_000_000_000_000)).toISOString()).toBe(
      "+275760-09-13T00:00:00.000Z",
    );
    expect(commitTimeMs(Number.NaN)).toBe(0);
  });
});
