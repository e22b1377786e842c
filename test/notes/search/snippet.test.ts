import { describe, expect, it } from "vitest";
import { buildSnippet, SNIPPET_LENGTH } from "../../../src/notes/search/snippet.js";

import { searchFixture } from "./search-fixture.js";
import { okOf } from "../../helpers/result-helpers.js";

const words = (prefix: string, count: number) =>
  Array.from({ length: count }, (_, i) => `${prefix}${i}`).join(" ");

describe("buildSnippet", () => {
  it("returns a short body whole, whitespace collapsed", () => {
    expect(buildSnippet("  Igor works\n\non the   console.\t", new Set(["console"]))).toBe(
      "Igor works on the console.",
    );
  });

  it("cuts a long body around the first match, at word boundaries, with ellipses", () => {
    const body = `${words("before", 60)}\n\nthe Café opens\n${words("after", 60)}`;
    const snippet = buildSnippet(body, new Set(["cafe"]));
    expect(snippet.startsWith("…")).toBe(true);
    expect(snippet.endsWith("…")).toBe(true);
    expect(snippet).toContain("the Café opens");
    expect(snippet.length).toBeLessThanOrEqual(SNIPPET_LENGTH + 2);
    expect(snippet.length).toBeGreaterThan(SNIPPET_LENGTH - 20);
    expect(snippet).not.toMatch(/\s{2}|\n/);
    // Whole words only on both sides.
    expect(snippet).toMatch(/^…before\d+ /);
    expect(snippet).toMatch(/ after\d+…$/);
  });

  it("keeps the start of the body when the match is near it", () => {
    const snippet = buildSnippet(`Console first. ${words("w", 80)}`, new Set(["console"]));
    expect(snippet.startsWith("Console first.")).toBe(true);
    expect(snippet.endsWith("…")).toBe(true);
  });

  it("fills the window backwards when the match is near the end", () => {
    const snippet = buildSnippet(`${words("w", 80)} the console`, new Set(["console"]));
    expect(snippet.startsWith("…")).toBe(true);
    expect(snippet.endsWith("the console")).toBe(true);
    expect(snippet.length).toBeGreaterThan(SNIPPET_LENGTH - 20);
  });

  it("shows the start of the body when no body word matched", () => {
    const snippet = buildSnippet(words("w", 80), new Set(["title-only"]));
    expect(snippet.startsWith("w0 w1")).toBe(true);
    expect(snippet.endsWith("…")).toBe(true);
  });

  it("never splits a surrogate pair in a long unbroken word", () => {
    const snippet = buildSnippet("😀".repeat(200), new Set());
    expect(snippet.endsWith("😀…")).toBe(true);
  });
});

describe("searchNotes snippets", () => {
  it("quotes the body around the match, links shown as their text", async () => {
    const { search } = await searchFixture([
      {
        id: "id__Snip00",
        title: "Weekly",
        body: `${words("filler", 50)} igor moved to the [[id__Kf9mNp|console app]] team. ${words("tail", 40)}`,
      },
    ]);
    const [result] = okOf(await search("igor"));
    expect(result?.snippet).toContain("igor moved to the console app team.");
    expect(result?.snippet.startsWith("…")).toBe(true);
  });

  it("matches the snippet to a prefix or fuzzy match", async () => {
    const { search } = await searchFixture([
      { id: "id__Snip00", title: "Weekly", body: `${words("filler", 50)} Deployment done.` },
    ]);
    expect(okOf(await search("deplo"))[0]?.snippet).toMatch(/Deployment done\.$/);
    expect(okOf(await search("deploymant"))[0]?.snippet).toMatch(/Deployment done\.$/);
  });
});
