/**
 * Known-item search: someone asks for a note by one to three of its words, typed as the note
 * holds them. The exact form of each word is indexed beside its stem and weighs more in a
 * short query; feedback waits for four words. Measured in docs/benchmarks.md (known-item).
 */
import { describe, expect, it } from "vitest";
import { parseNote } from "../../../src/model/note-format.js";
import type { StoredNote } from "../../../src/notes/store/note-store.js";
import { createFullTextSearch } from "../../../src/notes/search/full-text-search.js";
import { searchFixture } from "./search-fixture.js";
import { okOf } from "../../helpers/result-helpers.js";

const FILLER = "some ordinary words about the week and what happened in it";

function note(n: number, body: string): StoredNote {
  const id = `id__Note${n.toString().padStart(2, "0")}`;
  return {
    path: `topics/n${n} ${id}.md`,
    status: "active",
    slug: `n${n}`,
    mtimeMs: 1_000,
    size: body.length,
    hash: `h${n}`,
    note: parseNote(`# Note ${n}\n\n${body}\n`, id),
  };
}

describe("known-item ranking", () => {
  it("ranks the note holding a short query's word as typed above notes with its stem's other forms", async () => {
    const { search } = await searchFixture([
      { id: "id__Forms0", title: "Hobby", body: "Paints, painting, and more paint." },
      { id: "id__Typed0", title: "Weekend", body: `${FILLER}, then we painted the fence.` },
      { id: "id__Other0", title: "Studio", body: "She paints every day." },
    ]);
    const ids = okOf(await search("painted")).map((result) => result.id);
    expect(ids[0]).toBe("id__Typed0");
    // The stem still finds every form.
    expect(ids.toSorted()).toEqual(["id__Forms0", "id__Other0", "id__Typed0"]);
  });

  it("finds the note titled with the query's words first (issue 36's miss)", async () => {
    const { search } = await searchFixture([
      {
        id: "id__Title0",
        title: "Wanted appreciated awesome",
        body: `${FILLER}. The team wanted it, appreciated the help and found it awesome.`,
      },
      {
        id: "id__Forms0",
        title: "Feedback",
        body: "She wants what she appreciates: awesome, awesome.",
      },
      { id: "id__Forms1", title: "Wishes", body: "He wants it; appreciation is awesome." },
      { id: "id__Forms2", title: "Notes", body: "Wanting more, appreciating less, awesomely." },
    ]);
    const results = okOf(await search("appreciated wanted awesome"));
    expect(results[0]?.id).toBe("id__Title0");
  });

  it("gives feedback to queries of four words or more, not to shorter ones", () => {
    const index = createFullTextSearch();
    index.sync(Array.from({ length: 12 }, (_, n) => note(n, `alpha filler${n}`)));
    expect(index.query("alpha")?.feedbackFrom).toEqual([]);
    expect(index.query("alpha omega sigma")?.feedbackFrom).toEqual([]);
    expect(index.query("alpha omega sigma kappa")?.feedbackFrom.length).toBe(10);
  });

  it("ranks the note titled with a short query's words above one holding them in its body", async () => {
    // The same words, the same length: only the title tells them apart. Without the title
    // bonus the tie goes to the smaller id, id__Body00.
    const { search } = await searchFixture([
      { id: "id__Body00", title: "Gamma delta", body: "Alpha beta." },
      { id: "id__Title0", title: "Alpha beta", body: "Gamma delta." },
    ]);
    expect(okOf(await search("beta alpha")).map((r) => r.id)).toEqual(["id__Title0", "id__Body00"]);
    // A question (four words or more) gets no title bonus.
    const question = okOf(await search("alpha beta gamma delta")).map((r) => r.id);
    expect(question).toEqual(["id__Body00", "id__Title0"]);
  });

  it("never lets a rarer word that starts like the last word outweigh the word typed", () => {
    // "love" is common, "lovers" rare: as a prefix match of "love", "lovers" used to score
    // with its own, higher idf and lift a note mentioning love less than the target.
    const common = Array.from({ length: 30 }, (_, n) => note(n + 10, `love filler${n} more words`));
    const target = note(1, "love and love again, such love");
    const other = note(2, "dog lovers, lovers of love!");
    const index = createFullTextSearch();
    index.sync([target, other, ...common]);
    const matched = index.query("love");
    if (matched === undefined) throw new Error("expected hits");
    const best = matched.hits.toSorted((a, b) => b.score - a.score)[0];
    expect(best?.id).toBe("id__Note01");
  });

  it("never takes a word's exact form for a typo of its stem", () => {
    const index = createFullTextSearch();
    index.sync([note(1, "paint the fence"), note(2, "ladder")]);
    // Four words: stems only. "=paint" is one edit from "paint" but is no stem.
    const hit = index.query("fence ladder bucket paint")?.hits.find((h) => h.id === "id__Note01");
    expect(Object.keys(hit?.matches ?? {}).toSorted()).toEqual(["fenc", "paint"]);
  });
});
