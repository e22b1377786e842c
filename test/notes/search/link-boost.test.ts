import * as fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseNote } from "../../../src/model/note-format.js";
import type { StoredNote } from "../../../src/notes/store/note-store.js";
import {
  applyLinkBoost,
  LINK_BOOST_FRACTION,
  LINK_BOOST_SOURCES,
  SECOND_HOP_FRACTION,
} from "../../../src/notes/search/link-boost.js";
import type { SearchHit } from "../../../src/notes/search/full-text-search.js";

import { searchFixture } from "./search-fixture.js";
import { okOf } from "../../helpers/result-helpers.js";

function hit(id: string, score: number, body = ""): SearchHit {
  const stored: StoredNote = {
    path: `topics/${id.slice(4).toLowerCase()} ${id}.md`,
    status: "active",
    slug: id.slice(4).toLowerCase(),
    mtimeMs: 0,
    size: 0,
    hash: "",
    note: parseNote(`# ${id}\n\n${body}\n`, id),
  };
  return { stored, id: stored.note.id, score, matches: {} };
}

/** Score descending, then id: the order applyLinkBoost promises. */
const byRank = (scoreOf: (h: SearchHit) => number) => (a: SearchHit, b: SearchHit) =>
  scoreOf(b) - scoreOf(a) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

const linksOf = (h: SearchHit) => new Set(h.stored.note.links.map((link) => link.id));

describe("applyLinkBoost", () => {
  it("adds a fraction of each top hit's score to the matched notes it links to", () => {
    const ranked = applyLinkBoost(
      [
        hit("id__Target", 2),
        hit("id__Source", 10, "[[id__Target|t]] twice [[id__Target]] and itself [[id__Source]]"),
        hit("id__Second", 4, "[[id__Target|t]]"),
      ],
      10,
    );
    const target = ranked.find((entry) => entry.stored.note.id === "id__Target");
    // Once per source however many links, never to itself, from text scores only.
    expect(target?.score).toBeCloseTo(2 + LINK_BOOST_FRACTION * 10 + LINK_BOOST_FRACTION * 4);
    expect(target?.textScore).toBe(2);
    expect(ranked.find((entry) => entry.stored.note.id === "id__Source")?.score).toBe(10);
    expect(ranked.map((entry) => entry.stored.note.id)).toEqual([
      "id__Source",
      "id__Target",
      "id__Second",
    ]);
  });

  it("only the strongest hits pass a boost on", () => {
    const strong = Array.from({ length: LINK_BOOST_SOURCES }, (_, i) => hit(`id__Stro0${i}`, 10));
    const weakSource = hit("id__Weak00", 5, "[[id__Target]]");
    const ranked = applyLinkBoost([...strong, weakSource, hit("id__Target", 1)], 10);
    expect(ranked.find((entry) => entry.stored.note.id === "id__Target")?.score).toBe(1);
  });

  it("keeps the best `limit` hits, ties broken by id", () => {
    const hits = [
      hit("id__Cccccc", 1),
      hit("id__Aaaaaa", 1),
      hit("id__Dddddd", 3),
      hit("id__Bbbbbb", 1),
    ];
    expect(applyLinkBoost(hits, 3).map((entry) => entry.stored.note.id)).toEqual([
      "id__Dddddd",
      "id__Aaaaaa",
      "id__Bbbbbb",
    ]);
  });

  it("passes a share of a top hit's score two links on, through a matching note, once", () => {
    const hits = [
      hit("id__Source", 10, "[[id__Middle|next]] [[id__Middl2|other]]"),
      hit("id__Middle", 2, "[[id__Far000|next]] [[id__Source|back]]"),
      hit("id__Middl2", 2, "[[id__Far000|also]]"),
      hit("id__Far000", 1),
      hit("id__Rival0", 2.5),
    ];
    const ranked = applyLinkBoost(hits, 10);
    const far = ranked.find((entry) => entry.id === "id__Far000");
    // Reached from the source through two middles, boosted once by it; the middles (sources
    // too: there are five hits) link to it directly. The source gets nothing back.
    expect(far?.score).toBeCloseTo(1 + SECOND_HOP_FRACTION * 10 + 2 * LINK_BOOST_FRACTION * 2);
    const flat = applyLinkBoost(hits, 10, undefined, 0);
    const sourceScore = (list: typeof ranked) => list.find((e) => e.id === "id__Source")?.score;
    expect(sourceScore(ranked)).toBe(sourceScore(flat));
    expect(ranked.findIndex((e) => e.id === "id__Far000")).toBeLessThan(
      ranked.findIndex((e) => e.id === "id__Rival0"),
    );
    // Without the second hop the rival stays ahead.
    expect(flat.find((entry) => entry.id === "id__Far000")?.score).toBe(
      1 + 2 * LINK_BOOST_FRACTION * 2,
    );
    expect(flat.findIndex((e) => e.id === "id__Far000")).toBeGreaterThan(
      flat.findIndex((e) => e.id === "id__Rival0"),
    );
  });

  it("takes no second step through a note that did not match", () => {
    const ranked = applyLinkBoost(
      [hit("id__Source", 10, "[[id__Absent]]"), hit("id__Far000", 1)],
      10,
    );
    expect(ranked.find((entry) => entry.id === "id__Far000")?.score).toBe(1);
  });

  it("never brings in a note that does not match the query", () => {
    const ranked = applyLinkBoost([hit("id__Source", 10, "[[id__Absent]]")], 10);
    expect(ranked.map((entry) => entry.stored.note.id)).toEqual(["id__Source"]);
  });
});

