/**
 * The saved search index, `.agent-memory/cache/search.json`: derived state beside the notes'
 * facts, never committed. Each document carries the hash of the note version it indexed, and
 * the search re-indexes every note whose current hash differs, so a saved index that is old,
 * copied from another memory or half-updated costs re-indexing, never a wrong answer. A file
 * this version did not write for these terms (other stopwords, another recipe) is ignored.
 *
 * @module
 */
import { isRecord } from "../../shared/is-record.js";
import { NOTE_HASH_LENGTH, isNoteHash, noteHash } from "../../model/note-hash.js";
import { PRIVATE_FOLDER } from "../../model/layout.js";
import type { SavedTable } from "./postings-table.js";
import type { SavedFullTextSearch } from "./full-text-search.js";
import { STOPWORDS } from "./search-terms.js";
import { stretchesHold } from "./postings-text.js";

/** Where the saved index lives. */
export const SEARCH_CACHE_PATH = `${PRIVATE_FOLDER}/cache/search.json`;

const FORMAT = "agent-memory/search-cache";
// Bumped whenever tokenizing, stemming, the fields or the file's shape change (4: the
// fields hold each word's exact form beside its stem; 5: a third field, the titles' stems;
// 6: the third field also holds each note's opening words, see openingTerm).
const VERSION = 6;
// The table's fields: text, tags, title (see postings-table.ts).
const FIELDS = 3;
// A slot without a version is kept as this, glued like the others.
const NO_HASH = "-".repeat(NOTE_HASH_LENGTH);

let recipe: string | undefined;
/** The terms' recipe: the version and the stopword list, so a new list can never be mixed in. */
function termsRecipe(): string {
  recipe ??= `${VERSION}:${noteHash([...STOPWORDS].toSorted().join(" "))}`;
  return recipe;
}

/**
 * The file's shape: the table's columns, each field's terms as one space-separated string and
 * its postings as one comma-separated string, the versions glued at a fixed width. A cold
 * search parses a few long strings instead of one value per term and per document.
 */
interface SavedFile {
  readonly keys: readonly (string | null)[];
  readonly lengths: readonly number[];
  readonly hashes: string;
  readonly terms: readonly string[];
  readonly postings: readonly string[];
  readonly frequencies: readonly (readonly number[])[];
}

/**
 * The file's text for a saved index, or undefined when a term holds a space (the tokenizer
 * never makes one): the index is then not saved, and the next process indexes afresh.
 *
 * @example
 * ```ts
 * const text = encodeSearchCache(index.save());
 * if (text !== undefined) await persistence.write(SEARCH_CACHE_PATH, text);
 * ```
 */
export function encodeSearchCache(saved: SavedFullTextSearch): string | undefined {
  const { table, hashes } = saved;
  if (table.terms.some((terms) => terms.some((term) => term === "" || term.includes(" "))))
    return undefined;
  const file: SavedFile = {
    keys: table.keys,
    lengths: table.lengths,
    // A version that is not noteHash's is saved as none: that note is indexed again.
    hashes: hashes.map((hash) => (hash !== null && isNoteHash(hash) ? hash : NO_HASH)).join(""),
    terms: table.terms.map((terms) => terms.join(" ")),
    postings: table.postings,
    frequencies: table.frequencies,
  };
  return JSON.stringify({ format: FORMAT, recipe: termsRecipe(), ...file });
}

/**
 * The saved index in a file's text, or undefined when it is not one this version wrote for
 * these terms, or does not hold together (columns of different lengths, values of the wrong
 * type, terms out of order or repeated, postings that are malformed, name a document the file
 * does not have or disagree with their saved frequencies): the search then indexes from the
 * notes.
 *
 * @example
 * ```ts
 * const index = createFullTextSearch(decodeSearchCache(text)); // undefined: start empty
 * ```
 */
export function decodeSearchCache(text: string): SavedFullTextSearch | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!isRecord(parsed) || parsed.format !== FORMAT || parsed.recipe !== termsRecipe()) {
    return undefined;
  }
  const { keys, lengths, hashes, terms, postings, frequencies } = parsed;
  if (!Array.isArray(keys) || !Array.isArray(lengths) || typeof hashes !== "string") return;
  const count = keys.length;
  if (lengths.length !== count * 3 || hashes.length !== count * NOTE_HASH_LENGTH) return undefined;
  for (const key of keys as unknown[]) if (!(key === null || typeof key === "string")) return;
  for (const length of lengths as unknown[]) if (!isCount(length)) return undefined;
  const fields = fieldsOf(terms, postings, frequencies, count);
  if (fields === undefined) return undefined;
  const versions: (string | null)[] = [];
  for (let doc = 0; doc < count; doc++) {
    const hash = hashes.slice(doc * NOTE_HASH_LENGTH, (doc + 1) * NOTE_HASH_LENGTH);
    versions.push(hash === NO_HASH ? null : hash);
  }
  const table: SavedTable = {
    keys: keys as (string | null)[],
    lengths: lengths as number[],
    terms: fields.terms,
    postings: fields.postings,
    frequencies: fields.frequencies,
  };
  return { table, hashes: versions };
}

/** Each field's terms, checked sorted and as many as its postings' stretches and counts. */
function fieldsOf(
  terms: unknown,
  postings: unknown,
  frequencies: unknown,
  documentCount: number,
): { terms: string[][]; postings: string[]; frequencies: number[][] } | undefined {
  if (!Array.isArray(terms) || !Array.isArray(postings) || !Array.isArray(frequencies)) return;
  if (terms.length !== FIELDS || postings.length !== FIELDS || frequencies.length !== FIELDS)
    return undefined;
  const split: string[][] = [];
  for (let field = 0; field < FIELDS; field++) {
    const joined: unknown = terms[field];
    const text: unknown = postings[field];
    const counts: unknown = frequencies[field];
    if (typeof joined !== "string" || typeof text !== "string" || !Array.isArray(counts)) return;
    const list = joined === "" ? [] : joined.split(" ");
    for (let at = 1; at < list.length; at++) if (!((list[at - 1] ?? "") < (list[at] ?? ""))) return;
    if (list.includes("") || counts.length !== list.length) return undefined;
    if (!stretchesHold(text, counts as unknown[], documentCount)) return undefined;
    split.push(list);
  }
  return {
    terms: split,
    postings: postings as string[],
    frequencies: frequencies as number[][],
  };
}

function isCount(value: unknown): boolean {
  return typeof value === "number" && Number.isInteger(value) && value >= 0;
}
