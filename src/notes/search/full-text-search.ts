import type { NoteFacts } from "../store/note-facts.js";
import type { StoredNote } from "../store/note-store.js";
import { expansionTerms, FEEDBACK, feedbackScore } from "./feedback.js";
import {
  createScoredPostings,
  type QueryHits,
  type ScoringOptions,
  type TermSpec,
} from "./scored-postings.js";
import { documentOf, hasBody, queryNames, queryWords } from "./note-terms.js";
import { createPostingsTable, type SavedTable } from "./postings-table.js";
import { exactTerm } from "./search-terms.js";
import { compareHits, compareNotes } from "./hit-order.js";
import { topK } from "./top-k.js";

/**
 * Field weights: the note's text (title and body as one field) counts once, a tag twice.
 * The title is not a field of its own: minisearch gives each field its own idf and length
 * normalization, so a word in a short title scored several times a body mention of it, and a
 * title that repeats the body's first words (the usual shape of a note whose title states
 * its idea) drowned everything else. Measured on LoCoMo (bench/retrieval): one text field
 * +0.151 R@5 on dialogue turns over a title field at x3; a title field even at x0.5 on top
 * cost 0.017.
 *
 * @example
 * ```ts
 * FIELD_BOOSTS.tags; // 2
 * ```
 */
export const FIELD_BOOSTS = { text: 1, tags: 2 } as const;

/**
 * BM25+ parameters (minisearch's k and d; the benchmark found k and b flat around them).
 *
 * @example
 * ```ts
 * BM25_PARAMETERS.k; // 1.2
 * ```
 */
export const BM25_PARAMETERS = { k: 1.2, b: 0.75, d: 0.5 } as const;

/**
 * Fuzzy matching is light on purpose: one typo (Levenshtein distance 1) is forgiven in words
 * of at least this many characters, none in shorter ones, where one edit turns a word into
 * another word ("cat" -> "car"). The edit counts on the stem and on the word as typed (a
 * typo can change what the stemmer does: "postgress" keeps its "ss", "postgres" becomes
 * "postgr"). Fuzzy matches score 0.45 of an exact one, prefix matches 0.375 (minisearch's
 * weights).
 *
 * @example
 * ```ts
 * // "consale" finds "console"; "cat" does not find "car".
 * FUZZY_MIN_LENGTH; // 5
 * ```
 */
export const FUZZY_MIN_LENGTH = 5;

/**
 * A note the index matched, with its BM25+ score (field boosts included).
 *
 * @example
 * ```ts
 * const best = index.query("console")?.hits[0];
 * best?.stored.note.title; best?.score; best?.matches; // { consol: ["text"] }
 * ```
 */
export interface SearchHit {
  /** The note's facts; a StoredNote (with its body) when the index read it in this process. */
  readonly stored: NoteFacts;
  /**
   * The note's id (`stored.note.id`), on the hit itself: the link boost looks it up for
   * thousands of hits, and reaching it through `stored` costs a cache miss each.
   */
  readonly id: string;
  readonly score: number;
  /** Each index term (folded, stemmed) that matched, with the fields it matched in. */
  readonly matches: Readonly<Record<string, readonly string[]>>;
}

/** A query's hits, its terms, and the hits feedback draws on (whose words it needs). */
export interface Matched {
  readonly hits: readonly SearchHit[];
  readonly terms: ReadonlySet<string>;
  /** The best FEEDBACK.docs hits when there are more hits than that, else none. */
  readonly feedbackFrom: readonly SearchHit[];
  /** The best FEEDBACK.depth hits, best first, when feedbackFrom has any (else none). */
  readonly head: readonly SearchHit[];
  /**
   * Set when `hits` holds only the best of the matching notes (a top k, see QueryTop): the
   * exact hits of the given notes, those of them that match (a link target below the top).
   */
  readonly hitsOf?: (notes: readonly NoteFacts[]) => SearchHit[];
}

/**
 * What a search keeps of a query's hits, so the index scores only what can reach it (top-k
 * pruning): at least the `k` best hits (never fewer than FEEDBACK.depth, which feedback
 * re-scores), and with `visible` (a status or tag filter), the `k` best of the visible ones too.
 */
export interface QueryTop {
  readonly k: number;
  readonly visible?: (facts: NoteFacts) => boolean;
}

/** What a saved index holds: the table, and each document's note version. */
export interface SavedFullTextSearch {
  readonly table: SavedTable;
  /** Per document of the table, the hash of the note version indexed (null for a dead slot). */
  readonly hashes: readonly (string | null)[];
}

