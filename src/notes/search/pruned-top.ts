/**
 * The k best documents of a query without scoring every posting (MaxScore, document at a
 * time): each list of the plan has an upper bound on what a match in it contributes (its
 * largest part x its factor). Once k documents are held, the weakest lists whose bounds
 * together (times the coordination and title factors at their most) cannot reach the k-th
 * score are "non-essential": a document found in none of the others cannot enter the top, so
 * only the essential lists are walked. For each document found, the non-essential lists are
 * looked up (galloping forward) strongest first, and only while the document can still
 * enter: each lookup replaces a list's bound by the exact part (or takes the list, and
 * perhaps its word, out of the bound), and a list already past the document is out from the
 * start. Every document that could enter is scored exactly as the exhaustive scoring scores
 * it (same contributions, same order), so the result is the same top k, scores to the last
 * bit, ties broken by the caller's order (test/notes/search/pruned-top.test.ts compares the
 * two on random corpora).
 *
 * @module
 */
import { maxPart } from "./score-bounds.js";
import {
  bm25Part,
  bonusCeiling,
  finalScore,
  opensWithName,
  titleWordsOf,
  type ScoringPlan,
} from "./scoring-plan.js";
import { TopHeap, type TopHits } from "./top-heap.js";

/** What a top-k query asks. */
export interface TopRequest {
  readonly k: number;
  /** Whether the document is a hit at all (a live note the caller can return). */
  accept(doc: number): boolean;
  /** The order of two documents of equal score: negative when `a` comes first. */
  order(a: number, b: number): number;
}

// Bounds are compared with this much room, so a rounding difference between a bound's sum and
// a score's never prunes a document that ties the k-th.
const SLACK = 1e-9;

// No document: past the end of a list.
const NONE = 0x7fffffff;

/**
 * The request's k best documents of the plan, best first.
 *
 * @example
 * ```ts
 * const top = prunedTop(plan, { k: 100, accept: (doc) => live(doc), order: (a, b) => a - b });
 * top.docs[0]; top.scores[0];
 * ```
 */
