/**
 * The full-text index: postings per field, BM25+ scoring with exact, prefix and fuzzy terms,
 * scored the way minisearch scores them (test/notes/search/inverted-index.test.ts compares the
 * two on random corpora). It is our own so that it can be saved and loaded cheaply: postings
 * stay encoded until a query or an update touches their term, so a cold process answers a
 * search after parsing one file instead of indexing every note.
 *
 * @module
 */
import { createPostingsTable, type PostingsTable } from "./postings-table.js";
import { fuzzyNeighbours, prefixMatches } from "./vocabulary.js";

/** The two fields, in scoring order: the note's text (title and body) and its tags. */
export const FIELDS = ["text", "tags"] as const;
export type Field = (typeof FIELDS)[number];

/** A document as the index takes it: its key, and each field's term counts and length. */
export interface IndexDocument {
  readonly key: string;
  /** Terms of each field (processed: folded, stemmed, stopwords out) with their counts. */
  readonly terms: Readonly<Record<Field, ReadonlyMap<string, number>>>;
  /** Each field's length as minisearch counts it: distinct tokens before processing. */
  readonly lengths: Readonly<Record<Field, number>>;
}

/** How one query term is looked up. */
export interface TermSpec {
  readonly term: string;
  readonly prefix: boolean;
  /** The largest edit distance forgiven (0: none). */
  readonly fuzzy: number;
}

/** Scoring parameters: field boosts, BM25+ and the weights of derived terms. */
export interface ScoringOptions {
  readonly boost: Readonly<Record<Field, number>>;
  readonly bm25: { readonly k: number; readonly b: number; readonly d: number };
  readonly weights: { readonly prefix: number; readonly fuzzy: number };
}

/** A matched document: its score, the query terms it matched, and the index terms by field. */
export interface RawHit {
  readonly key: string;
  readonly score: number;
  readonly match: Readonly<Record<string, readonly Field[]>>;
}

/** The index: documents in, hits out. */
export interface InvertedIndex {
  add(document: IndexDocument): void;
  /** Removes the document with `key`, if there is one. */
  remove(key: string): void;
  has(key: string): boolean;
  /** Every document matching any of the terms, scored; OR semantics, like minisearch. */
  query(specs: readonly TermSpec[], options: ScoringOptions): RawHit[];
  readonly documentCount: number;
  /** The table underneath, for saving. */
  readonly table: PostingsTable;
}

interface Accumulated {
  score: number;
  readonly terms: string[];
  match: Record<string, Field[]>;
}

/**
 * Creates an index, empty or over a loaded table.
 *
 * @example
 * ```ts
 * const index = createInvertedIndex();
 * index.add({ key: "topics/a id__Kf9mNp.md", terms: { text: new Map([["consol", 2]]), tags: new Map() }, lengths: { text: 3, tags: 0 } });
 * index.query([{ term: "consol", prefix: false, fuzzy: 0 }], options)[0]?.key;
 * ```
 */
export function createInvertedIndex(table: PostingsTable = createPostingsTable()): InvertedIndex {
  const termResults = (
    source: string,
    derived: string,
    weight: number,
    options: ScoringOptions,
    results: Map<number, Accumulated>,
  ): void => {
    const count = table.documentCount;
    for (let field = 0; field < FIELDS.length; field++) {
      const name = FIELDS[field] ?? "text";
      const postings = table.postings(field, derived);
      if (postings === undefined) continue;
      const matching = postings.size;
      const average = table.averageLength(field);
      const { k, b, d } = options.bm25;
      const idf = Math.log(1 + (count - matching + 0.5) / (matching + 0.5));
      for (const [doc, tf] of postings) {
        const length = table.lengthOf(doc, field);
        const raw = idf * (d + (tf * (k + 1)) / (tf + k * (1 - b + (b * length) / average)));
        const score = weight * options.boost[name] * raw;
        const found = results.get(doc);
        if (found === undefined) {
          results.set(doc, { score, terms: [source], match: { [derived]: [name] } });
          continue;
        }
        found.score += score;
        if (!found.terms.includes(source)) found.terms.push(source);
        const fields = Object.hasOwn(found.match, derived) ? found.match[derived] : undefined;
        if (fields === undefined) found.match[derived] = [name];
        else fields.push(name);
      }
    }
  };

  const querySpec = (spec: TermSpec, options: ScoringOptions): Map<number, Accumulated> => {
    const results = new Map<number, Accumulated>();
    termResults(spec.term, spec.term, 1, options, results);
    const fuzzy = spec.fuzzy > 0 ? fuzzyNeighbours(table.vocabulary(), spec.term) : undefined;
    if (spec.prefix) {
      for (const term of prefixMatches(table.vocabulary(), spec.term)) {
        const distance = term.length - spec.term.length;
        if (distance === 0) continue;
        fuzzy?.delete(term);
        const weight = (options.weights.prefix * term.length) / (term.length + 0.3 * distance);
        termResults(spec.term, term, weight, options, results);
      }
    }
    for (const term of fuzzy ?? []) {
      // Within one edit, and never the term itself: distance 1.
      const weight = (options.weights.fuzzy * term.length) / (term.length + 1);
      termResults(spec.term, term, weight, options, results);
    }
    return results;
  };

  return {
    add: (document) => table.add(document),
    remove: (key) => table.remove(key),
    has: (key) => table.docOf(key) !== undefined,
    query(specs, options) {
      const combined = new Map<number, Accumulated>();
      for (const spec of specs) {
        for (const [doc, found] of querySpec(spec, options)) {
          const existing = combined.get(doc);
          if (existing === undefined) {
            combined.set(doc, found);
            continue;
          }
          existing.score += found.score;
          existing.match = Object.assign(existing.match, found.match);
          for (const term of found.terms) {
            if (!existing.terms.includes(term)) existing.terms.push(term);
          }
        }
      }
      const hits: RawHit[] = [];
      for (const [doc, { score, terms, match }] of combined) {
        const key = table.keyOf(doc);
        // A document matching more of the query's words counts that many times more.
        if (key !== undefined) hits.push({ key, score: score * (terms.length || 1), match });
      }
      return hits;
    },
    get documentCount() {
      return table.documentCount;
    },
    table,
  };
}
