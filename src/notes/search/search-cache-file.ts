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
import { noteHash } from "../../model/note-hash.js";
import { PRIVATE_FOLDER } from "../../model/layout.js";
import type { SavedTable } from "./postings-table.js";
import type { SavedSearchIndex } from "./search-index.js";
import { STOPWORDS } from "./search-terms.js";

/** Where the saved index lives. */
export const SEARCH_CACHE_PATH = `${PRIVATE_FOLDER}/cache/search.json`;

const FORMAT = "agent-memory/search-cache";
// Bumped whenever tokenizing, stemming, the fields or the row shape change.
const VERSION = 2;

let recipe: string | undefined;
/** The terms' recipe: the version and the stopword list, so a new list can never be mixed in. */
function termsRecipe(): string {
  recipe ??= `${VERSION}:${noteHash([...STOPWORDS].toSorted().join(" "))}`;
  return recipe;
}

/**
 * The file's text for a saved index.
 *
 * @example
 * ```ts
 * await persistence.write(SEARCH_CACHE_PATH, encodeSearchCache(index.save()));
 * ```
 */
export function encodeSearchCache(saved: SavedSearchIndex): string {
  return JSON.stringify({ format: FORMAT, recipe: termsRecipe(), ...saved });
}

/**
 * The saved index in a file's text, or undefined when it is not one this version wrote for
 * these terms, or does not hold together (arrays of different lengths, values of the wrong
 * type): the search then indexes from the notes.
 *
 * @example
 * ```ts
 * const index = createSearchIndex(decodeSearchCache(text)); // undefined: start empty
 * ```
 */
export function decodeSearchCache(text: string): SavedSearchIndex | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!isRecord(parsed) || parsed.format !== FORMAT || parsed.recipe !== termsRecipe()) {
    return undefined;
  }
  const { table, hashes } = parsed;
  if (!isRecord(table) || !Array.isArray(hashes)) return undefined;
  const { keys, lengths, postings } = table;
  if (!Array.isArray(keys) || !Array.isArray(lengths)) return undefined;
  if (!Array.isArray(postings) || postings.length !== 2) return undefined;
  const count = keys.length;
  if (lengths.length !== count || hashes.length !== count) return undefined;
  for (let doc = 0; doc < count; doc++) {
    const key: unknown = keys[doc];
    const hash: unknown = hashes[doc];
    if (!(key === null || typeof key === "string") || !(hash === null || typeof hash === "string"))
      return undefined;
    if (!isLengths(lengths[doc])) return undefined;
  }
  for (const byTerm of postings as unknown[]) {
    if (!isRecord(byTerm) || !Object.values(byTerm).every(isString)) return undefined;
  }
  return { table: table as unknown as SavedTable, hashes: hashes as (string | null)[] };
}

function isLengths(value: unknown): boolean {
  return (
    Array.isArray(value) &&
    value.length === 3 &&
    value.every((n: unknown) => typeof n === "number" && Number.isFinite(n) && n >= 0)
  );
}

function isString(value: unknown): value is string {
  return typeof value === "string";
}
