/**
 * The baseline: a plain Okapi BM25 (k1 1.2, b 0.75, Lucene's idf) over title + body,
 * lowercased, split on anything but letters and digits, a small stopword list removed.
 */

const STOPWORDS = new Set(
  "a an and are as at be but by did do does for from had has have he her his how i in is it its of on or she that the their them they this to was were what when where which who why will with you your".split(
    " ",
  ),
);

/** Lowercase words of a text, stopwords removed. */
export function bm25Terms(text: string): string[] {
  return (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).filter((w) => !STOPWORDS.has(w));
}

/** Indexes the documents; the search returns document positions, best first. */
export function plainBm25(docs: readonly string[], k1 = 1.2, b = 0.75) {
  const postings = new Map<string, [doc: number, tf: number][]>();
  const lengths = docs.map((text, doc) => {
    const counts = new Map<string, number>();
    const terms = bm25Terms(text);
    for (const term of terms) counts.set(term, (counts.get(term) ?? 0) + 1);
    for (const [term, tf] of counts) {
      let list = postings.get(term);
      if (list === undefined) postings.set(term, (list = []));
      list.push([doc, tf]);
    }
    return terms.length;
  });
  const avgLength = lengths.reduce((sum, n) => sum + n, 0) / Math.max(1, docs.length);
  return (query: string, limit: number): number[] => {
    const scores = new Map<number, number>();
    for (const term of new Set(bm25Terms(query))) {
      const list = postings.get(term) ?? [];
      const idf = Math.log(1 + (docs.length - list.length + 0.5) / (list.length + 0.5));
      for (const [doc, tf] of list) {
        const norm = k1 * (1 - b + (b * (lengths[doc] ?? 0)) / avgLength);
        scores.set(doc, (scores.get(doc) ?? 0) + (idf * tf * (k1 + 1)) / (tf + norm));
      }
    }
    return [...scores]
      .toSorted((x, y) => y[1] - x[1] || x[0] - y[0])
      .slice(0, limit)
      .map(([doc]) => doc);
  };
}
