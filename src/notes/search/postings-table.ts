/**
 * The index's storage: per field, term -> postings (document number -> count), and per
 * document its key and lengths. Postings loaded from a saved table stay compact strings until
 * a query or an update touches their term, which is what makes a cold search cheap: it
 * decodes the postings of its own terms only.
 *
 * A removed document's number is never reused: its slot is dead, and postings still encoded
 * may name it until they are decoded (which drops dead numbers) or the table is compacted on
 * save. So every count a score uses is of live documents only.
 *
 * @module
 */
import type { PostingsDocument } from "./scored-postings.js";
import { PostingsList } from "./postings-list.js";

/**
 * The table's field after the two scored ones (text, tags): each note's title stems, for the
 * title bonus, and the words it opens with (marked, see openingTerm), for the name prior;
 * never scored, never in a match, no length kept.
 *
 * @example
 * ```ts
 * table.postings(TITLE_FIELD, "consol")?.size; // notes with "console" (stemmed) in their title
 * ```
 */
export const TITLE_FIELD = 2;
const FIELD_COUNT = 3;
// Saved tables are compacted (dead numbers dropped, the rest renumbered) past this share.
const DEAD_SHARE_TO_COMPACT = 0.1;
// Removals at once up to which each list is searched for each document, above which one pass
// over every list's postings removes them all (a sync re-indexing thousands of notes).
const ONE_BY_ONE = 16;

/** A table as saved: plain arrays and strings, `null` for a dead document's slot. */
export interface SavedTable {
  readonly keys: readonly (string | null)[];
  /**
   * Per document three cells in a row: its field lengths (text, tags) and how many text terms
   * it has, repeats counted.
   */
  readonly lengths: readonly number[];
  /** Per field (text, tags, title), its terms sorted by code unit, without repeats. */
  readonly terms: readonly (readonly string[])[];
  /**
   * Per field, the postings of its terms in the order of `terms`, joined by commas, each as
   * PostingsList.encode writes it. One string per field rather than one per term: loading
   * allocates two strings instead of 13,000, and a query reads only its own terms' stretches.
   */
  readonly postings: readonly string[];
  /**
   * Per field, how many entries each term's stretch of `postings` holds, in the order of
   * `terms`: a term's document frequency without counting its stretch (feedback asks for
   * hundreds of them), trusted only while no document of the table is dead.
   */
  readonly frequencies: readonly (readonly number[])[];
}

/** Storage for {@link createScoredPostings}; see the module comment. */
export interface PostingsTable {
  add(document: PostingsDocument): void;
  remove(key: string): void;
  /** Removes the documents with these keys (those it has): many at once cost one pass. */
  removeAll(keys: readonly string[]): void;
  docOf(key: string): number | undefined;
  keyOf(doc: number): string | undefined;
  postings(field: number, term: string): PostingsList | undefined;
  /** How many live documents hold `term` in `field` (without decoding when none is dead). */
  frequency(field: number, term: string): number;
  /** A scored field's length (text or tags; the title field keeps none). */
  lengthOf(doc: number, field: number): number;
  averageLength(field: number): number;
  /**
   * How many text terms the document has, repeats counted (what feedback normalises by); 0 for
   * a number not in use. By number: feedback has its hits' numbers.
   */
  termTotalAt(doc: number): number;
  /** The mean of termTotalAt over the live documents. */
  averageTermTotal(): number;
  /** Every term of the scored fields, sorted by code unit (for prefix and fuzzy lookups). */
  vocabulary(): readonly string[];
  save(): SavedTable;
  /** Gives back the postings' unused room (after many documents were added at once). */
  trim(): void;
  readonly documentCount: number;
  /** One more than the highest document number given out, dead slots included. */
  readonly slotCount: number;
}

/**
 * A table, empty or over a saved one (which must be well formed: see decodeSearchCache).
 *
 * @example
 * ```ts
 * const table = createPostingsTable(saved);
 * table.postings(0, "consol")?.size; // live documents with "consol" in their text
 * ```
 */