describe("searchNotes link boost", () => {
  it("lifts a note linked from the best hit above an equal text match", async () => {
    const body = "igor reviewed this once among many other unrelated things this week";
    const { search } = await searchFixture([
      {
        id: "id__Igor00",
        title: "Igor — fullstack developer",
        // Igor named three times: the clear best hit now that the title is not a field of its own.
        body: "#people\n\nigor works on the [[id__Linked|console app]] every day; ask igor.",
      },
      // Same text, so the same text score; without the boost id__Alone sorts first by id.
      { id: "id__Alone0", title: "Standup", body },
      { id: "id__Linked", title: "Standup", body },
    ]);
    const results = okOf(await search("igor"));
    expect(results.map((result) => result.id)).toEqual(["id__Igor00", "id__Linked", "id__Alone0"]);
    const [best, linked, alone] = results;
    expect(linked?.score).toBeCloseTo(
      (alone?.score ?? 0) + LINK_BOOST_FRACTION * (best?.score ?? 0),
    );
  });

  it("boosts among the notes the status filter keeps", async () => {
    const { search } = await searchFixture([
      { id: "id__Igor00", title: "Igor", body: "[[id__Linked|app]]", folder: "archive" },
      { id: "id__Alone0", title: "Standup", body: "igor was there" },
      { id: "id__Linked", title: "Standup", body: "igor was there" },
    ]);
    const results = okOf(await search("igor", { status: "active" }));
    expect(results.map((result) => result.id)).toEqual(["id__Alone0", "id__Linked"]);
    expect(results[0]?.score).toBe(results[1]?.score);
  });

  it("ranks as boosting and sorting every hit would, looking only at the candidates", () => {
    const ids = Array.from({ length: 30 }, (_, n) => `id__Hit${n.toString().padStart(3, "0")}`);
    const hitSpec = fc.record({
      score: fc.constantFrom(1, 2, 3, 5, 8, 13),
      links: fc.subarray(ids, { maxLength: 4 }),
    });
    fc.assert(
      fc.property(
        fc.array(hitSpec, { minLength: 1, maxLength: 30 }),
        fc.nat(12),
        (specs, limit) => {
          const hits = specs.map((spec, n) =>
            hit(ids[n] ?? "", spec.score, spec.links.map((id) => `[[${id}|x]]`).join(" ")),
          );
          const boosts = new Map<string, number>();
          const add = (id: string, share: number) => boosts.set(id, (boosts.get(id) ?? 0) + share);
          const sources = hits.toSorted(byRank((h) => h.score)).slice(0, LINK_BOOST_SOURCES);
          const direct = sources.map((source) => {
            const targets = linksOf(source);
            targets.delete(source.id);
            for (const target of targets) add(target, LINK_BOOST_FRACTION * source.score);
            return targets;
          });
          // Two links on, through a target that matched: once per source.
          sources.forEach((source, at) => {
            const first = direct[at] ?? new Set<string>();
            const far = new Set<string>();
            for (const middle of hits.filter((h) => first.has(h.id)))
              for (const id of linksOf(middle)) if (id !== source.id && !first.has(id)) far.add(id);
            for (const id of far) add(id, SECOND_HOP_FRACTION * source.score);
          });
          const final = (h: SearchHit) => h.score + (boosts.get(h.id) ?? 0);
          const expected = hits.toSorted(byRank(final)).slice(0, limit);
          const ranked = applyLinkBoost(hits, limit);
          expect(ranked.map((r) => [r.id, r.score])).toEqual(expected.map((h) => [h.id, final(h)]));
        },
      ),
      { numRuns: 300 },
    );
  });
});
