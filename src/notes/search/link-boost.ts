import type { SearchHit } from "./full-text-search.js";
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
 * The share of a source hit's score added to each note two links away through a matching
 * note: the source links to a hit, that hit links on. A thread of linked notes (a
 * conversation's turns, the steps of a decision) holds its answer a step or two from the
 * words that found it; the second step weighs less than the first. Measured on LoCoMo with
 * notes linked to their session neighbours, tuned on half the conversations
 * (bench/retrieval/halves.ts): turns R@5 +0.040 on that half, +0.009 on the held-out half
 * (R@10 +0.016); docs/benchmarks.md, "Recall signals".
 *
 * @example
 * ```ts
 * // Source (8) -> hit (2) -> note (1): the note ends at 1 + 0.2 * 8 = 2.6.
 * 1 + SECOND_HOP_FRACTION * 8; // 2.6
 * ```
 */
export const SECOND_HOP_FRACTION = 0.2;

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
 * computed from text scores only, so they do not cascade. `secondHop` (SECOND_HOP_FRACTION
 * unless given; 0 for none) is the share passed two links on (see addSecondHops). `more`
 * scores the matching notes a top k (pruned scoring) left out, so the boost ranks exactly as
 * over every hit.
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
  secondHop = SECOND_HOP_FRACTION,
): RankedHit[] {
  const boosts = new Map<string, number>();
  const sources = topK(hits, LINK_BOOST_SOURCES, compareHits);
  const firstHops = sources.map((source) => {
    const targets = new Set(source.stored.note.links.map((link) => link.id));
    targets.delete(source.id);
    for (const target of targets) {
      // A target that did not match is simply never looked up below.
      boosts.set(target, (boosts.get(target) ?? 0) + LINK_BOOST_FRACTION * source.score);
    }
    return targets;
  });
  const matching = matchingHits(hits, more);
  if (secondHop > 0 && boosts.size > 0) {
    addSecondHops(matching(new Set(boosts.keys())), sources, firstHops, boosts, secondHop);
  }
  // Boosts only raise scores, so a hit neither boosted nor among the `limit` best on text
  // has `limit` hits ahead of it either way: the rest of thousands of hits need no look.
  const candidates = new Set(topK(hits, limit, compareHits));
  if (boosts.size > 0) for (const hit of matching(new Set(boosts.keys()))) candidates.add(hit);
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

/**
 * The hits of the notes with these ids that match the query: those among `hits`, and (hits
 * of a top k, pruned scoring, leave weaker matching notes out) the others scored on their own.
 */
function matchingHits(
  hits: readonly SearchHit[],
  more: MoreHits | undefined,
): (ids: ReadonlySet<string>) => SearchHit[] {
  return (ids) => {
    const found: SearchHit[] = [];
    const held = new Set<string>();
    for (const hit of hits) {
      if (!ids.has(hit.id)) continue;
      found.push(hit);
      held.add(hit.stored.path);
    }
    for (const hit of more?.(ids) ?? []) if (!held.has(hit.stored.path)) found.push(hit);
    return found;
  };
}

/**
 * The second step: each source passes `fraction` of its score, once, to the notes
 * its matching first-hop targets link to (never back to itself, never to its own first hops,
 * which have their boost).
 */
function addSecondHops(
  matchingFirstHops: readonly SearchHit[],
  sources: readonly SearchHit[],
  firstHops: readonly ReadonlySet<string>[],
  boosts: Map<string, number>,
  fraction: number,
): void {
  const middles = new Map<string, SearchHit>();
  for (const hit of matchingFirstHops) middles.set(hit.id, hit);
  if (middles.size === 0) return;
  sources.forEach((source, at) => {
    const direct = firstHops[at] ?? new Set<string>();
    const reached = new Set<string>();
    for (const id of direct) {
      for (const link of middles.get(id)?.stored.note.links ?? []) {
        if (link.id !== source.id && !direct.has(link.id)) reached.add(link.id);
      }
    }
    for (const far of reached) {
      boosts.set(far, (boosts.get(far) ?? 0) + fraction * source.score);
    }
  });
}
