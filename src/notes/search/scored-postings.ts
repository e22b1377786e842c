/**
 * The full-text index: postings per field, BM25+ scoring with exact, prefix and fuzzy terms,
 * scored the way minisearch scores them (test/notes/search/scored-postings.test.ts compares the
 * two on random corpora) unless ScoringOptions asks for the departures the library makes
 * (derived terms' idf capped, the title bonus, the name prior). It is our own so that it can be saved and
 * loaded cheaply: postings stay encoded until a query or an update touches their term, so a
 * cold process answers a search after parsing one file instead of indexing every note.
 *
 * @module
 */
import { prunedTop } from "./pruned-top.js";
import {
  bm25Part,
  finalScore,
  opensWithName,
  scoreOf,
  type ScoringList,
  type ScoringPlan,
} from "./scoring-plan.js";
import { createPostingsTable, TITLE_FIELD, type PostingsTable } from "./postings-table.js";
import { isExactTerm, openingTerm } from "./search-terms.js";
import { typedNeighbours } from "./typed-neighbours.js";
import { fuzzyNeighbours, prefixMatches } from "./vocabulary.js";

/** The two fields, in scoring order: the note's text (title and body) and its tags. */
export const FIELDS = ["text", "tags"] as const;
export type Field = (typeof FIELDS)[number];

/** A document as the index takes it: its key, and each field's term counts and length. */
export interface PostingsDocument {
  readonly key: string;
  /** Terms of each field (processed: folded, stemmed, stopwords out) with their counts. */
  readonly terms: Readonly<Record<Field, ReadonlyMap<string, number>>>;
  /** Each field's length as minisearch counts it: distinct tokens before processing. */
  readonly lengths: Readonly<Record<Field, number>>;
  /**
   * The index terms (stems) of the note's title, when it has one: not scored as a field (the
   * title is part of the text), only looked up for the title bonus (ScoringOptions.title);
   * with the words the note opens with, marked (openingTerm), for the name prior
   * (ScoringOptions.names).
   */
  readonly titleTerms?: ReadonlySet<string>;
}

/** How one query term is looked up. */
export interface TermSpec {
  readonly term: string;
  readonly prefix: boolean;
  /** The largest edit distance forgiven (0: none). */
  readonly fuzzy: number;
  /**
   * The word as typed (folded), when typos in it are forgiven: the stems of the words one
   * edit from it are neighbours too, so a typo that changes what the stemmer does is still
   * forgiven.
   */
  readonly typed?: string;
  /**
   * The query word the term stands for, when not the term itself (a word's exact form stands
   * for its stem): a document matching both counts the word once in the coordination factor.
   */
  readonly word?: string;
  /** The weight of the term's own matches (default 1). */
  readonly weight?: number;
}

/** Scoring parameters: field boosts, BM25+ and the weights of derived terms. */
export interface ScoringOptions {
  readonly boost: Readonly<Record<Field, number>>;
  readonly bm25: { readonly k: number; readonly b: number; readonly d: number };
  readonly weights: { readonly prefix: number; readonly fuzzy: number };
  /**
   * Whether a prefix or fuzzy term's idf is capped at the idf of the word it was derived
   * from, when the field holds that word (minisearch does not cap; the library does, see
   * DERIVED_IDF_CAP in search-index.ts).
   */
  readonly capDerivedIdf?: boolean;
  /**
   * The title bonus: a document's score is multiplied by 1 + title x the share of the query's
   * distinct words its title holds (by stem). 0 or absent: none, as minisearch.
   */
  readonly title?: number;
  /**
   * The name prior: a document that opens with one of these names (index terms; see
   * openingTerm) scores times 1 + weight. Absent: none, as minisearch.
   */
  readonly names?: { readonly terms: readonly string[]; readonly weight: number };
}

/**
 * A query's hits: the matched documents' numbers in the table with their scores (aligned, in
 * no particular order), and the index terms each holds by field (what minisearch calls
 * `match`), looked up on demand. A search shows ten of thousands of hits: an object and a
 * record per hit were most of a warm search's time.
 */
export interface QueryHits {
  readonly docs: Int32Array;
  readonly scores: Float64Array;
  matchOf(doc: number): Record<string, Field[]>;
  /**
   * The exact score of any document for the query (what the exhaustive scoring gives it),
   * undefined when it matches none of the query's terms: for the notes a re-ranking signal
   * needs beyond a top k.
   */
  scoreOf(doc: number): number | undefined;
}

/** What a top-k query asks beyond the terms (see pruned-top.ts). */
export interface TopQuery {
  readonly k: number;
  /** Whether the document is a hit the caller can use (dead slots are never hits). */
  accept(doc: number): boolean;
  /** The order of two documents of equal score: negative when `a` comes first. */
  order(a: number, b: number): number;
}

