/**
 * Packed times behave as the Map they were packed from: lookups by binary search, iteration
 * and changes after filling, copies that share nothing a change can reach. Anything not as
 * written reads back as absent, so the walk runs again.
 */
import * as fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  copyTimes,
  packTimes,
  unpackTimes,
} from "../../../src/adapters/git-history/packed-times.js";
import type { CommittedTimes } from "../../../src/ports/git.js";

// Ids of every accepted width, mixed (ids made before a width change stay); the second, over
// two letters, makes one id a prefix of another often (id__aaaaaa, id__aaaaaab).
const anyId = fc.stringMatching(/^[0-9A-Za-z]{6,16}$/).map((body) => `id__${body}`);
const prefixedId = fc.stringMatching(/^[ab]{6,9}$/).map((body) => `id__${body}`);
const times = fc
  .tuple(fc.integer({ min: 0, max: 2e12 }), fc.integer({ min: 0, max: 1e9 }))
  .map(([createdAt, extra]): CommittedTimes => ({ createdAt, updatedAt: createdAt + extra }));

describe("packed times", () => {
  it.each([
    ["of any accepted width", anyId],
    ["prefixes of each other", prefixedId],
  ])(
    "with ids %s, answer every lookup, iteration and change as the Map they came from",
    (_case, id) => {
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
    },
  );

  it.each([
    ["ids out of order", { ids: "id__BBBBBB id__AAAAAA", times: [1, 2, 3, 4] }],
    ["a repeated id", { ids: "id__AAAAAA id__AAAAAA", times: [1, 2, 3, 4] }],
    ["a malformed id", { ids: "id__AA-AAA", times: [1, 2] }],
    ["a missing separator", { ids: "id__AAAAAAid__BBBBBB", times: [1, 2, 3, 4] }],
    ["a doubled separator", { ids: "id__AAAAAA  id__BBBBBB", times: [1, 2, 3, 4] }],
    ["a trailing separator", { ids: "id__AAAAAA ", times: [1, 2] }],
    ["an id too long", { ids: `id__${"A".repeat(17)}`, times: [1, 2] }],
    ["a wider id sorted before its prefix", { ids: "id__AAAAAAB id__AAAAAA", times: [1, 2, 3, 4] }],
    ["more ids than times", { ids: "id__AAAAAA id__BBBBBB", times: [1, 2] }],
    ["ids and no times", { ids: "id__AAAAAA", times: [] }],
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

  it("finds ids of several widths side by side, a prefix before the ids it starts", () => {
    const packed = unpackTimes({
      ids: "id__AAAAAA id__AAAAAAAA id__AAAAAB id__zzzzzzzzzzzzzzzz",
      times: [1, 2, 3, 4, 5, 6, 7, 8],
    });
    expect(packed?.get("id__AAAAAAAA")).toEqual({ createdAt: 3, updatedAt: 4 });
    expect(packed?.get("id__AAAAAA")).toEqual({ createdAt: 1, updatedAt: 2 });
    expect(packed?.get("id__zzzzzzzzzzzzzzzz")).toEqual({ createdAt: 7, updatedAt: 8 });
    expect(packed?.has("id__AAAAAAA")).toBe(false);
    expect([...(packed?.keys() ?? [])]).toEqual([
      "id__AAAAAA",
      "id__AAAAAAAA",
      "id__AAAAAB",
      "id__zzzzzzzzzzzzzzzz",
    ]);
  });

  it("reads an empty walk back as empty", () => {
    expect(unpackTimes({ ids: "", times: [] })?.size).toBe(0);
  });
});
