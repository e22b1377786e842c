/** matchLines is a longest common subsequence of lines: as long as the textbook one, in order. */
import * as fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fileLines, matchLines } from "../../../src/model/markdown/line-match.js";

function lcsLength(a: readonly string[], b: readonly string[]): number {
  const row = Array.from({ length: b.length + 1 }, () => 0);
  for (const x of a) {
    let diagonal = 0;
    for (let j = 1; j <= b.length; j++) {
      const above = row[j] ?? 0;
      row[j] = x === b[j - 1] ? diagonal + 1 : Math.max(above, row[j - 1] ?? 0);
      diagonal = above;
    }
  }
  return row[b.length] ?? 0;
}

describe("matchLines", () => {
  it("matches equal lines in order, as many as a longest common subsequence", () => {
    const lines = fc.array(fc.constantFrom("a", "b", "c", "", "d"), { maxLength: 30 });
    fc.assert(
      fc.property(lines, lines, (before, after) => {
        const matched = matchLines(before, after);
        expect(matched).toHaveLength(after.length);
        let last = -1;
        let count = 0;
        for (const [j, i] of matched.entries()) {
          if (i < 0) continue;
          expect(before[i]).toBe(after[j]);
          expect(i).toBeGreaterThan(last);
          last = i;
          count++;
        }
        expect(count).toBe(lcsLength(before, after));
      }),
      { numRuns: 1_000 },
    );
  });

  it("keeps what an edit left and splits files as git counts lines", () => {
    expect(matchLines(["a", "b", "c"], ["a", "x", "c", "d"])).toEqual([0, -1, 2, -1]);
    expect(fileLines("# A\n\nbody\n")).toEqual(["# A", "", "body"]);
    expect(fileLines("no newline")).toEqual(["no newline"]);
    expect(fileLines("")).toEqual([]);
  });
});
