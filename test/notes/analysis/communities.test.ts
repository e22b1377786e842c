import * as fc from "fast-check";
import { describe, expect, it } from "vitest";
import { communities } from "../../../src/notes/analysis/communities.js";
import { connectedComponents } from "../../../src/notes/analysis/components.js";
import { linkGraph } from "../../../src/notes/analysis/link-graph.js";
import type { AnalysisNote } from "../../../src/notes/analysis/analysis-input.js";
import { arbitraryGraphNotes, note } from "./analysis-helpers.js";

/** A clique of `size` notes named `prefix0`... (each links to every later one). */
function clique(prefix: string, size: number): AnalysisNote[] {
  const ids = Array.from({ length: size }, (_, i) => `id__${prefix}${i}`);
  return ids.map((id, i) => note(id, ids.slice(i + 1)));
}

describe("communities", () => {
  it("splits two dense groups joined by one link inside one component", () => {
    const left = clique("Left0", 6);
    const right = clique("Right", 6);
    // The single bridge: the last left note links to the first right one.
    const bridged = [...left.slice(0, 5), note("id__Left05", ["id__Right0"]), ...right];
    const graph = linkGraph(bridged);
    const components = connectedComponents(graph);
    expect(components).toHaveLength(1);
    expect(communities(graph, components[0] ?? [])).toEqual([
      left.map((n) => n.id),
      right.map((n) => n.id),
    ]);
  });

  it("keeps a single clique together and ignores ids outside the graph", () => {
    const notes = clique("Solo0", 5);
    const graph = linkGraph(notes);
    expect(communities(graph, [...graph.ids, "id__NotHer"])).toEqual([graph.ids]);
  });

  it("partitions every component, and gives the same answer for the same graph", () => {
    fc.assert(
      fc.property(arbitraryGraphNotes, (notes) => {
        const graph = linkGraph(notes);
        const again = linkGraph(notes.toReversed());
        for (const component of connectedComponents(graph)) {
          const found = communities(graph, component);
          const members = found.flat();
          expect(members.toSorted()).toEqual(component.toSorted());
          expect(new Set(members).size).toBe(members.length);
          for (const community of found) expect(community.length).toBeGreaterThan(0);
          expect(communities(again, component.toReversed())).toEqual(found);
        }
      }),
    );
  });
});