export function createPostingsTable(saved?: SavedTable): PostingsTable {
  const keys: (string | undefined)[] = [];
  // Per document: text length, tags length, text terms with repeats; three cells each, in one
  // typed array, because a query reads them for thousands of documents in a row.
  let lengths = new Int32Array(3 * 64);
  const lengthAt = (doc: number, at: number): number => lengths[doc * 3 + at] ?? 0;
  const setLengths = (doc: number, values: readonly number[]): void => {
    if (lengths.length < (doc + 1) * 3) {
      const grown = new Int32Array(Math.max(lengths.length * 2, (doc + 1) * 3));
      grown.set(lengths);
      lengths = grown;
    }
    for (let at = 0; at < 3; at++) lengths[doc * 3 + at] = values[at] ?? 0;
  };
  const tupleOf = (doc: number): [number, number, number] => [
    lengthAt(doc, 0),
    lengthAt(doc, 1),
    lengthAt(doc, 2),
  ];
  // A term's postings: decoded, or still the index of its stretch of the saved text.
  const postings: Map<string, PostingsList | number>[] = Array.from(
    { length: FIELD_COUNT },
    () => new Map(),
  );
  const savedText: string[] = Array.from({ length: FIELD_COUNT }, () => "");
  // Per field, where each saved term's stretch starts; one more entry closes the last.
  const savedStarts: Int32Array[] = Array.from({ length: FIELD_COUNT }, () => new Int32Array(1));
  const savedFrequencies: (readonly number[])[] = Array.from({ length: FIELD_COUNT }, () => []);
  const docByKey = new Map<string, number>();
  // Text length, tags length, text terms with repeats: sums over the live documents.
  const sums = [0, 0, 0];
  let dead = 0;
  let sortedVocabulary: readonly string[] | undefined;

  const load = (from: SavedTable): void => {
    keys.length = 0;
    lengths = new Int32Array(3 * Math.max(64, from.keys.length));
    docByKey.clear();
    sums.fill(0);
    dead = 0;
    from.keys.forEach((key, doc) => {
      keys.push(key ?? undefined);
      for (let at = 0; at < 3; at++) lengths[doc * 3 + at] = from.lengths[doc * 3 + at] ?? 0;
      if (key === null) {
        dead++;
        return;
      }
      docByKey.set(key, doc);
      for (let at = 0; at < 3; at++) sums[at] = (sums[at] ?? 0) + lengthAt(doc, at);
    });
    for (let field = 0; field < FIELD_COUNT; field++) {
      const terms = from.terms[field] ?? [];
      const text = from.postings[field] ?? "";
      const starts = new Int32Array(terms.length + 1);
      const byTerm = new Map<string, PostingsList | number>();
      let start = 0;
      for (let at = 0; at < terms.length; at++) {
        starts[at] = start;
        const comma = text.indexOf(",", start);
        start = comma === -1 ? text.length + 1 : comma + 1;
        byTerm.set(terms[at] ?? "", at);
      }
      starts[terms.length] = start;
      postings[field] = byTerm;
      savedText[field] = text;
      savedStarts[field] = starts;
      savedFrequencies[field] = from.frequencies[field] ?? [];
    }
    // Both fields' terms are sorted already: merging them spares a sort of the vocabulary.
    sortedVocabulary = mergeSorted(from.terms[0] ?? [], from.terms[1] ?? []);
  };
  if (saved !== undefined) load(saved);

  /** Where the saved stretch of term number `slot` of `field` lies. */
  const stretchOf = (field: number, slot: number): [start: number, end: number] => {
    const starts = savedStarts[field] ?? new Int32Array(1);
    return [starts[slot] ?? 0, (starts[slot + 1] ?? 1) - 1];
  };

  const live = (doc: number): boolean => keys[doc] !== undefined;
  const postingsOf = (field: number, term: string): PostingsList | undefined => {
    const byTerm = postings[field];
    const found = byTerm?.get(term);
    if (typeof found !== "number") return found;
    const [start, end] = stretchOf(field, found);
    const decoded = PostingsList.decode(savedText[field] ?? "", live, start, end);
    if (decoded.size === 0) {
      byTerm?.delete(term);
      sortedVocabulary = undefined;
      return undefined;
    }
    byTerm?.set(term, decoded);
    return decoded;
  };

  const removeAll = (removing: readonly string[]): void => {
    const docs = new Set<number>();
    for (const key of removing) {
      const doc = docByKey.get(key);
      if (doc !== undefined) docs.add(doc);
    }
    if (docs.size === 0) return;
    // A few are looked up in each list; more cost one pass over every list's postings.
    const gone = (doc: number): boolean => docs.has(doc);
    const deleteFrom = (list: PostingsList): number => {
      if (docs.size > ONE_BY_ONE) return list.deleteWhere(gone);
      let deleted = 0;
      for (const doc of docs) if (list.delete(doc)) deleted++;
      return deleted;
    };
    // Decoded postings drop the numbers now; encoded ones drop them when decoded.
    for (const byTerm of postings) {
      for (const [term, list] of byTerm) {
        if (typeof list === "number" || deleteFrom(list) === 0 || list.size > 0) continue;
        byTerm.delete(term);
        sortedVocabulary = undefined;
      }
    }
    for (const doc of docs) {
      for (let at = 0; at < 3; at++) sums[at] = (sums[at] ?? 0) - lengthAt(doc, at);
      const key = keys[doc];
      if (key !== undefined) docByKey.delete(key);
      keys[doc] = undefined;
      dead++;
    }
  };
  const remove = (key: string): void => {
    if (docByKey.has(key)) removeAll([key]);
  };

  const table: PostingsTable = {
    add(document) {
      remove(document.key);
      const doc = keys.length;
      keys.push(document.key);
      docByKey.set(document.key, doc);
      let total = 0;
      for (const count of document.terms.text.values()) total += count;
      const length = [document.lengths.text, document.lengths.tags, total] as const;
      setLengths(doc, length);
      for (let at = 0; at < 3; at++) sums[at] = (sums[at] ?? 0) + (length[at] ?? 0);
      const title = new Map([...(document.titleTerms ?? [])].map((term) => [term, 1]));
      // In field order: text, tags, TITLE_FIELD.
      const fieldTerms = [document.terms.text, document.terms.tags, title];
      for (let field = 0; field < FIELD_COUNT; field++) {
        for (const [term, count] of fieldTerms[field] ?? []) {
          let list = postingsOf(field, term);
          if (list === undefined) {
            list = new PostingsList();
            postings[field]?.set(term, list);
            sortedVocabulary = undefined;
          }
          list.set(doc, count);
        }
      }
    },
    remove,
    removeAll,
    docOf: (key) => docByKey.get(key),
    keyOf: (doc) => keys[doc],
    postings: postingsOf,
    frequency(field, term) {
      const found = postings[field]?.get(term);
      if (found === undefined) return 0;
      if (typeof found !== "number" || dead > 0) return postingsOf(field, term)?.size ?? 0;
      return savedFrequencies[field]?.[found] ?? 0;
    },
    lengthOf: (doc, field) => lengths[doc * 3 + field] ?? 0,
    averageLength: (field) => (sums[field] ?? 0) / Math.max(1, docByKey.size),
    termTotalAt: (doc) => (keys[doc] === undefined ? 0 : lengthAt(doc, 2)),
    averageTermTotal: () => (sums[2] ?? 0) / Math.max(1, docByKey.size),
    vocabulary() {
      if (sortedVocabulary === undefined) {
        const all = new Set<string>();
        // The title's stems are the text's too.
        for (const byTerm of postings.slice(0, TITLE_FIELD))
          for (const term of byTerm.keys()) all.add(term);
        sortedVocabulary = [...all].toSorted(byCodeUnit);
      }
      return sortedVocabulary;
    },
    trim() {
      for (const byTerm of postings)
        for (const list of byTerm.values()) if (typeof list !== "number") list.trim();
    },
    save() {
      if (dead > DEAD_SHARE_TO_COMPACT * keys.length) {
        const compact = compacted();
        load(compact);
        return compact;
      }
      return savedAs(
        keys.map((key) => key ?? null),
        keys.flatMap((_, doc) => tupleOf(doc)),
        (field, term) => {
          const list = postings[field]?.get(term);
          if (list === undefined) return undefined;
          if (typeof list !== "number")
            return { text: list.encode((doc) => doc), entries: list.size };
          const [start, end] = stretchOf(field, list);
          const text = (savedText[field] ?? "").slice(start, end);
          return { text, entries: savedFrequencies[field]?.[list] ?? 0 };
        },
      );
    },
    get documentCount() {
      return docByKey.size;
    },
    get slotCount() {
      return keys.length;
    },
  };

  /** The live documents renumbered from 0, every postings list decoded and re-encoded. */
  function compacted(): SavedTable {
    const renumbered = new Map<number, number>();
    const liveKeys: string[] = [];
    const liveLengths: number[] = [];
    keys.forEach((key, doc) => {
      if (key === undefined) return;
      renumbered.set(doc, liveKeys.length);
      liveKeys.push(key);
      liveLengths.push(...tupleOf(doc));
    });
    return savedAs(liveKeys, liveLengths, (field, term) => {
      const list = postingsOf(field, term);
      if (list === undefined) return undefined;
      return { text: list.encode((doc) => renumbered.get(doc) ?? doc), entries: list.size };
    });
  }

  /** The table as saved, each term's postings from `encoded` (none leaves the term out). */
  function savedAs(
    savedKeys: (string | null)[],
    savedLengths: number[],
    encoded: (field: number, term: string) => { text: string; entries: number } | undefined,
  ): SavedTable {
    const terms: string[][] = [];
    const texts: string[] = [];
    const frequencies: number[][] = [];
    for (let field = 0; field < FIELD_COUNT; field++) {
      const kept: string[] = [];
      const parts: string[] = [];
      const entries: number[] = [];
      for (const term of [...(postings[field]?.keys() ?? [])].toSorted(byCodeUnit)) {
        const stretch = encoded(field, term);
        if (stretch === undefined || stretch.entries === 0) continue;
        kept.push(term);
        parts.push(stretch.text);
        entries.push(stretch.entries);
      }
      terms.push(kept);
      texts.push(parts.join(","));
      frequencies.push(entries);
    }
    return { keys: savedKeys, lengths: savedLengths, terms, postings: texts, frequencies };
  }

  return table;
}

function byCodeUnit(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Two sorted lists as one, without repeats. */
function mergeSorted(a: readonly string[], b: readonly string[]): string[] {
  const merged: string[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    const x = a[i];
    const y = b[j];
    const next = y === undefined || (x !== undefined && x <= y) ? x : y;
    if (next === undefined) break;
    if (next === x) i++;
    if (next === y) j++;
    merged.push(next);
  }
  return merged;
}
