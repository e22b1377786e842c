import * as fc from "fast-check";
import { describe, expect, it } from "vitest";
import { linkGraph } from "../../../src/notes/analysis/link-graph.js";
import { shortCycles } from "../../../src/notes/analysis/short-cycles.js";
import { arbitraryGraphNotes, note } from "./analysis-helpers.js";

/** A cycle rotated to start at its smallest id, as a key. */
function canonical(cycle: readonly string[]): string {
  const start = cycle.indexOf(cycle.toSorted()[0] ?? "");
  return [...cycle.slice(start), ...cycle.slice(0, start)].join(",");
}

/** Every directed 2- and 3-cycle by brute force over the note links, rotated to its smallest id. */
function bruteForceCycles(notes: readonly { id: string; links: readonly string[] }[]): string[] {
  const ids = new Set(notes.map((n) => n.id));
  const edge = new Set<string>();
  for (const n of notes)
    for (const target of n.links)
      if (target !== n.id && ids.has(target)) edge.add(`${n.id}>${target}`);
  const has = (a: string, b: string) => edge.has(`${a}>${b}`);
  const found = new Set<string>();
  const all = [...ids];
  for (const a of all)
    for (const b of all) {
      if (a === b) continue;
      if (has(a, b) && has(b, a)) found.add(canonical([a, b]));
      for (const c of all) {
        if (c === a || c === b) continue;
        if (has(a, b) && has(b, c) && has(c, a)) found.add(canonical([a, b, c]));
      }
    }
  return [...found].toSorted();
}

describe("shortCycles", () => {
  it("reports a 2-cycle and a 3-cycle once each, from their smallest id", () => {
    const graph = linkGraph([
      note("id__BBBBBB", ["id__AAAAAA", "id__BBBBBB"]),
      note("id__AAAAAA", ["id__BBBBBB"]),
      note("id__EEEEEE", ["id__CCCCCC"]),
      note("id__CCCCCC", ["id__DDDDDD"]),
      note("id__DDDDDD", ["id__EEEEEE", "id__Gone00"]),
    ]);
    expect(shortCycles(graph)).toEqual([
      ["id__AAAAAA", "id__BBBBBB"],
      ["id__CCCCCC", "id__DDDDDD", "id__EEEEEE"],
    ]);
    expect(shortCycles(graph, { maxLength: 2 })).toEqual([["id__AAAAAA", "id__BBBBBB"]]);
  });

  it("tells the two directions of a triangle apart", () => {
    const graph = linkGraph([
      note("id__AAAAAA", ["id__BBBBBB", "id__CCCCCC"]),
      note("id__BBBBBB", ["id__CCCCCC", "id__AAAAAA"]),
      note("id__CCCCCC", ["id__AAAAAA", "id__BBBBBB"]),
    ]);
    expect(shortCycles(graph)).toEqual([
      ["id__AAAAAA", "id__BBBBBB"],
      ["id__AAAAAA", "id__CCCCCC"],
      ["id__BBBBBB", "id__CCCCCC"],
      ["id__AAAAAA", "id__BBBBBB", "id__CCCCCC"],
      ["id__AAAAAA", "id__CCCCCC", "id__BBBBBB"],
    ]);
  });

  it("bounds the paths examined per note", () => {
    const spokes = Array.from({ length: 5 }, (_, i) => `id__Spok0${i}`);
    const graph = linkGraph([
      note("id__AAAAAA", spokes),
      ...spokes.map((id) => note(id, ["id__AAAAAA", ...spokes])),
    ]);
    expect(shortCycles(graph, { maxPathsPerNote: 0 }).every((cycle) => cycle.length === 2)).toBe(
      true,
    );
  });

  it("reports exactly the real cycles, each once, in order", () => {
    fc.assert(
      fc.property(arbitraryGraphNotes, (notes) => {
        const cycles = shortCycles(linkGraph(notes));
        const keys = cycles.map((cycle) => cycle.join(","));
        expect(new Set(keys).size).toBe(keys.length);
        expect(keys.toSorted()).toEqual(bruteForceCycles(notes));
        for (const cycle of cycles) expect(cycle[0]).toBe(cycle.toSorted()[0]);
        for (let i = 1; i < cycles.length; i++) {
          expect((cycles[i - 1] ?? []).length).toBeLessThanOrEqual((cycles[i] ?? []).length);
        }
      }),
    );
  });
});
