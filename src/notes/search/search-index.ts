import MiniSearch, { type SearchResult } from "minisearch";
import type { NoteSnapshot, StoredNote } from "../note-store.js";
import { expansionTerms, FEEDBACK, feedbackScore } from "./feedback.js";
import { readableBody, tokenizeWords } from "./search-text.js";
import { stopwordHits } from "./stopword-hits.js";
import { searchTerm } from "./search-terms.js";
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
 * BM25+ parameters (minisearch's defaults; the benchmark found k and b flat around them).
 *
 * @example
 * ```ts
 * BM25_PARAMETERS.k; // 1.2
 * ```
 */
export const BM25_PARAMETERS = { k: 1.2, b: 0.75, d: 0.5 } as const;

/**
 * Fuzzy matching is light on purpose: one typo (Levenshtein distance 1) is forgiven in terms
 * of at least this many characters, none in shorter ones, where one edit turns a word into
 * another word ("cat" -> "car"). Terms are stems, so this counts the stem's letters. Fuzzy
 * matches score 0.45 of an exact one (minisearch's default), prefix matches 0.375.
 *
 * @example
 * ```ts
 * // "consale" finds "console"; "cat" does not find "car".
 * FUZZY_MIN_LENGTH; // 5
 * ```
 */
export const FUZZY_MIN_LENGTH = 5;

/**
 * A note the index matched, with minisearch's BM25+ score (field boosts included).
 *
 * @example
 * ```ts
 * const [best] = index.query("console");
 * best?.stored.note.title; best?.score; best?.matches; // { console: ["title", "body"] }
 * ```
 */
export interface SearchHit {
  readonly stored: StoredNote;
  readonly score: number;
  /** Each index term (folded, stemmed) that matched, with the fields it matched in. */
  readonly matches: Readonly<Record<string, readonly string[]>>;
}

/**
 * A full-text index over the notes, kept in step with the note store. Like the link index,
 * `sync` compares the snapshot with the one it saw last by object identity (the store hands
 * out a new StoredNote only for a file it re-read), so it re-indexes only what changed and
 * can never serve text the files no longer hold.
 *
 * @example
 * ```ts
 * const index: SearchIndex = createSearchIndex();
 * index.sync(snapshot);
 * index.query("design").length;
 * ```
 */
export interface SearchIndex {
  /** Adds, replaces and removes the notes whose StoredNote changed since the last sync. */
  sync(snapshot: NoteSnapshot): void;
  /**
   * Every note matching any word of the query, in no particular order, each with its score:
   * BM25+ over the text and tags, plus pseudo-relevance feedback (see FEEDBACK). Prefix matching applies to the last word (the
   * one a person may still be typing); fuzzy matching per FUZZY_MIN_LENGTH.
   */
  query(text: string): SearchHit[];
  /** How many notes the index holds. */
  readonly size: number;
}

/** The document minisearch indexes for one note file. */
interface IndexedNote {
  readonly path: string;
  readonly text: string;
  readonly tags: string;
}

interface Entry {
  readonly stored: StoredNote;
  // Kept so `remove` sees exactly the text that was added: minisearch removes a document by
  // re-tokenizing it, and anything else would leave stale terms behind.
  readonly indexed: IndexedNote;
  /** Each term of the note and how often it occurs: what feedback draws on. */
  readonly terms: ReadonlyMap<string, number>;
  /** The number of terms, repeats counted. */
  readonly length: number;
}

const SEARCH_OPTIONS = {
  boost: { ...FIELD_BOOSTS },
  bm25: { ...BM25_PARAMETERS },
  prefix: (_term: string, index: number, terms: string[]) => index === terms.length - 1,
  fuzzy: (term: string) => (term.length >= FUZZY_MIN_LENGTH ? 1 : false),
};

/**
 * Creates an empty index; the first `sync` fills it.
 *
 * @example
 * ```ts
 * const index = createSearchIndex();
 * const snapshot = await ctx.store.snapshot();
 * if (snapshot.isOk()) {
 *   index.sync(snapshot.value);
 *   index.query("console design")[0]?.stored.note.title;
 * }
 * ```
 */
export function createSearchIndex(): SearchIndex {
  // The term counts of the note being added, collected as minisearch processes its text:
  // tokenizing and stemming each note a second time made the build a third slower.
  let counting: Map<string, number> | undefined;
  const engine = new MiniSearch<IndexedNote>({
    idField: "path",
    fields: ["text", "tags"],
    tokenize: tokenizeWords,
    processTerm: (word, field) => {
      const term = searchTerm(word);
      if (term !== null && counting !== undefined && field === "text") {
        counting.set(term, (counting.get(term) ?? 0) + 1);
      }
      return term;
    },
    // `remove` (not `discard`) keeps the index exact, so there is nothing to vacuum and no
    // timer running in the background of a host.
    autoVacuum: false,
    searchOptions: SEARCH_OPTIONS,
  });
  let seen = new Map<string, Entry>();
  const documentFrequency = new Map<string, number>();
  let totalLength = 0;
  const count = (terms: ReadonlyMap<string, number>, delta: 1 | -1): void => {
    for (const n of terms.values()) totalLength += delta * n;
    for (const term of terms.keys()) {
      const next = (documentFrequency.get(term) ?? 0) + delta;
      if (next > 0) documentFrequency.set(term, next);
      else documentFrequency.delete(term);
    }
  };
  const remove = (entry: Entry): void => {
    engine.remove(entry.indexed);
    count(entry.terms, -1);
  };
  const hitsOf = (results: readonly SearchResult[]): SearchHit[] => {
    const hits: SearchHit[] = [];
    for (const result of results) {
      const path: unknown = result.id;
      const entry = typeof path === "string" ? seen.get(path) : undefined;
      if (entry === undefined) continue;
      hits.push({ stored: entry.stored, score: result.score, matches: result.match });
    }
    return hits;
  };

  return {
    sync(snapshot) {
      const next = new Map<string, Entry>();
      for (const stored of snapshot.notes) {
        const previous = seen.get(stored.path);
        if (previous?.stored === stored) {
          next.set(stored.path, previous);
          continue;
        }
        if (previous !== undefined) remove(previous);
        const indexed = toIndexed(stored);
        const terms = new Map<string, number>();
        counting = terms;
        engine.add(indexed);
        counting = undefined;
        count(terms, 1);
        let length = 0;
        for (const n of terms.values()) length += n;
        next.set(stored.path, { stored, indexed, terms, length });
      }
      for (const [path, previous] of seen) {
        if (!next.has(path)) remove(previous);
      }
      seen = next;
    },
    query(text) {
      const queryTerms = new Set(termCounts(text).keys());
      if (queryTerms.size === 0) return stopwordHits(seen.values(), text);
      const hits = hitsOf(engine.search(text));
      // Feedback re-orders a long list by what its head shares; on a handful of hits it
      // would only let near-duplicates lift each other.
      if (hits.length <= FEEDBACK.docs) return hits;
      const byScore = (a: SearchHit, b: SearchHit): number => b.score - a.score;
      const candidates = topK(hits, FEEDBACK.depth, byScore);
      const entryOf = (hit: SearchHit): Entry | undefined => seen.get(hit.stored.path);
      const expansion = expansionTerms(
        candidates
          .slice(0, FEEDBACK.docs)
          .map((hit) => ({ score: hit.score, terms: entryOf(hit)?.terms ?? new Map() })),
        queryTerms,
        (term) => documentFrequency.get(term) ?? 1,
        seen.size,
      );
      if (expansion.length === 0) return hits;
      const stats = {
        documentCount: seen.size,
        averageLength: totalLength / Math.max(1, seen.size),
        documentFrequency: (term: string) => documentFrequency.get(term) ?? 0,
      };
      // Only notes the query matched are lifted: a note never appears in a search for words
      // it does not contain.
      const lifted = new Map<SearchHit, number>();
      for (const hit of candidates) {
        const entry = entryOf(hit);
        if (entry === undefined) continue;
        lifted.set(hit, FEEDBACK.weight * feedbackScore(expansion, entry, stats, BM25_PARAMETERS));
      }
      return hits.map((hit) => {
        const extra = lifted.get(hit);
        return extra === undefined || extra === 0 ? hit : { ...hit, score: hit.score + extra };
      });
    },
    get size() {
      return seen.size;
    },
  };
}

function toIndexed(stored: StoredNote): IndexedNote {
  return {
    path: stored.path,
    text: `${stored.note.title}\n${readableBody(stored.note)}`,
    tags: stored.note.tags.join(" "),
  };
}

function termCounts(text: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const word of tokenizeWords(text)) {
    const term = searchTerm(word);
    if (term !== null) counts.set(term, (counts.get(term) ?? 0) + 1);
  }
  return counts;
}
