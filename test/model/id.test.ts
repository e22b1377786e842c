import * as fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  generateId,
  ID_BODY_LENGTH,
  ID_BODY_MAX_LENGTH,
  ID_BODY_MIN_LENGTH,
  ID_PLACEHOLDER,
  ID_PREFIX,
  ID_SHAPE,
  ID_SOURCE,
  idLengthAt,
  isValidId,
  normalizeIdInput,
} from "../../src/model/id.js";

/** A byte source that replays `bytes` in order, cycling. */
function replay(bytes: readonly number[]): (n: number) => Uint8Array {
  let next = 0;
  return (n) =>
    Uint8Array.from({ length: n }, () => {
      const byte = bytes[next % bytes.length] ?? 0;
      next++;
      return byte;
    });
}

describe("generateId", () => {
  it("returns the prefix and six base62 characters", () => {
    for (let i = 0; i < 200; i++) expect(generateId()).toMatch(/^id__[0-9A-Za-z]{6}$/);
    expect(ID_PREFIX).toBe("id__");
    expect(ID_BODY_LENGTH).toBe(6);
  });

  it("maps bytes onto the alphabet deterministically", () => {
    expect(generateId(replay([0, 1, 10, 36, 61, 62]))).toBe("id__01Aaz0");
  });

  it("rejects bytes 248..255 instead of folding them with a modulo bias", () => {
    // 248 % 62 would be 0; it must be skipped, not turned into "0".
    expect(generateId(replay([248, 255, 1, 2, 3, 4, 5, 6]))).toBe("id__123456");
  });

  it("keeps asking for bytes until six are accepted", () => {
    const source = replay([255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 7, 255]);
    expect(generateId(source)).toBe("id__777777");
  });

  it("produces only valid ids for any byte source", () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 247 }), { minLength: 1, maxLength: 40 }),
        (bytes) => {
          expect(isValidId(generateId(replay(bytes)))).toBe(true);
        },
      ),
    );
  });

  it("is not visibly biased over many draws", () => {
    const counts = new Map<string, number>();
    for (let i = 0; i < 5000; i++) {
      for (const c of generateId().slice(ID_PREFIX.length)) counts.set(c, (counts.get(c) ?? 0) + 1);
    }
    expect(counts.size).toBe(62);
    // 30 000 draws over 62 symbols: about 484 each; a biased source would sit far off.
    for (const n of counts.values()) expect(n).toBeGreaterThan(350);
  });
});

describe("isValidId", () => {
  it.each(["id__Kf9mNp", "id__000000", "id__zzzzzz", "id__Kf9mNp2Q", `id__${"z".repeat(16)}`])(
    "accepts %s",
    (id) => {
      expect(isValidId(id)).toBe(true);
    },
  );

  it.each([
    "id__Kf9mN",
    "id__Kf9mNpqKf9mNpqKf9",
    "id_Kf9mNp",
    "ID__Kf9mNp",
    "id__Kf9-Np",
    "id__Kf9mNé",
    " id__Kf9mNp",
    "Kf9mNp",
    "",
  ])("refuses %j", (id) => {
    expect(isValidId(id)).toBe(false);
  });
});

describe("normalizeIdInput", () => {
  it("adds the prefix to a bare body and keeps a prefixed id", () => {
    expect(normalizeIdInput("Kf9mNp")).toBe("id__Kf9mNp");
    expect(normalizeIdInput("id__Kf9mNp")).toBe("id__Kf9mNp");
  });

  it("does not validate", () => {
    expect(normalizeIdInput("x")).toBe("id__x");
  });
});

describe("ids of another width", () => {
  it("accepts every width from the narrowest to the widest, and no other", () => {
    for (let width = 1; width <= ID_BODY_MAX_LENGTH + 2; width++) {
      const valid = width >= ID_BODY_MIN_LENGTH && width <= ID_BODY_MAX_LENGTH;
      expect(isValidId(ID_PREFIX + "a".repeat(width))).toBe(valid);
      expect(idLengthAt(`[[${ID_PREFIX}${"a".repeat(width)}|x]]`, 2)).toBe(
        valid ? ID_PREFIX.length + width : 0,
      );
    }
  });

  it("makes new ids at the current width, and at another one when asked", () => {
    expect(generateId().length).toBe(ID_PREFIX.length + ID_BODY_LENGTH);
    expect(generateId(undefined, 8)).toMatch(/^id__[0-9A-Za-z]{8}$/);
    // The same bytes as at width 6, two more of them.
    expect(generateId(replay([0, 1, 10, 36, 61, 62, 2, 3]), 8)).toBe("id__01Aaz023");
    // Outside the accepted range, clamped into it: whatever is asked, the id is valid.
    expect(generateId(undefined, 2).length).toBe(ID_PREFIX.length + ID_BODY_MIN_LENGTH);
    expect(generateId(undefined, 99).length).toBe(ID_PREFIX.length + ID_BODY_MAX_LENGTH);
  });

  it("finds an id in other text without cutting a longer run into one", () => {
    const inText = new RegExp(ID_SOURCE, "g");
    expect("a id__Kf9mNp, b id__Kf9mNp2Q. c".match(inText)).toEqual(["id__Kf9mNp", "id__Kf9mNp2Q"]);
    expect(`id__${"a".repeat(17)}`.match(inText)).toBeNull();
  });

  it("says the shape and shows a placeholder of the current width", () => {
    expect(ID_SHAPE).toBe(
      `"id__" followed by ${ID_BODY_MIN_LENGTH} to ${ID_BODY_MAX_LENGTH} letters or digits`,
    );
    expect(ID_PLACEHOLDER).toBe(`id__${"X".repeat(ID_BODY_LENGTH)}`);
  });
});