/**
 * A full-text index over the notes, kept in step with the note store by version: `sync`
 * compares each note's hash with the version it indexed, so it re-indexes only what changed
 * and can never serve text the files no longer hold. It can be saved and loaded (see
 * search-cache-file.ts), which lets a cold process search without reading every note.
 *
 * @example
 * ```ts
 * const index: FullTextSearch = createFullTextSearch();
 * index.sync(snapshot.notes);
 * index.query("design")?.hits.length;
 * ```
 */
export interface FullTextSearch {
  /** The notes of `current` the index holds in another version or not at all. */
  stale(current: readonly NoteFacts[]): NoteFacts[];
  /**
   * Brings the index to `current`: indexes the notes of `read` (and those of `current` that
   * carry a body) whose version it does not hold, drops every path not in `current`. A stale
   * note with no body given is dropped until a later sync brings it.
   */
  sync(current: readonly NoteFacts[], read?: readonly StoredNote[]): void;
  /**
   * Every note matching any word of the query, in no particular order, each with its BM25+
   * score over the text and tags. Prefix matching applies to the last word (the one a person
   * may still be typing); fuzzy matching per FUZZY_MIN_LENGTH. Undefined when no word of the
   * query is indexed (only stopwords). With `top`, only the best hits (see QueryTop), the
   * same notes with the same scores as the exhaustive scoring's best.
   */
  query(text: string, top?: QueryTop): Matched | undefined;
  /**
   * The hits re-scored by pseudo-relevance feedback (see FEEDBACK): the words the best hits
   * share lift the matching notes holding them. `bodies` holds the notes of `feedbackFrom`
   * that the hits carry without a body.
   */
  withFeedback(matched: Matched, bodies: ReadonlyMap<string, StoredNote>): SearchHit[];
  /** The index as saved; `changed` says whether it differs from what was loaded or saved. */
  save(): SavedFullTextSearch;
  readonly changed: boolean;
  /** Notes indexed and dropped since the index was created (a replaced note counts in both). */
  stats(): { readonly added: number; readonly removed: number };
  /** How many notes the index holds. */
  readonly size: number;
}

/**
 * The weight of a query word's exact form (see exactTerm) beside its stem, in a query of
 * fewer than FEEDBACK.minWords words: someone asking for a note by one to three of its words
 * typed them as the note holds them. Longer queries (questions) look up stems only: there the
 * exact forms cost LoCoMo recall. Measured in docs/benchmarks.md (known-item search).
 *
 * @example
 * ```ts
 * EXACT_FORM_WEIGHT; // 2
 * ```
 */
export const EXACT_FORM_WEIGHT = 2;

/**
 * The title bonus of a query of fewer than FEEDBACK.minWords words: a note's score is
 * multiplied by 1 + TITLE_BONUS x the share of the query's words (by stem) its title holds.
 * Someone asking for a note by a few of its words most often remembers its title; among the
 * many notes holding the words (the same score within a few percent), the one titled with them
 * comes first. The title is not a field of its own (see FIELD_BOOSTS): a bonus bounded at
 * x1.15 re-orders near-ties without letting a short title outweigh the text. Questions (four
 * words or more) get none: there it cost LoCoMo turns R@5 0.006. Measured in
 * docs/benchmarks.md (known-item search): hit@1 flat from x1.1 to x1.2.
 *
 * @example
 * ```ts
 * TITLE_BONUS; // 0.15
 * ```
 */
export const TITLE_BONUS = 0.15;

/**
 * The name prior of a question (a query of FEEDBACK.minWords words or more): a matching note
 * that opens with a name the question asks about (see queryNames: its capitalised words after
 * the first) scores times 1 + NAME_PRIOR. A note that opens with a name is about that person
 * (a transcript's "Caroline: ...", a note titled "Caroline's adoption plans"), one that names
 * her further on mentions her ("Wow, Caroline!"); a name is in so many notes of a memory of
 * two people's conversations that its idf says almost nothing. Tuned on half the LoCoMo
 * conversations, measured on the other half (bench/retrieval/halves.ts, docs/benchmarks.md).
 *
 * @example
 * ```ts
 * NAME_PRIOR; // 0.5: a note opening with the name counts one and a half times
 * ```
 */
export const NAME_PRIOR = 0.5;