/** The index: documents in, hits out. */
export interface ScoredPostings {
  add(document: PostingsDocument): void;
  /** Removes the document with `key`, if there is one. */
  remove(key: string): void;
  /** Removes the documents with these keys, if there are; many at once in one pass. */
  removeAll(keys: readonly string[]): void;
  has(key: string): boolean;
  /** Every document matching any of the terms, scored; OR semantics, like minisearch. */
  query(specs: readonly TermSpec[], options: ScoringOptions): QueryHits;
  /**
   * The `k` best documents of the same scoring, best first (ties in the request's order),
   * with the same scores, without scoring every posting (pruned-top.ts).
   */
  queryTop(specs: readonly TermSpec[], options: ScoringOptions, request: TopQuery): QueryHits;
  readonly documentCount: number;
  /** The table underneath, for saving. */
  readonly table: PostingsTable;
}

/**
 * Creates an index, empty or over a loaded table.
 *
 * @example
 * ```ts
 * const index = createScoredPostings();
 * index.add({ key: "topics/a id__Kf9mNp.md", terms: { text: new Map([["consol", 2]]), tags: new Map() }, lengths: { text: 3, tags: 0 } });
 * index.query([{ term: "consol", prefix: false, fuzzy: 0 }], options)[0]?.key;
 * ```
 */
