/**
 * A commit's time always becomes one a Date holds: git accepts any date a committer sets, and
 * a time past a Date's range made every page, list and JSON that shows it throw.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { commitTimeMs } from "../../src/shared/commit-time.js";

describe("commitTimeMs", () => {
  it("is git's seconds in ms within a Date's range, its edge beyond, and never an invalid Date", () => {
    fc.assert(
      fc.property(fc.oneof(fc.double(), fc.integer(), fc.constantFrom(9e12, -9e12)), (seconds) => {
        const ms = commitTimeMs(seconds);
        expect(() => new Date(ms).toISOString()).not.toThrow();
        if (Math.abs(seconds * 1000) <= 8.64e15) expect(ms).toBe(seconds * 1000);
        else if (!Number.isNaN(seconds)) expect(Math.abs(ms)).toBe(8.64e15);
      }),
    );
    expect(commitTimeMs(1_700_000_000)).toBe(1_700_000_000_000);
    expect(new Date(commitTimeMs(9_000_000_000_000)).toISOString()).toBe(
      "+275760-09-13T00:00:00.000Z",
    );
    expect(commitTimeMs(Number.NaN)).toBe(0);
  });
});