// A sync that indexed this many notes (a build) trims the postings' unused room after it.
const TRIM_AFTER = 1_000;

// Enough for the best notes of many queries; cleared whole when full, like the term cache.
const FEEDBACK_WORDS_KEPT = 2_048;

// A prefix or fuzzy term scores with an idf no higher than the word typed (capDerivedIdf): a
// rarer word that merely starts like it ("lovers" for "love") or is one letter from it
// would otherwise outweigh the word asked for, as Lucene's fuzzy query avoids by blending its
// terms' frequencies. Known-item hit@1 at 10,000 notes 0.245 -> 0.253; LoCoMo unchanged.
const SCORING: ScoringOptions = {
  boost: FIELD_BOOSTS,
  bm25: BM25_PARAMETERS,
  weights: { fuzzy: 0.45, prefix: 0.375 },
  capDerivedIdf: true,
};
const SHORT_SCORING: ScoringOptions = { ...SCORING, title: TITLE_BONUS };

interface Entry {
  readonly hash: string;
  /** The note's id, from its facts: kept beside them so a hit needs no hop through them. */
  id: string;
  facts: NoteFacts | undefined;
}

/**
 * Creates an index, empty or from a saved one (which the caller decoded and checked).
 *
 * @example
 * ```ts
 * const index = createFullTextSearch();
 * const snapshot = await ctx.store.snapshot();
 * if (snapshot.isOk()) {
 *   index.sync(snapshot.value.notes);
 *   index.query("console design")?.hits[0]?.stored.note.title;
 * }
 * ```
 */
