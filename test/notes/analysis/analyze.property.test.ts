import * as fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { AnalysisNote } from "../../../src/notes/analysis/analysis-input.js";
import { analyze } from "../../../src/notes/analysis/memory-analysis.js";
import { arbitraryGraphNotes, arbitraryText } from "./analysis-helpers.js";

const DAY = 86_400_000;

/** Random memories: the random graphs, with texts, statuses, sizes and ages. */
const arbitraryMemory = arbitraryGraphNotes.chain((notes) =>
  fc
    .tuple(
      ...notes.map((base) =>
        fc
          .record({
            body: arbitraryText,
            status: fc.constantFrom("inbox", "active", "archived" as const),
            size: fc.nat({ max: 12_000 }),
            age: fc.nat({ max: 400 }),
          })
          .map(({ body, status, size, age }): AnalysisNote => ({
            ...base,
            body,
            status,
            size,
            createdAt: 1_000 * DAY - age * DAY,
            updatedAt: 1_000 * DAY,
          })),
      ),
    )
    .chain((withText) =>
      fc.record({
        notes: fc.constant(withText),
        // Some notes copied under another id, so near-duplicates show up.
        copies: fc.subarray(withText, { maxLength: Math.min(3, withText.length) }),
        indexLinks: fc.subarray(withText.map((n) => n.id)),
      }),
    )
    .map(({ notes: all, copies, indexLinks }) => ({
      notes: [
        ...all,
        ...copies.map((copy, i) => ({
          ...copy,
          id: `id__Copy0${i}`,
          path: `topics/copy id__Copy0${i}.md`,
        })),
      ],
      indexLinks,
      now: 1_000 * DAY,
    })),
);

describe("analyze (pure)", () => {
  it("gives the same bytes whatever order the notes come in", () => {
    fc.assert(
      fc.property(
        arbitraryMemory.chain((input) =>
          fc.tuple(
            fc.constant(input),
            fc.shuffledSubarray(input.notes, { minLength: input.notes.length }),
            fc.shuffledSubarray(input.indexLinks, { minLength: input.indexLinks.length }),
          ),
        ),
        ([input, shuffled, shuffledIndex]) => {
          const options = { communityMinSize: 4, maxNoteBytes: 8_000 };
          const expected = JSON.stringify(analyze(input, options));
          const permuted = { ...input, notes: shuffled, indexLinks: shuffledIndex };
          expect(JSON.stringify(analyze(permuted, options))).toBe(expected);
        },
      ),
    );
  });

  it("keeps its findings consistent with the per-note stats", () => {
    fc.assert(
      fc.property(arbitraryMemory, (input) => {
        const result = analyze(input, { communityMinSize: 4 });
        const byId = new Map(result.notes.map((n) => [n.id, n]));
        expect(result.notes.map((n) => n.id)).toEqual(input.notes.map((n) => n.id).toSorted());
        for (const orphan of result.orphans) {
          const stats = byId.get(orphan.id);
          expect(stats?.inbound).toBe(0);
          expect(stats?.indexed).toBe(false);
          expect(stats?.status).not.toBe("archived");
        }
        for (const id of result.deadEnds) expect(byId.get(id)?.outbound).toBe(0);
        for (const cluster of result.clusters) {
          expect(cluster.id).toBe(cluster.noteIds[0]);
          // Split exactly when large enough, and into a partition of the cluster.
          expect(cluster.communities !== undefined).toBe(cluster.noteIds.length >= 4);
          expect((cluster.communities ?? [cluster.noteIds]).flat().toSorted()).toEqual([
            ...cluster.noteIds,
          ]);
        }
        for (const copy of input.notes.filter((n) => n.id.startsWith("id__Copy"))) {
          const twins = result.nearDuplicates.filter(
            (pair) => (pair.a === copy.id || pair.b === copy.id) && pair.similarity === 1,
          );
          expect(twins.length).toBeGreaterThan(0);
        }
      }),
    );
  });
});
