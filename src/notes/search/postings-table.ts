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
import type { IndexDocument } from "./inverted-index.js";
import { PostingsList } from "./postings-list.js";

const FIELD_COUNT = 2;
// Saved tables are compacted (dead numbers dropped, the rest renumbered) past this share.
const DEAD_SHARE_TO_COMPACT = 0.1;

/** A table as saved: plain arrays and strings, `null` for a dead document's slot. */
export interface SavedTable {
  readonly keys: readonly (string | null)[];
  /** Per document: its field lengths (text, tags) and how many text terms, repeats counted. */
  readonly lengths: readonly (readonly [number, number, number])[];
  /** Per field, term -> postings: "doc doc:count ..." in base 36, a count only when above 1. */
  readonly postings: readonly Readonly<Record<string, string>>[];
}

/** Storage for {@link createInvertedIndex}; see the module comment. */
export interface PostingsTable {
  add(document: IndexDocument): void;
  remove(key: string): void;
  docOf(key: string): number | undefined;
  keyOf(doc: number): string | undefined;
  postings(field: number, term: string): PostingsList | undefined;
  /** How many live documents hold `term` in `field` (without decoding when none is dead). */
  frequency(field: number, term: string): number;
  lengthOf(doc: number, field: number): number;
  averageLength(field: number): number;
  /** How many text terms the document has, repeats counted (what feedback normalises by). */
  termTotalOf(key: string): number;
  /** The mean of termTotalOf over the live documents. */
  averageTermTotal(): number;
  /** Every term of any field, sorted by code unit (for prefix and fuzzy lookups). */
  vocabulary(): readonly string[];
  save(): SavedTable;
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
  const postings: Map<string, PostingsList | string>[] = [new Map(), new Map()];
  const docByKey = new Map<string, number>();
  // Text length, tags length, text terms with repeats: sums over the live documents.
  const sums = [0, 0, 0];
  let dead = 0;
  let sortedVocabulary: string[] | undefined;

  const load = (from: SavedTable): void => {
    keys.length = 0;
    lengths = new Int32Array(3 * Math.max(64, from.keys.length));
    docByKey.clear();
    sums.fill(0);
    dead = 0;
    sortedVocabulary = undefined;
    from.keys.forEach((key, doc) => {
      keys.push(key ?? undefined);
      const length = from.lengths[doc] ?? [0, 0, 0];
      setLengths(doc, length);
      if (key === null) {
        dead++;
        return;
      }
      docByKey.set(key, doc);
      for (let at = 0; at < 3; at++) sums[at] = (sums[at] ?? 0) + (length[at] ?? 0);
    });
    for (let field = 0; field < FIELD_COUNT; field++) {
      postings[field] = new Map(Object.entries(from.postings[field] ?? {}));
    }
  };
  if (saved !== undefined) load(saved);

  const postingsOf = (field: number, term: string): PostingsList | undefined => {
    const byTerm = postings[field];
    const found = byTerm?.get(term);
    if (typeof found !== "string") return found;
    const decoded = PostingsList.decode(found, (doc) => keys[doc] !== undefined);
    if (decoded.size === 0) {
      byTerm?.delete(term);
      sortedVocabulary = undefined;
      return undefined;
    }
    byTerm?.set(term, decoded);
    return decoded;
  };

  const remove = (key: string): void => {
    const doc = docByKey.get(key);
    if (doc === undefined) return;
    // Decoded postings drop the number now; encoded ones drop it when decoded.
    for (const byTerm of postings) {
      for (const [term, list] of byTerm) {
        if (typeof list === "string" || !list.delete(doc) || list.size > 0) continue;
        byTerm.delete(term);
        sortedVocabulary = undefined;
      }
    }
    for (let at = 0; at < 3; at++) sums[at] = (sums[at] ?? 0) - lengthAt(doc, at);
    keys[doc] = undefined;
    docByKey.delete(key);
    dead++;
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
      const fieldTerms = [document.terms.text, document.terms.tags];
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
    docOf: (key) => docByKey.get(key),
    keyOf: (doc) => keys[doc],
    postings: postingsOf,
    frequency(field, term) {
      const found = postings[field]?.get(term);
      if (found === undefined) return 0;
      if (typeof found !== "string" || dead > 0) return postingsOf(field, term)?.size ?? 0;
      let spaces = 0;
      for (let at = found.indexOf(" "); at !== -1; at = found.indexOf(" ", at + 1)) spaces++;
      return spaces + 1;
    },
    lengthOf: (doc, field) => lengths[doc * 3 + field] ?? 0,
    averageLength: (field) => (sums[field] ?? 0) / Math.max(1, docByKey.size),
    termTotalOf(key) {
      const doc = docByKey.get(key);
      return doc === undefined ? 0 : lengthAt(doc, 2);
    },
    averageTermTotal: () => (sums[2] ?? 0) / Math.max(1, docByKey.size),
    vocabulary() {
      if (sortedVocabulary === undefined) {
        const all = new Set<string>();
        for (const byTerm of postings) for (const term of byTerm.keys()) all.add(term);
        sortedVocabulary = [...all].toSorted((a, b) => (a < b ? -1 : a > b ? 1 : 0));
      }
      return sortedVocabulary;
    },
    save() {
      if (dead > DEAD_SHARE_TO_COMPACT * keys.length) {
        const compact = compacted();
        load(compact);
        return compact;
      }
      return {
        keys: keys.map((key) => key ?? null),
        lengths: keys.map((_, doc) => tupleOf(doc)),
        postings: postings.map((byTerm) => {
          const record: Record<string, string> = {};
          for (const [term, list] of byTerm) {
            record[term] = typeof list === "string" ? list : list.encode((doc) => doc);
          }
          return record;
        }),
      };
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
    const liveLengths: (readonly [number, number, number])[] = [];
    keys.forEach((key, doc) => {
      if (key === undefined) return;
      renumbered.set(doc, liveKeys.length);
      liveKeys.push(key);
      liveLengths.push(tupleOf(doc));
    });
    return {
      keys: liveKeys,
      lengths: liveLengths,
      postings: postings.map((byTerm, field) => {
        const record: Record<string, string> = {};
        for (const term of byTerm.keys()) {
          const list = postingsOf(field, term);
          if (list !== undefined) record[term] = list.encode((doc) => renumbered.get(doc) ?? doc);
        }
        return record;
      }),
    };
  }

  return table;
}
