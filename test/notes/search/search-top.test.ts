/**
 * A search over a top k (pruned scoring) ranks exactly as one over every hit: on random
 * memories of a few hundred notes (few words, so scores tie often; links, so the link boost
 * lifts notes below the top k; two statuses, for the status filter) and random queries (short
 * ones with the title bonus and exact forms, long ones with feedback and, with capitalised
 * words, the name prior), the same results in the same order with the same scores and text
 * scores.
 */
import * as fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseNote } from "../../../src/model/note-format.js";
import type { StoredNote } from "../../../src/notes/store/note-store.js";
import { rankNotes, visibleTo } from "../../../src/notes/search/rank-notes.js";
import { createFullTextSearch } from "../../../src/notes/search/full-text-search.js";
import { validateSearch, type SearchOptions } from "../../../src/notes/search/search-options.js";

const WORDS = [
  "river",
  "stone",
  "painting",
  "paint",
  "sunset",
  "adoption",
  "agency",
  "camping",
  "mountain",
  "guitar",
  "music",
  "friend",
  "support",
  "group",
  "career",
  "counseling",
];

const idOf = (n: number) => `id__${n.toString(36).padStart(6, "0")}`;

interface Plan {
  readonly title: readonly number[];
  readonly body: readonly number[];
  readonly links: readonly number[];
  readonly archived: boolean;
}

/** `count` random note plans (fast-check keeps arrays short; a memory needs hundreds). */
function plansOf(count: number, seed: number): Plan[] {
  let state = seed >>> 0 || 1;
  const next = (below: number) => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) % below;
  };
  // Skewed: low word numbers far more often.
  const word = () => Math.floor(Math.sqrt(next(WORDS.length * WORDS.length)));
  return Array.from({ length: count }, () => ({
    title: Array.from({ length: 1 + next(3) }, word),
    body: Array.from({ length: next(20) }, word),
    links: Array.from({ length: next(5) }, () => next(count)),
    archived: next(3) === 0,
  }));
}

function storedNotes(plans: readonly Plan[]): StoredNote[] {
  return plans.map((plan, n) => {
    const id = idOf(n);
    const title = `${plan.title.map((w) => WORDS[w]).join(" ")}`;
    const links = plan.links
      .filter((target) => target < plans.length)
      .map((target) => ` [[${idOf(target)}|see]]`)
      .join("");
    const body = plan.body.map((w) => WORDS[w] ?? "river").join(" ");
    const path = `${plan.archived ? "archive" : "topics"}/note ${id}.md`;
    return {
      path,
      status: plan.archived ? "archived" : "active",
      slug: `note-${n}`,
      mtimeMs: 0,
      size: body.length,
      hash: `hash-${n}`,
      note: parseNote(`# ${title}\n\n${body}${links}\n`, id),
    };
  });
}

describe("a search over a top k", () => {
  it("ranks as the search over every hit: same notes, order and scores", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 20, max: 500 }),
        fc.integer(),
        fc.array(fc.constantFrom(...WORDS, "paints", "rivr", "the", "River", "Paint", "Camping"), {
          minLength: 1,
          maxLength: 7,
        }),
        fc.oneof(fc.integer({ min: 1, max: 100 }), fc.constant(100)),
        fc.constantFrom<SearchOptions["status"]>(undefined, "active", "archived"),
        (count, seed, words, limit, status) => {
          const notes = storedNotes(plansOf(count, seed));
          const byId = new Map(notes.map((stored) => [stored.note.id, [stored]]));
          const index = createFullTextSearch();
          index.sync(notes);
          const validated = validateSearch(words.join(" "), {
            limit,
            ...(status === undefined ? {} : { status }),
          });
          if (validated.isErr()) throw new Error(validated.error.message);
          const search = validated.value;
          const all = index.query(search.query);
          const top = index.query(search.query, {
            k: Math.max(limit, 100),
            ...(status === undefined ? {} : { visible: visibleTo(search) }),
          });
          expect(top === undefined).toBe(all === undefined);
          if (all === undefined || top === undefined) return;
          const { hitsOf } = top;
          expect(hitsOf).toBeDefined();
          const more = (ids: ReadonlySet<string>) =>
            hitsOf?.([...ids].flatMap((id) => byId.get(id) ?? [])) ?? [];
          const expected = rankNotes(index.withFeedback(all, new Map()), search);
          const found = rankNotes(index.withFeedback(top, new Map()), search, undefined, more);
          const shape = (ranked: typeof found) =>
            ranked.map((r) => [r.hit.stored.path, r.score, r.hit.textScore]);
          expect(shape(found)).toEqual(shape(expected));
          expect(top.feedbackFrom.map((hit) => hit.stored.path)).toEqual(
            all.feedbackFrom.map((hit) => hit.stored.path),
          );
        },
      ),
      { numRuns: 150 },
    );
  });
});
