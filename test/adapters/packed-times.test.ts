/**
 * Packed times behave as the Map they were packed from: lookups by binary search, iteration
 * and changes after filling, copies that share nothing a change can reach. Anything not as
 * written reads back as absent, so the walk runs again.
 */
import * as fc from "fast-check";
import { describe, expect, it } from "vitest";
import { copyTimes, packTimes, unpackTimes } from "../../src/adapters/git-history/packed-times.js";
import type { CommittedTimes } from "../../src/ports/git.js";

const id = fc.stringMatching(/^[0-9A-Za-z]{6}$/).map((body) => `id__${body}`);
const times = fc
  .tuple(fc.integer({ min: 0, max: 2e12 }), fc.integer({ min: 0, max: 1e9 }))
  .map(([createdAt, extra]): CommittedTimes => ({ createdAt, updatedAt: createdAt + extra }));

describe("packed times", () => {
  it("answer every lookup, iteration and change as the Map they came from", () => {
    fc.assert(
      fc.property(fc.dictionary(id, times), id, times, (record, probe, added) => {
        const original = new Map(Object.entries(record));
        const packed = unpackTimes(JSON.parse(JSON.stringify(packTimes(original))));
        if (packed === undefined) throw new Error("a packed walk must read back");
        expect(packed.size).toBe(original.size);
        for (const [key, value] of original) expect(packed.get(key)).toEqual(value);
        expect(packed.has(probe)).toBe(original.has(probe));
        expect(packed.get(probe)).toEqual(original.get(probe));
        const copy = copyTimes(packed);
        copy.set(probe, added);
        expect(packed.get(probe)).toEqual(original.get(probe));
        expect(copy.get(probe)).toEqual(added);
        expect(new Map(packed)).toEqual(original);
        packed.delete(probe);
        original.delete(probe);
        expect(new Map(packed)).toEqual(original);
      }),
      { numRuns: 200 },
    );
  });

  it.each([
    ["ids out of order", { ids: "id__BBBBBB id__AAAAAA", times: [1, 2, 3, 4] }],
    ["a repeated id", { ids: "id__AAAAAA id__AAAAAA", times: [1, 2, 3, 4] }],
    ["a malformed id", { ids: "id__AA-AAA", times: [1, 2] }],
    ["a missing separator", { ids: "id__AAAAAAid__BBBBBB", times: [1, 2, 3, 4] }],
    ["too few times", { ids: "id__AAAAAA", times: [1] }],
    ["created after updated", { ids: "id__AAAAAA", times: [2, 1] }],
    ["a time that is not a number", { ids: "id__AAAAAA", times: ["1", 2] }],
    ["no ids", { times: [] }],
  ])("reads back as absent with %s", (_case, value) => {
    expect(unpackTimes(value)).toBeUndefined();
  });

  it("copies the changes made to it, once changed (a walk that moved forward)", () => {
    const packed = unpackTimes({ ids: "id__AAAAAA id__BBBBBB", times: [1, 2, 3, 4] });
    if (packed === undefined) throw new Error("a packed walk must read back");
    packed.set("id__CCCCCC", { createdAt: 5, updatedAt: 6 });
    packed.set("id__AAAAAA", { createdAt: 1, updatedAt: 9 });
    const copy = copyTimes(packed);
    expect(copy.get("id__CCCCCC")).toEqual({ createdAt: 5, updatedAt: 6 });
    expect(copy.get("id__AAAAAA")).toEqual({ createdAt: 1, updatedAt: 9 });
    expect(copy.size).toBe(3);
  });

  it("reads an empty walk back as empty", () => {
    expect(unpackTimes({ ids: "", times: [] })?.size).toBe(0);
  });
});
