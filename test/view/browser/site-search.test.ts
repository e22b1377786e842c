/**
 * The site's search box runs the library's own index and ranking: the index is serialised
 * into the site at build time, and over the same notes the page's search (createSiteSearch
 * over the shipped files) answers exactly what `memory.search` answers, loading only the
 * shards of notes' text it needs.
 */
import { describe, expect, it } from "vitest";
import { hasLocomo, proseNotes } from "../../../bench/prose-notes.js";
import { renderSite } from "../../../src/view/index.js";
import { freshMemory } from "../../helpers/fresh-memory.js";
import { seedNotes } from "../../helpers/seed-notes.js";
import { siteSearchData, siteSearchOf } from "../site-search-data.js";

const QUERIES = [
  "dog",
  "painting classes",
  "camping trip with the kids",
  // Four words and more: pseudo-relevance feedback, which reads the best hits' text.
  "what did she paint at the pottery workshop last summer",
  "the",
  "consol",
  "zzzz",
];

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
      const files = new Map(site.value.files);
      expect(siteSearchData(files).index.keys).toHaveLength(300);
      let compared = 0;
      for (const query of QUERIES) {
        const expected = await memory.search(query, { limit: 10 });
        if (expected.isErr()) throw expected.error;
        const { search, loaded } = siteSearchOf(files);
        const answer = await search(query, 10);
        expect("results" in answer ? answer.results : answer).toEqual(expected.value);
        compared += expected.value.length;
        // A query of words loads its results' shards, never all of them (a query of
        // stopwords only scans every note, as memory.search does).
        expect(loaded.length).toBeLessThan(query === "the" ? 11 : 300 / 32);
      }
      // The queries found something, so the equality is not between two empty lists.
      expect(compared).toBeGreaterThan(20);
    },
  );

  it("ranks a superseded note below its successor, as memory.search does", async () => {
    const fresh = await freshMemory();
    await seedNotes(fresh.fs, fresh.root, [
      { id: "id__NEWNEW", title: "Deploys", body: "Deploys go through the release branch." },
      {
        id: "id__OLDOLD",
        title: "Deploys, the old way",
        body: "> Superseded by [[id__NEWNEW|Deploys]] on 2026-11-01: a release branch now.\n\nDeploys deploys deploys went straight to main.",
      },
    ]);
    const site = await renderSite(fresh);
    if (site.isErr()) throw site.error;
    const expected = await fresh.memory.search("deploys", { limit: 10 });
    if (expected.isErr()) throw expected.error;
    expect(expected.value[1]?.supersededBy?.id).toBe("id__NEWNEW");
    const { search } = siteSearchOf(new Map(site.value.files));
    expect(await search("deploys", 10)).toEqual({ results: expected.value });
  });

  it("answers an invalid query with the library's message, not a throw", async () => {
    const fresh = await freshMemory();
    await seedNotes(fresh.fs, fresh.root, [{ id: "id__AAAAAA", title: "A", body: "alpha" }]);
    const site = await renderSite(fresh);
    if (site.isErr()) throw site.error;
    const { search } = siteSearchOf(new Map(site.value.files));
    expect(await search("   ")).toEqual({ error: expect.stringContaining("") });
    expect(await search("alpha")).toMatchObject({ results: [{ id: "id__AAAAAA", title: "A" }] });
  });
});
