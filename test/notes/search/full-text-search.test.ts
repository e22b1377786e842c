/**
 * The search index's bookkeeping against the store's snapshots: a snapshot it took whole is
 * not looked at again, one it could not take whole is (the notes it still lacks stay stale),
 * and a saved, compacted index still finds each hit's own note.
 */
import { describe, expect, it } from "vitest";
import { parseNote } from "../../../src/model/note-format.js";
import { factsOf, type NoteFacts } from "../../../src/notes/store/note-facts.js";
import type { StoredNote } from "../../../src/notes/store/note-store.js";
import { createFullTextSearch } from "../../../src/notes/search/full-text-search.js";

function note(n: number, body: string, version = 0): StoredNote {
  const id = `id__Note${n.toString().padStart(2, "0")}`;
  return {
    path: `topics/n${n} ${id}.md`,
    status: "active",
    slug: `n${n}`,
    mtimeMs: 1_000 + version,
    size: body.length,
    hash: `h${n}-${version}`,
    note: parseNote(`# Note ${n}\n\n${body}\n`, id),
  };
}

const titlesFound = (index: ReturnType<typeof createFullTextSearch>, query: string) =>
  (index.query(query)?.hits ?? []).map((hit) => hit.stored.note.title).toSorted();

// Twelve notes match "alpha", so feedback runs; the best one's other word changes from
// one no other note has to one the last note has, which feedback then lifts.
const feedbackNotes = (word: string) => [
  note(0, `alpha alpha alpha ${word}`, word === "zeta" ? 0 : 1),
  ...Array.from({ length: 11 }, (_, n) =>
    note(n + 1, `alpha filler${n}${n === 10 ? " theta" : ""}`),
  ),
];
const feedbackScores = (index: ReturnType<typeof createFullTextSearch>) => {
  // Four words: a shorter query gets no feedback (FEEDBACK.minWords).
  const matched = index.query("alpha omega sigma kappa");
  if (matched === undefined) throw new Error("expected hits");
  return new Map(index.withFeedback(matched, new Map()).map((hit) => [hit.id, hit.score]));
};

describe("the search index", () => {
  it("looks again at a snapshot it could not take whole, until it has every note", () => {
    const index = createFullTextSearch();
    const notes = [note(1, "pottery class"), note(2, "pottery wheel")];
    // The second note's facts only, no body: it cannot be indexed yet.
    const current: NoteFacts[] = [notes[0] ?? note(0, ""), factsOf(notes[1] ?? note(0, ""))];
    index.sync(current);
    expect(titlesFound(index, "pottery")).toEqual(["Note 1"]);
    expect(index.stale(current).map((facts) => facts.path)).toEqual([notes[1]?.path]);
    index.sync(
      current,
      index.stale(current).map(() => notes[1] ?? note(0, "")),
    );
    expect(titlesFound(index, "pottery")).toEqual(["Note 1", "Note 2"]);
    expect(index.stale(current)).toEqual([]);
  });

  it("takes a new snapshot's changes and drops the notes it no longer has", () => {
    const index = createFullTextSearch();
    index.sync([note(1, "pottery class"), note(2, "pottery wheel")]);
    index.sync([note(1, "camping trip", 1)]);
    expect(titlesFound(index, "pottery")).toEqual([]);
    expect(titlesFound(index, "camping")).toEqual(["Note 1"]);
    expect(index.size).toBe(1);
  });

  it("re-indexes and drops many notes at once as a fresh index of the same notes ranks them", () => {
    const words = "river stone maple cedar harbor lantern meadow quartz".split(" ");
    const bodyOf = (n: number, turn: number) =>
      `${words[n % 8]} ${words[(n * 3 + turn) % 8]} ${words[(n + turn) % 8]} marker${n % 5}`;
    const first = Array.from({ length: 60 }, (_, n) => note(n, bodyOf(n, 0)));
    // 40 edited (more than are removed one by one), 10 gone, 15 kept, 5 new.
    const second = [
      ...Array.from({ length: 40 }, (_, n) => note(n, bodyOf(n, 1), 1)),
      ...first.slice(50),
      ...Array.from({ length: 5 }, (_, n) => note(60 + n, bodyOf(60 + n, 2))),
    ];
    const queries = [...words, "marker3 river", "cedar quartz lantern harbor"];
    // Every hit with its score (a query's hits come in document order, which differs).
    const ranked = (index: ReturnType<typeof createFullTextSearch>) =>
      queries.map((query) =>
        (index.query(query)?.hits ?? [])
          .map((hit) => [hit.stored.path, hit.score] as const)
          .toSorted(([a], [b]) => (a < b ? -1 : 1)),
      );
    const fresh = createFullTextSearch();
    fresh.sync(second);
    const live = createFullTextSearch();
    live.sync(first);
    live.sync(second);
    expect(live.size).toBe(fresh.size);
    expect(ranked(live)).toEqual(ranked(fresh));
    expect(live.stats()).toMatchObject({ removed: 50 });
    // The same from a saved index, whose lists stay encoded until a query decodes them.
    const before = createFullTextSearch();
    before.sync(first);
    before.query("river stone");
    const loaded = createFullTextSearch(before.save());
    loaded.sync(second);
    expect(ranked(loaded)).toEqual(ranked(fresh));
  });

  it("finds each hit's own note after saving renumbers a compacted table", () => {
    // Words far apart: no prefix or one-letter typo of one reaches another.
    const words = "apple bread cloud daisy eagle flame grape house igloo jelly".split(" ");
    const index = createFullTextSearch();
    const first = Array.from({ length: 10 }, (_, n) => note(n, `${words[n]} shared`));
    index.sync(first);
    // Half the notes replaced: their old slots die, and saving compacts the table.
    const second = first.map((stored, n) =>
      n % 2 === 0 ? note(n, `${words[n]} shared`, 1) : stored,
    );
    index.sync(second);
    const saved = index.save();
    expect(saved.table.keys.includes(null)).toBe(false);
    for (let n = 0; n < 10; n++) {
      const hits = index.query(words[n] ?? "")?.hits ?? [];
      expect(hits.map((hit) => [hit.id, hit.stored.note.id])).toEqual([
        [`id__Note0${n}`, `id__Note0${n}`],
      ]);
    }
    // And an index loaded from the save gives each hit its note's id once a sync hands the facts.
    const loaded = createFullTextSearch(saved);
    loaded.sync(second);
    expect(loaded.query("daisy")?.hits.map((hit) => hit.id)).toEqual(["id__Note03"]);
  });

  it("draws feedback from a note's words as they are now, after an edit", () => {
    const used = createFullTextSearch();
    used.sync(feedbackNotes("zeta"));
    feedbackScores(used);
    used.sync(feedbackNotes("theta"));
    const fresh = createFullTextSearch();
    fresh.sync(feedbackNotes("theta"));
    expect(feedbackScores(used)).toEqual(feedbackScores(fresh));
  });
});
