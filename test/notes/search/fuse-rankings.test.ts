import * as fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseNote } from "../../../src/model/note-format.js";
import type { StoredNote } from "../../../src/notes/store/note-store.js";
import { fuseRankings, RRF_K } from "../../../src/notes/search/fuse-rankings.js";
import type { RankedHit } from "../../../src/notes/search/link-boost.js";

function stored(n: number): StoredNote {
  const id = `id__N${String(n).padStart(5, "0")}`;
  return {
    path: `topics/n${n} ${id}.md`,
    status: "active",
    slug: `n${n}`,
    mtimeMs: 0,
    size: 0,
    hash: `hash-${n}`,
    note: parseNote(`# N${n}\n`, id),
  };
}

const ranked = (note: StoredNote, score: number): RankedHit => ({
  stored: note,
  id: note.note.id,
  score,
  textScore: score,
  matches: {},
});

describe("fuseRankings", () => {
  it("sums 1 / (k + rank) over the rankings a note is in", () => {
    const [a, b, c] = [stored(1), stored(2), stored(3)];
    const fused = fuseRankings(
      [ranked(a, 9), ranked(b, 5)],
      [
        { stored: b, similarity: 0.9 },
        { stored: c, similarity: 0.5 },
      ],
      10,
    );
    expect(fused.map((hit) => hit.stored.note.id)).toEqual([b.note.id, a.note.id, c.note.id]);
    expect(fused[0]?.score).toBeCloseTo(1 / (RRF_K + 2) + 1 / (RRF_K + 1));
    expect(fused[2]).toMatchObject({ lexical: undefined, similarity: 0.5 });
  });

  it("keeps every note of either ranking once, best first, whatever the input", () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 0, max: 40 }), { maxLength: 20 }),
        fc.uniqueArray(
          fc.record({
            n: fc.integer({ min: 0, max: 40 }),
            s: fc.double({ min: -1, max: 1, noNaN: true }),
          }),
          {
            selector: (v) => v.n,
            maxLength: 20,
          },
        ),
        (lexical, vector) => {
          const fused = fuseRankings(
            lexical.map((n, i) => ranked(stored(n), 100 - i)),
            vector.map(({ n, s }) => ({ stored: stored(n), similarity: s })),
            100,
          );
          const ids = fused.map((hit) => hit.stored.note.id);
          const expected = new Set(
            [...lexical, ...vector.map((v) => v.n)].map((n) => stored(n).note.id),
          );
          expect(new Set(ids)).toEqual(expected);
          expect(ids).toHaveLength(expected.size);
          for (let i = 1; i < fused.length; i++) {
            expect(fused[i - 1]?.score ?? 0).toBeGreaterThanOrEqual(fused[i]?.score ?? 0);
          }
        },
      ),
    );
  });
});
