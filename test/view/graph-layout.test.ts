/**
 * The graph's ring layout (what every view of the site's graph is drawn with): one place per
 * node, the first in the middle, the order kept from the middle outward, no two nodes
 * overlapping whatever their sizes, and the same places on every run.
 */
import * as fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ringLayout } from "../../src/view/graph-layout.js";

const sizes = fc.array(fc.integer({ min: 4, max: 400 }), { minLength: 0, maxLength: 250 });

describe("ringLayout", () => {
  it("places every node once, the first in the middle, and the same way every time", () => {
    fc.assert(
      fc.property(sizes, (diameters) => {
        const positions = ringLayout(diameters);
        expect(positions).toHaveLength(diameters.length);
        expect(positions.slice(0, 1)).toEqual(diameters.length > 0 ? [{ x: 0, y: 0 }] : []);
        for (const { x, y } of positions)
          expect(Number.isFinite(x) && Number.isFinite(y)).toBe(true);
        expect(ringLayout(diameters)).toEqual(positions);
      }),
    );
  });

  it("never overlaps two nodes, and puts the earlier ones nearer the middle", () => {
    fc.assert(
      fc.property(sizes, (diameters) => {
        const positions = ringLayout(diameters);
        const distance = (a: number, b: number): number =>
          Math.hypot(
            (positions[a]?.x ?? 0) - (positions[b]?.x ?? 0),
            (positions[a]?.y ?? 0) - (positions[b]?.y ?? 0),
          );
        for (let a = 0; a < positions.length; a++) {
          for (let b = a + 1; b < positions.length; b++) {
            // Two decimals of rounding either way.
            expect(distance(a, b)).toBeGreaterThanOrEqual(
              ((diameters[a] ?? 0) + (diameters[b] ?? 0)) / 2 - 0.02,
            );
          }
          // Rings outward: no node nearer the middle than the one before it.
          expect(distance(a, 0) + 0.02).toBeGreaterThanOrEqual(distance(Math.max(0, a - 1), 0));
        }
      }),
      { numRuns: 60 },
    );
  });

  it("puts a note's neighbours around it, the most linked first", () => {
    expect(ringLayout([28, 16, 16])).toEqual([
      { x: 0, y: 0 },
      { x: 0, y: -36 },
      { x: 0, y: 36 },
    ]);
    // Seven fit on the first ring around a focus; the eighth starts the next ring.
    const ring = ringLayout([28, ...Array.from({ length: 8 }, () => 16)]);
    expect(ring.slice(1, 8).every(({ x, y }) => Math.abs(Math.hypot(x, y) - 36) < 0.01)).toBe(true);
    expect(Math.hypot(ring[8]?.x ?? 0, ring[8]?.y ?? 0)).toBeGreaterThan(36 + 16);
  });
});