export function createScoredPostings(table: PostingsTable = createPostingsTable()): ScoredPostings {
  // Per document number: its score so far, and a bit per distinct query word it matched.
  // Reused from query to query (queries are synchronous) and cleared by touched document.
  let scores = new Float64Array(0);
  let words = new Uint32Array(0);
  // Per document number: how many of the query's distinct words its title holds.
  let titleWords = new Uint8Array(0);

  /** The derived terms of one query word with their weights: itself, prefixes, neighbours. */
  const expansionsOf = (spec: TermSpec, options: ScoringOptions): [string, number][] => {
    const terms: [string, number][] = [[spec.term, spec.weight ?? 1]];
    // A word's exact form is looked up as itself only: its neighbours are stems' business.
    if (isExactTerm(spec.term)) return terms;
    let fuzzy =
      spec.fuzzy > 0 ? fuzzyNeighbours(stemsOf(table.vocabulary()), spec.term) : undefined;
    if (spec.typed !== undefined) {
      fuzzy ??= new Set();
      for (const term of typedNeighbours(table.vocabulary(), spec.typed)) {
        if (term !== spec.term) fuzzy.add(term);
      }
    }
    if (spec.prefix) {
      for (const term of prefixMatches(table.vocabulary(), spec.term)) {
        const distance = term.length - spec.term.length;
        if (distance === 0) continue;
        fuzzy?.delete(term);
        terms.push([term, (options.weights.prefix * term.length) / (term.length + 0.3 * distance)]);
      }
    }
    // Within one edit, and never the term itself: distance 1.
    for (const term of fuzzy ?? []) {
      terms.push([term, (options.weights.fuzzy * term.length) / (term.length + 1)]);
    }
    return terms;
  };

  return {
    add: (document) => table.add(document),
    remove: (key) => table.remove(key),
    removeAll: (keys) => table.removeAll(keys),
    has: (key) => table.docOf(key) !== undefined,
    query(specs, options) {
      const plan = planOf(specs, options);
      const slots = table.slotCount;
      const stride = Math.ceil(plan.words / 32) || 1;
      if (scores.length < slots) scores = new Float64Array(slots * 2);
      if (words.length < slots * stride) words = new Uint32Array(slots * 2 * stride);
      if (titleWords.length < slots) titleWords = new Uint8Array(slots * 2);
      const touched: number[] = [];
      for (const list of plan.lists) {
        const slot = list.word >>> 5;
        const bit = 1 << (list.word & 31);
        const { factor, field, postings } = list;
        const average = plan.averages[field] ?? 0;
        const { docs, counts } = postings;
        for (let at = 0; at < postings.size; at++) {
          const doc = docs[at] ?? 0;
          const raw = bm25Part(counts[at] ?? 0, table.lengthOf(doc, field), average, plan.bm25);
          if (scores[doc] === 0 && !isTouched(doc, stride)) touched.push(doc);
          scores[doc] = (scores[doc] ?? 0) + factor * raw;
          const cell = doc * stride + slot;
          words[cell] = (words[cell] ?? 0) | bit;
        }
      }
      if (plan.titleWeight > 0) countTitleWords(plan, stride);
      const docs = new Int32Array(touched.length);
      const hitScores = new Float64Array(touched.length);
      let hits = 0;
      for (const doc of touched) {
        let matchedWords = 0;
        for (let at = doc * stride; at < (doc + 1) * stride; at++) {
          matchedWords += bitCount(words[at] ?? 0);
          words[at] = 0;
        }
        const score = scores[doc] ?? 0;
        scores[doc] = 0;
        const inTitle = titleWords[doc] ?? 0;
        if (inTitle > 0) titleWords[doc] = 0;
        if (table.keyOf(doc) === undefined) continue;
        docs[hits] = doc;
        // A document matching more of the query's words counts that many times more.
        hitScores[hits] = finalScore(score, matchedWords, inTitle, opensWithName(plan, doc), plan);
        hits++;
      }
      return hitsOf(plan, docs.subarray(0, hits), hitScores.subarray(0, hits));
    },
    queryTop(specs, options, request) {
      const plan = planOf(specs, options);
      const top = prunedTop(plan, {
        k: request.k,
        accept: (doc) => table.keyOf(doc) !== undefined && request.accept(doc),
        order: request.order,
      });
      return hitsOf(plan, top.docs, top.scores);
    },
    get documentCount() {
      return table.documentCount;
    },
    table,
  };

  /** The lists a query scores, in scoring order, with their factors. */
  function planOf(specs: readonly TermSpec[], options: ScoringOptions): ScoringPlan {
    // Words repeated in the query count once, as minisearch counts them.
    const distinct = [...new Set(specs.map((spec) => spec.word ?? spec.term))];
    const lists: ScoringList[] = [];
    const count = table.documentCount;
    for (const spec of specs) {
      const word = distinct.indexOf(spec.word ?? spec.term);
      for (const [derived, weight] of expansionsOf(spec, options)) {
        for (let field = 0; field < FIELDS.length; field++) {
          const name = FIELDS[field] ?? "text";
          const postings = table.postings(field, derived);
          if (postings === undefined) continue;
          // A derived term counts as no rarer than the word typed (see capDerivedIdf).
          const own =
            options.capDerivedIdf === true && derived !== spec.term
              ? table.frequency(field, spec.term)
              : 0;
          const frequency = Math.max(postings.size, own);
          const idf = Math.log(1 + (count - frequency + 0.5) / (frequency + 0.5));
          lists.push({
            derived,
            field,
            postings,
            factor: weight * options.boost[name] * idf,
            word,
          });
        }
      }
    }
    const titleWeight = options.title ?? 0;
    const openings = (options.names?.terms ?? []).flatMap(
      (name) => table.postings(TITLE_FIELD, openingTerm(name)) ?? [],
    );
    return {
      lists,
      words: distinct.length,
      titleWeight,
      titles: titleWeight > 0 ? distinct.map((term) => table.postings(TITLE_FIELD, term)) : [],
      nameWeight: openings.length > 0 ? (options.names?.weight ?? 0) : 0,
      openings,
      bm25: options.bm25,
      averages: FIELDS.map((_, field) => table.averageLength(field)),
      lengthOf: table.lengthOf,
    };
  }

  /** A query's hits over `docs` and their scores, with matchOf and scoreOf. */
  function hitsOf(plan: ScoringPlan, docs: Int32Array, hitScores: Float64Array): QueryHits {
    return {
      docs,
      scores: hitScores,
      matchOf(doc) {
        const match: Record<string, Field[]> = {};
        for (const { derived, field, postings } of plan.lists) {
          if (!postings.has(doc)) continue;
          const name = FIELDS[field] ?? "text";
          const fields = Object.hasOwn(match, derived) ? match[derived] : undefined;
          if (fields === undefined) match[derived] = [name];
          else if (!fields.includes(name)) fields.push(name);
        }
        return match;
      },
      scoreOf: (doc) => (table.keyOf(doc) === undefined ? undefined : scoreOf(plan, doc)),
    };
  }

  /**
   * Counts, per document the query touched, the query words its title holds (a title's words
   * are part of its text, so that is every document holding one). Counts stop at 255.
   */
  function countTitleWords(plan: ScoringPlan, stride: number): void {
    for (const postings of plan.titles) {
      if (postings === undefined) continue;
      const { docs } = postings;
      for (let at = 0; at < postings.size; at++) {
        const doc = docs[at] ?? 0;
        // Only touched documents are cleared after the query.
        if (!isTouched(doc, stride)) continue;
        const held = titleWords[doc] ?? 0;
        if (held < 255) titleWords[doc] = held + 1;
      }
    }
  }

  function isTouched(doc: number, stride: number): boolean {
    for (let at = doc * stride; at < (doc + 1) * stride; at++) if (words[at] !== 0) return true;
    return false;
  }
}

// Per sorted vocabulary: the same without the exact forms (see exactTerm), which all sort
// before any stem ("=" before letters, after digits) and must not pass for a stem's typo.
const stemVocabularies = new WeakMap<readonly string[], readonly string[]>();

function stemsOf(sorted: readonly string[]): readonly string[] {
  const known = stemVocabularies.get(sorted);
  if (known !== undefined) return known;
  const stems = sorted.some(isExactTerm) ? sorted.filter((term) => !isExactTerm(term)) : sorted;
  stemVocabularies.set(sorted, stems);
  return stems;
}

function bitCount(value: number): number {
  let bits = value - ((value >>> 1) & 0x55555555);
  bits = (bits & 0x33333333) + ((bits >>> 2) & 0x33333333);
  return (((bits + (bits >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}
