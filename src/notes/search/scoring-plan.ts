/**
 * What a query scores, list by list: each postings list it reads with the factor of its
 * matches (term weight x field boost x idf), and how a document's score is put together from
 * them. The exhaustive scoring (inverted-index.ts), the pruned top-k (pruned-top.ts) and the
 * score of one document (scoreOf) all add the same contributions in the same order, so they
 * give the same score to the last bit.
 *
 * @module
 */
import type { PostingsList } from "./postings-list.js";

/** BM25+ parameters. */
export interface Bm25 {
  readonly k: number;
  readonly b: number;
  readonly d: number;
}

/** One postings list of a query, with what a match in it weighs. */
export interface ScoringList {
  /** The index term (the word, or a prefix or fuzzy match of it). */
  readonly derived: string;
  /** The field number (0 text, 1 tags). */
  readonly field: number;
  readonly postings: PostingsList;
  /** Term weight x field boost x idf: a match contributes factor x bm25Part. */
  readonly factor: number;
  /** The query word it stands for: its number among the query's distinct words. */
  readonly word: number;
}

/** A query ready to score. */
export interface ScoringPlan {
  /** In scoring order: a document's contributions are summed in this order. */
  readonly lists: readonly ScoringList[];
  /** How many distinct words the query has. */
  readonly words: number;
  /** The title bonus (0: none); see ScoringOptions.title. */
  readonly titleWeight: number;
  /** Per distinct word, the documents whose title holds it (when titleWeight > 0). */
  readonly titles: readonly (PostingsList | undefined)[];
  /** The name prior (0: none); see ScoringOptions.names. */
  readonly nameWeight: number;
  /** Per name of the query, the documents that open with it (when nameWeight > 0). */
  readonly openings: readonly PostingsList[];
  readonly bm25: Bm25;
  /** Per field, the average field length. */
  readonly averages: readonly number[];
  lengthOf(doc: number, field: number): number;
}

/**
 * The BM25+ part of one match, before its factor: `d + tf (k+1) / (tf + k (1 - b + b
 * length / average))`. Grows with tf and falls with length (and grows with the average).
 *
 * @example
 * ```ts
 * bm25Part(2, 10, 10, { k: 1.2, b: 0.75, d: 0.5 }); // 0.5 + 4.4 / 3.2
 * ```
 */
export function bm25Part(tf: number, length: number, average: number, bm25: Bm25): number {
  const { k, b, d } = bm25;
  return d + (tf * (k + 1)) / (tf + k * (1 - b + (b * length) / average));
}

/**
 * The final score of a document from the sum of its contributions: times the number of
 * distinct query words it matched (coordination), times its title bonus, times the name
 * prior when it opens with a name the query asks about.
 *
 * @example
 * ```ts
 * finalScore(3, 2, 0, false, plan); // 6 with no title bonus
 * ```
 */
export function finalScore(
  sum: number,
  matchedWords: number,
  inTitle: number,
  namedOpening: boolean,
  plan: ScoringPlan,
): number {
  const title = 1 + (plan.titleWeight * inTitle) / plan.words;
  const name = namedOpening ? 1 + plan.nameWeight : 1;
  return sum * (matchedWords || 1) * title * name;
}

/**
 * The most finalScore can multiply a sum by beyond coordination: the title bonus with every
 * word in the title, and the name prior. The bound top-k pruning stands on.
 *
 * @example
 * ```ts
 * bonusCeiling(plan); // 1 with neither
 * ```
 */
export function bonusCeiling(plan: ScoringPlan): number {
  const title =
    plan.titleWeight > 0 ? 1 + (plan.titleWeight * Math.min(plan.words, 255)) / plan.words : 1;
  return title * (plan.nameWeight > 0 ? 1 + plan.nameWeight : 1);
}

/** Whether the document opens with a name of the query (always false without the prior). */
export function opensWithName(plan: ScoringPlan, doc: number): boolean {
  if (plan.nameWeight <= 0) return false;
  for (const list of plan.openings) if (list.has(doc)) return true;
  return false;
}

/** How many of the query's words the document's title holds (counts stop at 255). */
export function titleWordsOf(plan: ScoringPlan, doc: number): number {
  if (plan.titleWeight <= 0) return 0;
  let held = 0;
  for (const list of plan.titles) if (list?.has(doc) === true && held < 255) held++;
  return held;
}

/**
 * The exact score of one document (what the exhaustive scoring gives it), or undefined when
 * it matches no list: each list looked up by binary search, for the few notes a re-ranking
 * signal needs beyond the top k (a link target).
 *
 * @example
 * ```ts
 * scoreOf(plan, doc); // 12.5, or undefined
 * ```
 */
export function scoreOf(plan: ScoringPlan, doc: number): number | undefined {
  let sum = 0;
  let found = false;
  const matched = new Set<number>();
  for (const list of plan.lists) {
    const tf = list.postings.get(doc);
    if (tf === undefined) continue;
    found = true;
    const average = plan.averages[list.field] ?? 0;
    sum += list.factor * bm25Part(tf, plan.lengthOf(doc, list.field), average, plan.bm25);
    matched.add(list.word);
  }
  if (!found) return undefined;
  return finalScore(sum, matched.size, titleWordsOf(plan, doc), opensWithName(plan, doc), plan);
}
