/**
 * The site's search box runs the library's own ranking: over the same notes, the page's search
 * (createSiteSearch over the shipped files) answers exactly what `memory.search` answers.
 */
import { describe, expect, it } from "vitest";
import { createSiteSearch, type SiteSearchFile } from "../../../src/view/browser/site-search.js";
import { hasLocomo, proseNotes } from "../../../bench/prose-notes.js";
import { renderSite } from "../../../src/view/index.js";
import { freshMemory } from "../../helpers/fresh-memory.js";

const QUERIES = ["dog", "painting classes", "camping trip with the kids", "the", "consol", "zzzz"];

describe("site search", () => {
  it.skipIf(!hasLocomo())(
    "ranks LoCoMo notes exactly as memory.search does: ids, scores and snippets",
    async () => {
      const { memory, fs, root } = await freshMemory();
      const notes = proseNotes(300, 0.1);
      await fs.promises.mkdir(`${root}/topics`, { recursive: true });
      for (const note of notes) await fs.promises.writeFile(`${root}/${note.path}`, note.markdown);
      // The search data exactly as a rendered site ships it.
      const site = await renderSite({ memory });
      if (site.isErr()) throw site.error;
      const script = site.value.files.get("data/search.js") ?? "";
      const files = JSON.parse(
        script.slice(script.indexOf("=") + 1, script.lastIndexOf(";")),
      ) as SiteSearchFile[];
      expect(files).toHaveLength(300);
      const search = createSiteSearch(files);
      let compared = 0;
      for (const query of QUERIES) {
        const expected = await memory.search(query, { limit: 10 });
        if (expected.isErr()) throw expected.error;
        const answer = search(query, 10);
        expect("results" in answer ? answer.results : answer).toEqual(expected.value);
        compared += expected.value.length;
      }
      // The queries found something, so the equality is not between two empty lists.
      expect(compared).toBeGreaterThan(20);
    },
  );

  it("answers an invalid query with the library's message, not a throw", () => {
    const search = createSiteSearch([["topics/a id__AAAAAA.md", "active", "A", [], "alpha"]]);
    expect(search("   ")).toEqual({ error: expect.stringContaining("") });
    expect(search("alpha")).toMatchObject({ results: [{ id: "id__AAAAAA", title: "A" }] });
  });
});
