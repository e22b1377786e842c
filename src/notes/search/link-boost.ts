import type { SearchHit } from "./search-index.js";
import { compareHits, compareScored } from "./hit-order.js";
import { topK } from "./top-k.js";

/**
 * How many of the best hits pass a boost on to the notes they link to. Links are the
 * memory's structure: a note the strongest matches point at is likely what the query is
 * about, even when it says so in fewer words (an "Igor" note linking to the console app he
 * works on lifts that app note in a search for "igor console").
 *
 * @example
 * ```ts
 * LINK_BOOST_SOURCES; // 5: the five best hits boost their link targets
 * ```
 */
export const LINK_BOOST_SOURCES = 5;

/**
 * The share of a source hit's score added to each note it links to. At a quarter, a note
 * linked from the best hit gains a quarter of the best score: enough to lift it over text
 * matches of similar strength, too little to put a barely matching note above strong ones.
 *
 * @example
 * ```ts
 * // A hit scoring 8 linking to a hit scoring 3: the target ends at 3 + 0.25 * 8 = 5.
 * 3 + LINK_BOOST_FRACTION * 8; // 5
 * ```
 */
export const LINK_BOOST_FRACTION = 0.25;

/**
 * The hits, with their exact text scores, of the notes with these ids that match the query,
 * for a list of hits that holds only the best (a top k): a link target below the top k can
 * still be lifted into the results.
 *
 * @example
 * ```ts
 * const more: MoreHits = (ids) => index.hitsOf(matched, [...ids].flatMap((id) => byId.get(id) ?? []));
 * ```
 */
export type MoreHits = (ids: ReadonlySet<string>) => readonly SearchHit[];

/**
 * A hit with its final score.
 *
 * @example
 * ```ts
 * const [best] = applyLinkBoost(index.query("igor"), 1);
 * best?.score; best?.textScore; // equal unless a top hit links to it
 * ```
 */
export interface RankedHit extends SearchHit {
  /** The text score plus the link boost. */
  readonly score: number;
  /** The text score alone, before the link boost. */
  readonly textScore: number;
}

/**
 * Adds the link boost and returns the best `limit` hits in order: score descending, then note
 * id, then path, so equal scores always come out in the same order.
 *
 * Only notes that match the query themselves are boosted: every result then shows a match in
 * its snippet, and a note never appears in a search for words it does not contain. Each
 * source boosts a target once however often it links to it, never itself, and boosts are
 * computed from text scores only, so they do not cascade.
 *
 * @example
 * ```ts
 * const best = applyLinkBoost(index.query("igor"), 10);
 * best[0]?.stored.note.id;
 * ```
 */
export function applyLinkBoost(
  hits: readonly SearchHit[],
  limit: number,
  more?: MoreHits,
): RankedHit[] {
  const boosts = new Map<string, number>();
  for (const source of topK(hits, LINK_BOOST_SOURCES, compareHits)) {
    const sourceId = source.stored.note.id;
    for (const target of new Set(source.stored.note.links.map((link) => link.id))) {
      if (target === sourceId) continue;
      // A target that did not match is simply never looked up below.
      boosts.set(target, (boosts.get(target) ?? 0) + LINK_BOOST_FRACTION * source.score);
    }
  }
  // Boosts only raise scores, so a hit neither boosted nor among the `limit` best on text
  // has `limit` hits ahead of it either way: the rest of thousands of hits need no look.
  const candidates = new Set(topK(hits, limit, compareHits));
  if (boosts.size > 0) {
    const held = new Set<string>();
    for (const hit of hits) {
      if (!boosts.has(hit.id)) continue;
      candidates.add(hit);
      held.add(hit.stored.path);
    }
    // Hits of a top k (pruned scoring) leave weaker matching notes out: a boosted one is
    // scored on its own.
    for (const hit of more?.(new Set(boosts.keys())) ?? [])
      if (!held.has(hit.stored.path)) candidates.add(hit);
  }
  const scoreOf = (hit: SearchHit): number => hit.score + (boosts.get(hit.id) ?? 0);
  return topK(candidates, limit, (a, b) => compareScored(scoreOf(a), a, scoreOf(b), b)).map(
    // Built field by field: a spread would drop an index hit's lazily read matches.
    (hit) => ({
      stored: hit.stored,
      id: hit.id,
      score: scoreOf(hit),
      textScore: hit.score,
      matches: hit.matches,
    }),
  );
}
