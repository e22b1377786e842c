/**
 * The k best documents found so far by a top-k scoring (pruned-top.ts): a min-heap by score,
 * then by the caller's order, so the document that would leave first is at its root.
 *
 * @module
 */

/** The top documents, best first, with their scores (aligned). */
export interface TopHits {
  readonly docs: Int32Array;
  readonly scores: Float64Array;
}

/**
 * At most `k` documents with their scores, the worst at hand.
 *
 * @example
 * ```ts
 * const top = new TopHeap(2, (a, b) => a - b);
 * top.add(7, 1.5); top.add(3, 2); top.add(9, 3); // 7 leaves
 * top.best().docs; // Int32Array [9, 3]
 * ```
 */
export class TopHeap {
  private readonly docs: Int32Array;
  private readonly scores: Float64Array;
  private held = 0;

  constructor(
    private readonly k: number,
    /** The order of two documents of equal score: negative when `a` comes first. */
    private readonly order: (a: number, b: number) => number,
  ) {
    this.docs = new Int32Array(k);
    this.scores = new Float64Array(k);
  }

  /** Whether the heap holds k documents. */
  get full(): boolean {
    return this.held === this.k;
  }

  /** The score a document must reach to enter a full heap (ties go by the order). */
  get threshold(): number {
    return this.scores[0] ?? 0;
  }

  /** Whether a document of this score would enter: the heap is not full, or it beats the worst. */
  enters(doc: number, score: number): boolean {
    return this.held < this.k || this.worse(this.threshold, this.docs[0] ?? 0, score, doc);
  }

  /** Adds a document that enters (see enters), dropping the worst when full. */
  add(doc: number, score: number): void {
    if (this.held < this.k) {
      this.docs[this.held] = doc;
      this.scores[this.held] = score;
      this.held++;
      this.siftUp(this.held - 1);
      return;
    }
    this.docs[0] = doc;
    this.scores[0] = score;
    this.siftDown(0);
  }

  /** The documents held, best first (ties in the order). */
  best(): TopHits {
    const { docs, scores } = this;
    const order = Array.from({ length: this.held }, (_, at) => at).toSorted(
      (a, b) => (scores[b] ?? 0) - (scores[a] ?? 0) || this.order(docs[a] ?? 0, docs[b] ?? 0),
    );
    return {
      docs: Int32Array.from(order, (at) => docs[at] ?? 0),
      scores: Float64Array.from(order, (at) => scores[at] ?? 0),
    };
  }

  private worse(scoreA: number, docA: number, scoreB: number, docB: number): boolean {
    return scoreA < scoreB || (scoreA === scoreB && this.order(docA, docB) > 0);
  }

  private siftDown(from: number): void {
    const { docs, scores, held } = this;
    let at = from;
    const doc = docs[at] ?? 0;
    const score = scores[at] ?? 0;
    for (;;) {
      const left = 2 * at + 1;
      if (left >= held) break;
      const right = left + 1;
      let child = left;
      if (
        right < held &&
        this.worse(scores[right] ?? 0, docs[right] ?? 0, scores[left] ?? 0, docs[left] ?? 0)
      )
        child = right;
      if (!this.worse(scores[child] ?? 0, docs[child] ?? 0, score, doc)) break;
      docs[at] = docs[child] ?? 0;
      scores[at] = scores[child] ?? 0;
      at = child;
    }
    docs[at] = doc;
    scores[at] = score;
  }

  private siftUp(from: number): void {
    const { docs, scores } = this;
    let at = from;
    const doc = docs[at] ?? 0;
    const score = scores[at] ?? 0;
    while (at > 0) {
      const parent = (at - 1) >> 1;
      if (!this.worse(score, doc, scores[parent] ?? 0, docs[parent] ?? 0)) break;
      docs[at] = docs[parent] ?? 0;
      scores[at] = scores[parent] ?? 0;
      at = parent;
    }
    docs[at] = doc;
    scores[at] = score;
  }
}
