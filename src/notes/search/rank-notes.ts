import { tagKey } from "../../model/tags.js";
import type { StoredNote } from "../store/note-store.js";
import type { NoteStatus } from "../../model/layout.js";
import type { VectorHit } from "./embeddings.js";
import { fuseRankings } from "./fuse-rankings.js";
import { applyLinkBoost, type MoreHits, type RankedHit } from "./link-boost.js";
import type { SearchHit } from "./full-text-search.js";
import type { NoteFacts } from "../store/note-facts.js";
import type { ValidSearch } from "./search-options.js";
import { foldTerm, readableBody } from "./search-text.js";
import { searchTerm } from "./search-terms.js";
import { buildSnippet } from "./snippet.js";

/**
 * Why a note ranked: the parts its score is made of.
 *
 * @example
 * ```ts
 * const scores: SearchScores = { lexical: 4.1, graph: 1.2, vector: null };
 * ```
 */
export interface SearchScores {
  /** BM25+ over the note's text and tags, plus pseudo-relevance feedback; 0 when only the vector found it. */
  readonly lexical: number;
  /** The link boost: a share of the scores of the best hits that link to this note. */
  readonly graph: number;
  /** Cosine similarity of the note's vector to the query's; `null` without an embedder or vector. */
  readonly vector: number | null;
}

/**
 * One search result.
 *
 * @example
 * ```ts
 * const result: SearchResult = {
 *   id: "id__Kf9mNp", title: "Console app", status: "active", score: 4.2,
 *   scores: { lexical: 4.2, graph: 0, vector: null }, snippet: "…the console app team…",
 * };
 * ```
 */
export interface SearchResult {
  /** The note id. */
  readonly id: string;
  readonly title: string;
  /** Where the note is: inbox, active or archived. */
  readonly status: NoteStatus;
  /**
   * Relevance, higher is better: lexical + graph on words alone; with an embedder, the
   * reciprocal rank fusion of that ranking and the vector ranking (see fuseRankings).
   */
  readonly score: number;
  readonly scores: SearchScores;
  /** About 160 characters of the body around the first matching word. */
  readonly snippet: string;
  /**
   * Set when the note is superseded as a whole (its body starts with a `> Superseded by` mark):
   * the note that replaces it, and its title (null when no note has that id). Such a result
   * is ranked below its successor.
   */
  readonly supersededBy?: { readonly id: string; readonly title: string | null };
}

/**
 * How deep each ranking goes into a fusion: a note ranked past this by both is not a result.
 *
 * @example
 * ```ts
 * FUSION_DEPTH; // 100
 * ```
 */
export const FUSION_DEPTH = 100;

/**
 * A ranked note before its snippet: the hit (text score, link boost, matched terms) and its
 * final score. The snippet needs the note's body, which the caller reads for these only.
 */
export interface RankedNote {
  readonly hit: RankedHit;
  readonly score: number;
  readonly similarity: number | null;
}

/**
 * Ranks the hits of an index that is in step with the store: the status and tag filters, the
 * link boost (among the notes the caller can see), the fusion with vector similarities when
 * there are any, then the `limit` best. When the hits are a top k (Matched.hitsOf set),
 * `more` finds the link targets below it. Pure and synchronous; {@link searchNotes} refreshes
 * the index first and adds the snippets ({@link searchResultOf}).
 *
 * @example
 * ```ts
 * const search = validateSearch("console", { limit: 5 });
 * if (search.isOk()) rankNotes(index.query("console") ?? [], search.value).map((r) => r.hit.stored.note.title);
 * ```
 */
export function rankNotes(
  matched: readonly SearchHit[],
  search: ValidSearch,
  vectorHits?: readonly VectorHit[],
  more?: MoreHits,
): RankedNote[] {
  const visible = visibleTo(search);
  const filtered = search.status !== undefined || search.tag !== undefined;
  const hits = filtered ? matched.filter((hit) => visible(hit.stored)) : matched;
  const visibleMore: MoreHits | undefined =
    more === undefined || !filtered
      ? more
      : (ids) => more(ids).filter((hit) => visible(hit.stored));
  if (vectorHits === undefined) {
    return applyLinkBoost(hits, search.limit, visibleMore).map((hit) => ({
      hit,
      score: hit.score,
      similarity: null,
    }));
  }
  const lexical = applyLinkBoost(hits, FUSION_DEPTH, visibleMore);
  const similar = vectorHits.filter((hit) => visible(hit.stored));
  return fuseRankings(lexical, similar, FUSION_DEPTH)
    .slice(0, search.limit)
    .map(({ stored, lexical: ranked, similarity, score }) => ({
      hit: ranked ?? { stored, id: stored.note.id, score: 0, textScore: 0, matches: {} },
      score,
      similarity,
    }));
}

/**
 * Whether a note passes the search's status and tag filters.
 *
 * @example
 * ```ts
 * visibleTo(search)(hit.stored); // true when no filter is set
 * ```
 */
export function visibleTo(search: ValidSearch): (stored: NoteFacts) => boolean {
  const tag = search.tag === undefined ? undefined : tagKey(search.tag);
  return (stored) =>
    (search.status === undefined || stored.status === search.status) &&
    (tag === undefined ||
      stored.note.tags.some((name) => {
        const key = tagKey(name);
        // A parent tag finds its nested tags: "project" finds #project/console.
        return key === tag || key.startsWith(`${tag}/`);
      }));
}

/**
 * The result for a ranked note, with the snippet of `body` (the note as read now; undefined
 * when it could not be read, and the snippet is then empty).
 *
 * @example
 * ```ts
 * const results = ranked.map((r) => searchResultOf(r, bodies.get(r.hit.stored.path)));
 * ```
 */
export function searchResultOf(ranked: RankedNote, body: StoredNote | undefined): SearchResult {
  const { hit, score, similarity } = ranked;
  return {
    id: hit.stored.note.id,
    title: hit.stored.note.title,
    status: hit.stored.status,
    score,
    scores: { lexical: hit.textScore, graph: hit.score - hit.textScore, vector: similarity },
    snippet:
      body === undefined
        ? ""
        : buildSnippet(readableBody(body.note), new Set(Object.keys(hit.matches)), snippetTerm),
  };
}

/** A body word as the matches name it: its index term, or its folded form for a stopword. */
function snippetTerm(word: string): string {
  return searchTerm(word) ?? foldTerm(word);
}
