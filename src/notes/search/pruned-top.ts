/**
 * The k best documents of a query without scoring every posting (MaxScore, document at a
 * time): each list of the plan has an upper bound on what a match in it contributes
 * (maxPart x its factor). Once k documents are held, the weakest lists whose bounds together
 * (times the coordination and title factors at their most) cannot reach the k-th score are
 * "non-essential": a document found in none of the others cannot enter the top, so only the
 * essential lists are walked, and the non-essential ones are looked up (galloping forward)
 * for the documents found. Every document that could enter is scored exactly as the
 * exhaustive scoring scores it (same contributions, same order), so the result is the same
 * top k, scores to the last bit, ties broken by the caller's order (test/notes/search/
 * pruned-top.test.ts compares the two on random corpora).
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

/** What a top-k query asks. */
export interface TopRequest {
  readonly k: number;
  /** Whether the document is a hit at all (a live note the caller can return). */
  accept(doc: number): boolean;
  /** The order of two documents of equal score: negative when `a` comes first. */
  order(a: number, b: number): number;
}

/** The top documents, best first, with their scores (aligned). */
export interface TopHits {
  readonly docs: Int32Array;
  readonly scores: Float64Array;
}

// Bounds are compared with this much room, so a rounding difference between a bound's sum and
// a score's never prunes a document that ties the k-th.
const SLACK = 1e-9;

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
  const bounds = new Float64Array(n);
  lists.forEach((list, i) => {
    const average = plan.averages[list.field] ?? 0;
    bounds[i] = list.factor * maxPart(list.postings, list.field, average, plan.bm25, plan.lengthOf);
  });
  const bonuses = bonusCeiling(plan);
  const ceiling = (sum: number, words: number): number =>
    sum * Math.max(1, words) * bonuses * (1 + SLACK);

  // Lists weakest first; prefixBound[j]: the most a document found only in the j weakest
  // lists can score.
  const byBound = Array.from({ length: n }, (_, i) => i).toSorted(
    (a, b) => (bounds[a] ?? 0) - (bounds[b] ?? 0),
  );
  const rank = new Int32Array(n);
  const prefixSum = new Float64Array(n + 1);
  const prefixBound = new Float64Array(n + 1);
  {
    const seen = new Uint8Array(plan.words);
    let words = 0;
    byBound.forEach((i, j) => {
      rank[i] = j;
      const word = lists[i]?.word ?? 0;
      if (seen[word] === 0) {
        seen[word] = 1;
        words++;
      }
      prefixSum[j + 1] = (prefixSum[j] ?? 0) + (bounds[i] ?? 0);
      prefixBound[j + 1] = ceiling(prefixSum[j + 1] ?? 0, words);
    });
  }

  const pos = new Int32Array(n);
  const contribution = new Float64Array(n);
  const present = new Int32Array(n);
  // The words of the non-essential lists, and a stamp per word to count a document's words.
  let nonEssentialWord = new Uint8Array(plan.words);
  let nonEssentialWords = 0;
  const wordStamp = new Int32Array(plan.words);
  // A stamp per list, marking the lists that hold the document being scored.
  const listStamp = new Int32Array(n);
  let stamp = 0;
  let essentialFrom = 0;

  // Cursors of the essential lists, a min-heap by their current document.
  const cursors = new Int32Array(n);
  let cursorCount = 0;
  const docAt = (i: number): number => lists[i]?.postings.docs[pos[i] ?? 0] ?? 0;
  const siftCursor = (from: number): void => {
    let at = from;
    const item = cursors[at] ?? 0;
    const key = docAt(item);
    for (;;) {
      const left = 2 * at + 1;
      if (left >= cursorCount) break;
      const right = left + 1;
      const child =
        right < cursorCount && docAt(cursors[right] ?? 0) < docAt(cursors[left] ?? 0)
          ? right
          : left;
      if (docAt(cursors[child] ?? 0) >= key) break;
      cursors[at] = cursors[child] ?? 0;
      at = child;
    }
    cursors[at] = item;
  };
  const buildCursors = (): void => {
    cursorCount = 0;
    for (let i = 0; i < n; i++) {
      const list = lists[i];
      if (
        (rank[i] ?? 0) >= essentialFrom &&
        list !== undefined &&
        (pos[i] ?? 0) < list.postings.size
      )
        cursors[cursorCount++] = i;
    }
    for (let at = (cursorCount >> 1) - 1; at >= 0; at--) siftCursor(at);
  };
  buildCursors();

  // The k best so far: a min-heap by (score, order), the worst at the root.
  const heapDocs = new Int32Array(k);
  const heapScores = new Float64Array(k);
  let held = 0;
  const worse = (scoreA: number, docA: number, scoreB: number, docB: number): boolean =>
    scoreA < scoreB || (scoreA === scoreB && request.order(docA, docB) > 0);
  const siftHeap = (from: number): void => {
    let at = from;
    const doc = heapDocs[at] ?? 0;
    const score = heapScores[at] ?? 0;
    for (;;) {
      const left = 2 * at + 1;
      if (left >= held) break;
      const right = left + 1;
      let child = left;
      if (
        right < held &&
        worse(
          heapScores[right] ?? 0,
          heapDocs[right] ?? 0,
          heapScores[left] ?? 0,
          heapDocs[left] ?? 0,
        )
      )
        child = right;
      if (!worse(heapScores[child] ?? 0, heapDocs[child] ?? 0, score, doc)) break;
      heapDocs[at] = heapDocs[child] ?? 0;
      heapScores[at] = heapScores[child] ?? 0;
      at = child;
    }
    heapDocs[at] = doc;
    heapScores[at] = score;
  };
  const siftUp = (from: number): void => {
    let at = from;
    const doc = heapDocs[at] ?? 0;
    const score = heapScores[at] ?? 0;
    while (at > 0) {
      const parent = (at - 1) >> 1;
      if (!worse(score, doc, heapScores[parent] ?? 0, heapDocs[parent] ?? 0)) break;
      heapDocs[at] = heapDocs[parent] ?? 0;
      heapScores[at] = heapScores[parent] ?? 0;
      at = parent;
    }
    heapDocs[at] = doc;
    heapScores[at] = score;
  };
  const raise = (threshold: number): void => {
    let from = essentialFrom;
    while (from < n && (prefixBound[from + 1] ?? 0) < threshold) from++;
    if (from === essentialFrom) return;
    essentialFrom = from;
    nonEssentialWord = new Uint8Array(plan.words);
    nonEssentialWords = 0;
    for (let j = 0; j < essentialFrom; j++) {
      const word = lists[byBound[j] ?? 0]?.word ?? 0;
      if (nonEssentialWord[word] === 0) {
        nonEssentialWord[word] = 1;
        nonEssentialWords++;
      }
    }
    buildCursors();
  };

  const contributionAt = (i: number, at: number, doc: number): number => {
    const list = lists[i];
    if (list === undefined) return 0;
    const tf = list.postings.counts[at] ?? 0;
    const average = plan.averages[list.field] ?? 0;
    return list.factor * bm25Part(tf, plan.lengthOf(doc, list.field), average, plan.bm25);
  };

  while (cursorCount > 0) {
    const doc = docAt(cursors[0] ?? 0);
    // Every essential list holding the document is at it: take them all, moving past it.
    let found = 0;
    let partial = 0;
    while (cursorCount > 0) {
      const i = cursors[0] ?? 0;
      if (docAt(i) !== doc) break;
      const value = contributionAt(i, pos[i] ?? 0, doc);
      contribution[i] = value;
      partial += value;
      present[found++] = i;
      pos[i] = (pos[i] ?? 0) + 1;
      if ((pos[i] ?? 0) >= (lists[i]?.postings.size ?? 0)) {
        cursorCount--;
        cursors[0] = cursors[cursorCount] ?? 0;
      }
      if (cursorCount > 0) siftCursor(0);
    }
    const full = held === k;
    if (full && essentialFrom > 0) {
      // What the document could reach with every non-essential list.
      stamp++;
      let words = nonEssentialWords;
      for (let at = 0; at < found; at++) {
        const word = lists[present[at] ?? 0]?.word ?? 0;
        if (nonEssentialWord[word] === 0 && wordStamp[word] !== stamp) {
          wordStamp[word] = stamp;
          words++;
        }
      }
      if (ceiling(partial + (prefixSum[essentialFrom] ?? 0), words) < (heapScores[0] ?? 0))
        continue;
    }
    for (let j = 0; j < essentialFrom; j++) {
      const i = byBound[j] ?? 0;
      const postings = lists[i]?.postings;
      if (postings === undefined) continue;
      const at = seek(postings.docs, postings.size, pos[i] ?? 0, doc);
      pos[i] = at;
      if (at < postings.size && postings.docs[at] === doc) {
        contribution[i] = contributionAt(i, at, doc);
        present[found++] = i;
      }
    }
    // The exact score: contributions summed in the plan's order, as the exhaustive scoring
    // (a pass over the plan's few lists; sorting the found ones allocated per document).
    stamp++;
    for (let at = 0; at < found; at++) listStamp[present[at] ?? 0] = stamp;
    let sum = 0;
    let words = 0;
    for (let i = 0; i < n; i++) {
      if (listStamp[i] !== stamp) continue;
      sum += contribution[i] ?? 0;
      const word = lists[i]?.word ?? 0;
      if (wordStamp[word] !== stamp) {
        wordStamp[word] = stamp;
        words++;
      }
    }
    const score = finalScore(sum, words, titleWordsOf(plan, doc), opensWithName(plan, doc), plan);
    // Whether the document is a hit at all is asked only of one that would enter the top: the
    // answer (a note's facts) is a memory read the rest never need.
    const enters = !full || worse(heapScores[0] ?? 0, heapDocs[0] ?? 0, score, doc);
    if (!enters || !request.accept(doc)) continue;
    if (!full) {
      heapDocs[held] = doc;
      heapScores[held] = score;
      held++;
      siftUp(held - 1);
      if (held === k) raise(heapScores[0] ?? 0);
    } else {
      heapDocs[0] = doc;
      heapScores[0] = score;
      siftHeap(0);
      raise(heapScores[0] ?? 0);
    }
  }
  return sortedBest(heapDocs.subarray(0, held), heapScores.subarray(0, held), request);
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

function sortedBest(docs: Int32Array, scores: Float64Array, request: TopRequest): TopHits {
  const order = Array.from({ length: docs.length }, (_, at) => at).toSorted(
    (a, b) => (scores[b] ?? 0) - (scores[a] ?? 0) || request.order(docs[a] ?? 0, docs[b] ?? 0),
  );
  return {
    docs: Int32Array.from(order, (at) => docs[at] ?? 0),
    scores: Float64Array.from(order, (at) => scores[at] ?? 0),
  };
}