export function createFullTextSearch(saved?: SavedFullTextSearch): FullTextSearch {
  const table = createPostingsTable(saved?.table);
  const engine = createScoredPostings(table);
  const entries = new Map<string, Entry>();
  // The same entries by document number, so a query's thousands of hits find their notes
  // without a lookup by path each. Renumbered whenever the table is (on save).
  let entryByDoc: (Entry | undefined)[] = [];
  saved?.table.keys.forEach((key, doc) => {
    const hash = saved.hashes[doc];
    if (key === null || typeof hash !== "string") return;
    // Usable once a sync hands over the facts (and with them the id).
    const entry = { hash, id: "", facts: undefined };
    entries.set(key, entry);
    entryByDoc[doc] = entry;
  });
  const renumber = (): void => {
    entryByDoc = [];
    for (const [path, entry] of entries) {
      const doc = table.docOf(path);
      if (doc !== undefined) entryByDoc[doc] = entry;
    }
  };
  // The words of notes that fed feedback, by note version (see withFeedback).
  const feedbackWords = new Map<string, ReadonlyMap<string, number>>();
  let changed = false;
  // The facts the index last took whole: the same array again needs no second look.
  let inStep: readonly NoteFacts[] | undefined;
  let added = 0;
  let removed = 0;

  // Equal scores: by note id, then path, as compareHits orders hits.
  const byNote = (a: number, b: number): number => {
    const entryA = entryByDoc[a];
    const entryB = entryByDoc[b];
    return compareNotes(
      entryA?.id ?? "",
      entryA?.facts?.path ?? "",
      entryB?.id ?? "",
      entryB?.facts?.path ?? "",
    );
  };

  const usable = (doc: number): boolean => entryByDoc[doc]?.facts !== undefined;

  // Removed together: one at a time, each removal looks at every postings list.
  const dropAll = (paths: readonly string[]): void => {
    if (paths.length === 0) return;
    for (const path of paths) {
      const doc = table.docOf(path);
      if (doc !== undefined) entryByDoc[doc] = undefined;
      entries.delete(path);
    }
    engine.removeAll(paths);
    changed = true;
    removed += paths.length;
  };

  return {
    stale: (current) =>
      current === inStep
        ? []
        : current.filter((facts) => entries.get(facts.path)?.hash !== facts.hash),
    sync(current, read = []) {
      // A long-lived host asks again with the same snapshot until a file changes.
      if (current === inStep && read.length === 0) return;
      const bodies = new Map<string, StoredNote>();
      for (const stored of read) bodies.set(stored.path, stored);
      const bodyOf = (facts: NoteFacts): StoredNote | undefined =>
        bodies.get(facts.path) ?? (hasBody(facts) ? facts : undefined);
      // What this sync indexes again or drops leaves first, all at once.
      const leaving: string[] = [];
      for (const facts of current) {
        const entry = entries.get(facts.path);
        if (entry === undefined) continue;
        const stored = bodyOf(facts);
        if ((stored !== undefined && entry.hash !== stored.hash) || entry.hash !== facts.hash) {
          leaving.push(facts.path);
        }
      }
      dropAll(leaving);
      let held = 0;
      let missing = 0;
      let indexed = 0;
      for (const facts of current) {
        const entry = entries.get(facts.path);
        const stored = bodyOf(facts);
        if (stored !== undefined && entry?.hash !== stored.hash) {
          const before = table.docOf(stored.path);
          if (before !== undefined) entryByDoc[before] = undefined;
          engine.add(documentOf(stored));
          const fresh = { hash: stored.hash, id: stored.note.id, facts: stored };
          entries.set(stored.path, fresh);
          const doc = table.docOf(stored.path);
          if (doc !== undefined) entryByDoc[doc] = fresh;
          changed = true;
          added++;
          indexed++;
          held++;
        } else if (entry !== undefined && entry.hash === facts.hash) {
          entry.facts = stored ?? facts;
          entry.id = facts.note.id;
          held++;
        } else {
          missing++;
        }
      }
      // Paths no longer current: only looked for when the index holds more than it kept.
      if (entries.size > held) {
        const present = new Set(current.map((facts) => facts.path));
        dropAll([...entries.keys()].filter((path) => !present.has(path)));
      }
      inStep = missing === 0 ? current : undefined;
      if (indexed >= TRIM_AFTER) table.trim();
    },
    query(text, top) {
      const words = queryWords(text);
      if (words.length === 0) return undefined;
      const terms = new Set(words.map((word) => word.term));
      const short = terms.size < FEEDBACK.minWords;
      const specs: TermSpec[] = words.flatMap(({ term, typed }, at): TermSpec[] => {
        const stem: TermSpec = {
          term,
          prefix: at === words.length - 1,
          fuzzy: term.length >= FUZZY_MIN_LENGTH ? 1 : 0,
          ...(typed.length >= FUZZY_MIN_LENGTH ? { typed } : {}),
        };
        if (!short) return [stem];
        const exact = { term: exactTerm(typed), word: term, prefix: false, fuzzy: 0 };
        return [stem, { ...exact, weight: EXACT_FORM_WEIGHT }];
      });
      const names = short ? [] : queryNames(text);
      const scoring = short
        ? SHORT_SCORING
        : names.length === 0
          ? SCORING
          : { ...SCORING, names: { terms: names, weight: NAME_PRIOR } };
      const found =
        top === undefined
          ? engine.query(specs, scoring)
          : engine.queryTop(specs, scoring, {
              k: Math.max(top.k, FEEDBACK.depth),
              accept: usable,
              order: byNote,
            });
      const hits: SearchHit[] = [];
      const taken = new Set<number>();
      const take = (docs: Int32Array, scores: Float64Array): void => {
        for (let at = 0; at < docs.length; at++) {
          const doc = docs[at] ?? 0;
          const entry = entryByDoc[doc];
          const facts = entry?.facts;
          if (facts === undefined || entry === undefined) continue;
          hits.push(new FullTextHit(facts, entry.id, scores[at] ?? 0, doc, found));
          if (top !== undefined) taken.add(doc);
        }
      };
      take(found.docs, found.scores);
      const visible = top?.visible;
      if (top !== undefined && visible !== undefined) {
        const shown = engine.queryTop(specs, scoring, {
          k: top.k,
          accept: (doc) => {
            const facts = entryByDoc[doc]?.facts;
            return facts !== undefined && !taken.has(doc) && visible(facts);
          },
          order: byNote,
        });
        take(shown.docs, shown.scores);
      }
      // Feedback re-orders a long list by what its head shares; on a handful of hits it
      // would only let near-duplicates lift each other.
      // A short query gets none: see FEEDBACK.minWords.
      const head =
        short || hits.length <= FEEDBACK.docs ? [] : topK(hits, FEEDBACK.depth, compareHits);
      const matched = { hits, terms, feedbackFrom: head.slice(0, FEEDBACK.docs), head };
      if (top === undefined) return matched;
      const hitsOf = (notes: readonly NoteFacts[]): SearchHit[] =>
        notes.flatMap((facts) => {
          const doc = table.docOf(facts.path);
          const entry = doc === undefined ? undefined : entryByDoc[doc];
          const score = doc === undefined ? undefined : found.scoreOf(doc);
          if (doc === undefined || entry?.facts === undefined || score === undefined) return [];
          return [new FullTextHit(entry.facts, entry.id, score, doc, found)];
        });
      return { ...matched, hitsOf };
    },
    withFeedback,
    save() {
      changed = false;
      const savedTable = table.save();
      renumber();
      return {
        table: savedTable,
        hashes: savedTable.keys.map((key) =>
          key === null ? null : (entries.get(key)?.hash ?? null),
        ),
      };
    },
    get changed() {
      return changed;
    },
    stats: () => ({ added, removed }),
    get size() {
      return entries.size;
    },
  };

  /**
   * The hit's document number: the one an index hit carries while the table still gives it
   * that note (a save renumbers the table, and a search reads bodies between its query and
   * its feedback), else looked up by path.
   */
  function docOfHit(hit: SearchHit): number | undefined {
    if (hit instanceof FullTextHit && table.keyOf(hit.doc) === hit.stored.path) return hit.doc;
    return table.docOf(hit.stored.path);
  }

  function withFeedback(matched: Matched, bodies: ReadonlyMap<string, StoredNote>): SearchHit[] {
    const { hits, terms, feedbackFrom, head } = matched;
    if (feedbackFrom.length === 0) return [...hits];
    const wordsOf = (hit: SearchHit): ReadonlyMap<string, number> => {
      const body = hasBody(hit.stored) ? hit.stored : bodies.get(hit.stored.path);
      if (body === undefined) return new Map();
      // By version: the same best notes come back query after query in a long-lived host.
      const known = feedbackWords.get(body.hash);
      if (known !== undefined) return known;
      const words = documentOf(body).terms.text;
      if (feedbackWords.size >= FEEDBACK_WORDS_KEPT) feedbackWords.clear();
      feedbackWords.set(body.hash, words);
      return words;
    };
    const expansion = expansionTerms(
      feedbackFrom.map((hit) => ({ score: hit.score, terms: wordsOf(hit) })),
      terms,
      (term) => table.frequency(0, term) || 1,
      table.documentCount,
    );
    if (expansion.length === 0) return [...hits];
    // Each expansion term's frequency looked up once, not once per note of the head.
    const frequencies = new Map(expansion.map((term) => [term, table.frequency(0, term)]));
    const stats = {
      documentCount: table.documentCount,
      averageLength: table.averageTermTotal(),
      documentFrequency: (term: string) => frequencies.get(term) ?? table.frequency(0, term),
    };
    const expansionPostings = expansion.map((term) => [term, table.postings(0, term)] as const);
    // Only notes the query matched are lifted: a note never appears in a search for words
    // it does not contain.
    const lifted = new Map<SearchHit, number>();
    for (const hit of head) {
      const doc = docOfHit(hit);
      const counts = new Map<string, number>();
      for (const [term, list] of expansionPostings) {
        const count = doc === undefined ? undefined : list?.get(doc);
        if (count !== undefined) counts.set(term, count);
      }
      const target = { terms: counts, length: doc === undefined ? 0 : table.termTotalAt(doc) };
      lifted.set(hit, FEEDBACK.weight * feedbackScore(expansion, target, stats, BM25_PARAMETERS));
    }
    return hits.map((hit) => {
      const extra = lifted.get(hit);
      return extra === undefined || extra === 0 ? hit : rescored(hit, hit.score + extra);
    });
  }
}

/**
 * A hit straight from the index. Its matches are looked up when first read: a search keeps
 * ten of thousands of hits, and only those ten show a snippet.
 */
class FullTextHit implements SearchHit {
  private found: Readonly<Record<string, readonly string[]>> | undefined;
  constructor(
    readonly stored: NoteFacts,
    readonly id: string,
    readonly score: number,
    /** The note's document number in the table when the hit was made. */
    readonly doc: number,
    private readonly lookup: QueryHits,
  ) {}
  get matches(): Readonly<Record<string, readonly string[]>> {
    this.found ??= this.lookup.matchOf(this.doc);
    return this.found;
  }
  withScore(score: number): FullTextHit {
    return new FullTextHit(this.stored, this.id, score, this.doc, this.lookup);
  }
}

/** The hit with another score; an index hit stays lazy (a spread would drop its matches). */
function rescored(hit: SearchHit, score: number): SearchHit {
  return hit instanceof FullTextHit
    ? hit.withScore(score)
    : { stored: hit.stored, id: hit.id, score, matches: hit.matches };
}
