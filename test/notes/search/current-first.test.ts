import { describe, expect, it } from "vitest";
import type { SearchResult } from "../../../src/notes/search/rank-notes.js";
import { currentFirst } from "../../../src/notes/search/current-first.js";

function result(id: string, by?: string): SearchResult {
  return {
    id,
    title: id,
    status: "active",
    score: 1,
    scores: { lexical: 1, graph: 0, vector: null },
    snippet: "",
    ...(by === undefined ? {} : { supersededBy: { id: by, title: by } }),
  };
}

const ids = (results: readonly SearchResult[]) => results.map((r) => r.id);

describe("currentFirst", () => {
  it("puts a superseded note right below its successor, a chain in order", () => {
    expect(
      ids(currentFirst([result("a", "b"), result("x"), result("b", "c"), result("c")])),
    ).toEqual(["x", "c", "b", "a"]);
  });

  it("puts a superseded note whose successor is not a result, or a loop, at the end", () => {
    expect(ids(currentFirst([result("a", "gone"), result("x"), result("y")]))).toEqual([
      "x",
      "y",
      "a",
    ]);
    expect(ids(currentFirst([result("a", "b"), result("b", "a"), result("x")]))).toEqual([
      "x",
      "a",
      "b",
    ]);
  });

  it("leaves results without marks as they are", () => {
    expect(ids(currentFirst([result("b"), result("a")]))).toEqual(["b", "a"]);
  });
});
