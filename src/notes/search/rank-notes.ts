import { applyLinkBoost } from "./link-boost.js";
import type { SearchHit, SearchIndex } from "./search-index.js";
import type { ValidSearch } from "./search-options.js";
import { readableBody } from "./search-text.js";
import { buildSnippet } from "./snippet.js";

/**
 * One search result.
 *
 * @example
 * ```ts
 * const result: SearchResult = { id: "id__Kf9mNp", title: "Console app", score: 4.2, snippet: "…the console app team…" };
 * ```
 */
export interface SearchResult {
  /** The note id. */
  readonly id: string;
  readonly title: string;
  /** Relevance: BM25+ over title, tags and body, plus the link boost. Higher is better. */
  readonly score: number;
  /** About 160 characters of the body around the first matching word. */
  readonly snippet: string;
}

/**
 * Ranks the notes of an index that is already in step with the store: text matches, the
 * status filter, the link boost (among the notes the caller can see), then the snippets of
 * the results kept. Pure and synchronous; {@link searchNotes} refreshes the index first.
 *
 * @example
 * ```ts
 * const search = validateSearch("console", { limit: 5 });
 * if (search.isOk()) rankNotes(index, search.value).map((result) => result.title);
 * ```
 */
export function rankNotes(index: SearchIndex, search: ValidSearch): SearchResult[] {
  const hits = index
    .query(search.query)
    .filter((hit) => search.status === undefined || hit.stored.status === search.status);
  return applyLinkBoost(hits, search.limit).map((hit) => ({
    id: hit.stored.note.id,
    title: hit.stored.note.title,
    score: hit.score,
    snippet: buildSnippet(readableBody(hit.stored.note), bodyTerms(hit)),
  }));
}

/** The matched words found in the body: where the snippet should look. */
function bodyTerms(hit: SearchHit): Set<string> {
  const terms = new Set<string>();
  for (const [term, fields] of Object.entries(hit.matches)) {
    if (fields.includes("body")) terms.add(term);
  }
  return terms;
}
