import { describe, expect, it } from "vitest";
import { closestTitles, dice } from "../../../src/cli/render/closest-titles.js";

const notes = [
  { id: "id__Kf9mNp", title: "Igor — fullstack developer" },
  { id: "id__Ab3xYz", title: "Console app architecture" },
  { id: "id__Zz9yXw", title: "Release process" },
  { id: "id__Qq1wEe", title: "Deploy checklist" },
];

describe("closestTitles", () => {
  it("finds a note by a word of its title, ignoring case and accents", () => {
    expect(closestTitles("igor", notes)).toEqual([notes[0]]);
    expect(closestTitles("CÖNSOLE", notes)[0]).toEqual(notes[1]);
  });

  it("finds a note by a mistyped id, with or without the prefix", () => {
    expect(closestTitles("id__Kf9mNq", notes)[0]).toEqual(notes[0]);
    expect(closestTitles("Zz9yX", notes)[0]).toEqual(notes[2]);
  });

  it("ranks by similarity, caps the count and drops noise", () => {
    expect(closestTitles("relase proces", notes)[0]).toEqual(notes[2]);
    expect(closestTitles("e", notes, 2).length).toBeLessThanOrEqual(2);
    expect(closestTitles("xylophone", notes)).toEqual([]);
    expect(closestTitles("id__", notes)).toEqual([]);
  });

  it("computes the Dice coefficient of bigrams", () => {
    expect(dice("night", "night")).toBe(1);
    expect(dice("night", "nacht")).toBeCloseTo(0.25);
    expect(dice("a", "b")).toBe(0);
  });
});