export function prunedTop(plan: ScoringPlan, request: TopRequest): TopHits {
  const { lists } = plan;
  const n = lists.length;
  const k = Math.max(0, Math.floor(request.k));
  if (k === 0 || n === 0) return { docs: new Int32Array(0), scores: new Float64Array(0) };
  // Per list, read in the loops below without a hop through the plan: its postings, its word,
  // and its bound (its largest part times its factor).
  const docsOf: Int32Array[] = [];
  const countsOf: (Uint8Array | Int32Array)[] = [];
  const sizes = new Int32Array(n);
  const wordOf = new Int32Array(n);
  const bounds = new Float64Array(n);
  lists.forEach((list, i) => {
    const average = plan.averages[list.field] ?? 0;
    const { postings } = list;
    docsOf.push(postings.docs);
    countsOf.push(postings.counts);
    sizes[i] = postings.size;
    wordOf[i] = list.word;
    bounds[i] = list.factor * maxPart(postings, list.field, average, plan.bm25, plan.lengthOf);
  });
  const bonuses = bonusCeiling(plan);
  const ceiling = (sum: number, words: number): number =>
    sum * Math.max(1, words) * bonuses * (1 + SLACK);
  const contributionAt = (i: number, at: number, doc: number): number => {
    const list = lists[i];
    if (list === undefined) return 0;
    const tf = countsOf[i]?.[at] ?? 0;
    const average = plan.averages[list.field] ?? 0;
    return list.factor * bm25Part(tf, plan.lengthOf(doc, list.field), average, plan.bm25);
  };

  // Lists weakest first; prefixBound[j]: the most a document found only in the j weakest
  // lists can score.
  const byBound = Array.from({ length: n }, (_, i) => i).toSorted(
    (a, b) => (bounds[a] ?? 0) - (bounds[b] ?? 0),
  );
  const prefixBound = new Float64Array(n + 1);
  {
    const seen = new Uint8Array(plan.words);
    let words = 0;
    let sum = 0;
    byBound.forEach((i, j) => {
      const word = wordOf[i] ?? 0;
      if (seen[word] === 0) {
        seen[word] = 1;
        words++;
      }
      sum += bounds[i] ?? 0;
      prefixBound[j + 1] = ceiling(sum, words);
    });
  }

  // Per list: the position of its next posting to read, and the document there (NONE past
  // the end): the walk compares documents without a hop through the list.
  const pos = new Int32Array(n);
  const current = new Int32Array(n);
  for (let i = 0; i < n; i++) current[i] = (sizes[i] ?? 0) > 0 ? (docsOf[i]?.[0] ?? 0) : NONE;
  // Per list, for the document at hand: its contribution, and a stamp when the list holds it.
  const contribution = new Float64Array(n);
  const listStamp = new Int32Array(n);
  let stamp = 0;
  // Per word, for the document at hand (valid where sourceStamp is the stamp): how many lists
  // hold it or may hold it.
  const sources = new Int32Array(plan.words);
  const sourceStamp = new Int32Array(plan.words);
  // Counts a source of the list's word; whether it is the word's first (a word to count).
  const addSource = (i: number): boolean => {
    const word = wordOf[i] ?? 0;
    if (sourceStamp[word] !== stamp) {
      sourceStamp[word] = stamp;
      sources[word] = 1;
      return true;
    }
    sources[word] = (sources[word] ?? 0) + 1;
    return false;
  };
  // Takes a source away; whether it was the word's last.
  const dropSource = (i: number): boolean => {
    const word = wordOf[i] ?? 0;
    const held = (sources[word] ?? 0) - 1;
    sources[word] = held;
    return held === 0;
  };

  // A stamp per word, to count the distinct words of the lists holding the document.
  const wordSeen = new Int32Array(plan.words);
  let wordRound = 0;

  // The lists walked (essential), strongest first; the others are looked up.
  const essential = new Int32Array(n);
  let essentialCount = 0;
  let essentialFrom = 0;
  const top = new TopHeap(k, request.order);
  const raise = (): void => {
    let from = essentialFrom;
    while (from < n && (prefixBound[from + 1] ?? 0) < top.threshold) from++;
    if (from === essentialFrom && essentialCount > 0) return;
    essentialFrom = from;
    essentialCount = 0;
    for (let j = n - 1; j >= essentialFrom; j--) essential[essentialCount++] = byBound[j] ?? 0;
  };
  raise();

  /** Looks `doc` up in non-essential list `i`; whether the list holds it (then counted). */
  const lookUp = (i: number, doc: number): boolean => {
    const docs = docsOf[i];
    const size = sizes[i] ?? 0;
    if (docs === undefined || (current[i] ?? 0) > doc) return false;
    const at = seek(docs, size, pos[i] ?? 0, doc);
    pos[i] = at;
    current[i] = at < size ? (docs[at] ?? 0) : NONE;
    if (current[i] !== doc) return false;
    contribution[i] = contributionAt(i, at, doc);
    listStamp[i] = stamp;
    return true;
  };

  /**
   * Looks `doc` up in the non-essential lists while it can still enter the full top, its
   * essential lists giving `partial` over `words` words (their sources counted); whether it can.
   */
  const mayEnter = (doc: number, partial: number, found: number): boolean => {
    let words = found;
    let rest = 0;
    for (let j = 0; j < essentialFrom; j++) {
      const i = byBound[j] ?? 0;
      // A list past the document cannot hold it.
      if ((current[i] ?? 0) > doc) continue;
      rest += bounds[i] ?? 0;
      if (addSource(i)) words++;
    }
    const threshold = top.threshold;
    let sum = partial;
    if (ceiling(sum + rest, words) < threshold) return false;
    for (let j = essentialFrom - 1; j >= 0; j--) {
      const i = byBound[j] ?? 0;
      if ((current[i] ?? 0) > doc) continue;
      rest -= bounds[i] ?? 0;
      if (lookUp(i, doc)) sum += contribution[i] ?? 0;
      else if (dropSource(i)) words--;
      if (ceiling(sum + Math.max(0, rest), words) < threshold) return false;
    }
    return true;
  };

  for (;;) {
    let doc = NONE;
    for (let e = 0; e < essentialCount; e++) {
      const at = current[essential[e] ?? 0] ?? NONE;
      if (at < doc) doc = at;
    }
    if (doc === NONE) break;
    stamp++;
    // Every essential list holding the document is at it: take them all, moving past it.
    let partial = 0;
    let words = 0;
    for (let e = 0; e < essentialCount; e++) {
      const i = essential[e] ?? 0;
      if (current[i] !== doc) continue;
      const at = pos[i] ?? 0;
      const value = contributionAt(i, at, doc);
      contribution[i] = value;
      listStamp[i] = stamp;
      partial += value;
      if (addSource(i)) words++;
      pos[i] = at + 1;
      current[i] = at + 1 < (sizes[i] ?? 0) ? (docsOf[i]?.[at + 1] ?? 0) : NONE;
    }
    // Lists turn non-essential only once the top is full.
    if (essentialFrom > 0 && !mayEnter(doc, partial, words)) continue;
    // The exact score: contributions summed in the plan's order, as the exhaustive scoring.
    let sum = 0;
    words = 0;
    wordRound++;
    for (let i = 0; i < n; i++) {
      if (listStamp[i] !== stamp) continue;
      sum += contribution[i] ?? 0;
      const word = wordOf[i] ?? 0;
      if (wordSeen[word] !== wordRound) {
        wordSeen[word] = wordRound;
        words++;
      }
    }
    const score = finalScore(sum, words, titleWordsOf(plan, doc), opensWithName(plan, doc), plan);
    // Whether the document is a hit at all is asked only of one that would enter the top: the
    // answer (a note's facts) is a memory read the rest never need.
    if (!top.enters(doc, score) || !request.accept(doc)) continue;
    top.add(doc, score);
    if (top.full) raise();
  }
  return top.best();
}

/** The first position at or after `from` whose document is not below `target`. */
function seek(docs: Int32Array, size: number, from: number, target: number): number {
  if (from >= size || (docs[from] ?? 0) >= target) return from;
  // docs[low] < target throughout; gallop, then halve.
  let low = from;
  let step = 1;
  let high = from + 1;
  while (high < size && (docs[high] ?? 0) < target) {
    low = high;
    step *= 2;
    high = from + step;
  }
  if (high > size) high = size;
  low++;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((docs[middle] ?? 0) < target) low = middle + 1;
    else high = middle;
  }
  return low;
}
