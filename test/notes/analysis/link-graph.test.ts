import * as fc from "fast-check";
import { describe, expect, it } from "vitest";
import { connectedComponents } from "../../../src/notes/analysis/components.js";
import { linkGraph } from "../../../src/notes/analysis/link-graph.js";
import { arbitraryGraphNotes, note } from "./analysis-helpers.js";

describe("linkGraph", () => {
  it("keeps links between existing notes only, once each, without self-links", () => {
    const graph = linkGraph([
      note("id__CCCCCC", ["id__AAAAAA", "id__AAAAAA", "id__CCCCCC", "id__Gone00"]),
      note("id__AAAAAA", ["id__BBBBBB"]),
      note("id__BBBBBB"),
    ]);
    expect(graph.ids).toEqual(["id__AAAAAA", "id__BBBBBB", "id__CCCCCC"]);
    expect(graph.outbound).toEqual([[1], [], [0]]);
    expect(graph.inbound).toEqual([[2], [0], []]);
    expect(graph.neighbors).toEqual([[1, 2], [0], [0]]);
  });

  it("merges the links of notes that share an id into one node", () => {
    const graph = linkGraph([
      note("id__AAAAAA", ["id__BBBBBB"]),
      note("id__AAAAAA", ["id__CCCCCC"]),
      note("id__BBBBBB"),
      note("id__CCCCCC"),
    ]);
    expect(graph.outbound[0]).toEqual([1, 2]);
  });
});

describe("connectedComponents", () => {
  it("finds two components and an isolated note, largest first", () => {
    const graph = linkGraph([
      note("id__AAAAAA", ["id__BBBBBB"]),
      note("id__BBBBBB"),
      note("id__CCCCCC", ["id__DDDDDD"]),
      note("id__DDDDDD", ["id__EEEEEE"]),
      note("id__EEEEEE"),
      note("id__FFFFFF", ["id__FFFFFF", "id__Gone00"]),
    ]);
    expect(connectedComponents(graph)).toEqual([
      ["id__CCCCCC", "id__DDDDDD", "id__EEEEEE"],
      ["id__AAAAAA", "id__BBBBBB"],
      ["id__FFFFFF"],
    ]);
  });

  it("partitions the notes, with no link between two components", () => {
    fc.assert(
      fc.property(arbitraryGraphNotes, (notes) => {
        const graph = linkGraph(notes);
        const components = connectedComponents(graph);
        const all = components.flat();
        expect(all.toSorted()).toEqual([...graph.ids].toSorted());
        expect(new Set(all).size).toBe(all.length);
        const componentOf = new Map(components.flatMap((ids, c) => ids.map((id) => [id, c])));
        graph.outbound.forEach((targets, source) => {
          for (const target of targets) {
            expect(componentOf.get(graph.ids[target] ?? "")).toBe(
              componentOf.get(graph.ids[source] ?? ""),
            );
          }
        });
        for (let c = 1; c < components.length; c++) {
          expect((components[c - 1] ?? []).length).toBeGreaterThanOrEqual(
            (components[c] ?? []).length,
          );
        }
      }),
    );
  });
});
