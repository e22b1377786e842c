import { errAsync, okAsync, ResultAsync } from "neverthrow";
import type { InvalidInputError, PersistenceError } from "../../errors.js";
import type { NoteFacts } from "../store/note-facts.js";
import type { NoteStore, StoredNote } from "../store/note-store.js";
import type { Embeddings, VectorHit } from "./embeddings.js";
import {
  FUSION_DEPTH,
  rankNotes,
  searchResultOf,
  visibleTo,
  type SearchResult,
} from "./rank-notes.js";
import type { MoreHits } from "./link-boost.js";
import { hasBody } from "./note-terms.js";
import type { Matched, FullTextSearch } from "./full-text-search.js";
import { validateSearch, type SearchOptions, type ValidSearch } from "./search-options.js";
import { readableBody } from "./search-text.js";
import { stopwordHits } from "./stopword-hits.js";
import { noteSupersession } from "../../model/supersession/supersession.js";
import { currentFirst } from "./current-first.js";
import type { FactsSnapshot } from "../store/note-snapshot.js";

/**
 * What a search reads the notes through: a memory's store (`NotesDeps` is one), or the notes a
 * site ships, read in the page (src/view/browser/site-search.ts): one ranking for both.
 */
export interface SearchReads {
  readonly store: Pick<NoteStore, "facts" | "snapshot" | "notesAt">;
}

// Past this many notes to (re)index, one snapshot (which reads concurrently and keeps the
// bodies the store already holds) beats reading the files one by one.
const BULK_READ = 200;

/**
 * Searches the notes: validates the query, refreshes the store's facts (re-reading only files
 * whose stat key changed, so edits made behind the library's back are seen), re-indexes the
 * notes whose version the index does not hold, ranks, and reads the bodies of the results
 * kept for their snippets. With `embeddings`, the words' ranking is fused with the notes'
 * vector similarities to the query (notes still without a vector rank on words alone while
 * theirs are computed in the background). Results are sorted by score, then id; never writes
 * a note. `indexChanged` runs when the index took changes or a note is restricted (the
 * searcher then saves the index, or drops the saved one).
 *
 * @example
 * ```ts
 * const index = createFullTextSearch(); // one per memory, kept beside ctx.links
 * const results = await searchNotes(ctx, index, "console design", { limit: 5, status: "active" });
 * if (results.isOk()) for (const { id, title, snippet } of results.value) show(id, title, snippet);
 * ```
 */
export function searchNotes(
  ctx: SearchReads,
  fullText: FullTextSearch,
  query: string,
  options: SearchOptions = {},
  embeddings?: Embeddings,
  indexChanged?: (fullText: FullTextSearch, restricted: boolean) => Promise<void>,
): ResultAsync<SearchResult[], PersistenceError | InvalidInputError> {
  const validated = validateSearch(query, options);
  if (validated.isErr()) return errAsync(validated.error);
  const search = validated.value;
  // Bodies read for feedback are the likeliest results: read each note once per search.
  const bodies = new Map<string, StoredNote>();
  const withBodies = (wanted: readonly NoteFacts[]) => {
    const missing = wanted.filter((facts) => !hasBody(facts) && !bodies.has(facts.path));
    return readNotes(ctx, missing).map((read) => {
      for (const stored of read) bodies.set(stored.path, stored);
      return bodies;
    });
  };
  let known: FactsSnapshot | undefined;
  let more: MoreHits | undefined;
  return syncFullText(ctx, fullText, indexChanged)
    .andThen((facts) => {
      known = facts;
      return matchedHits(ctx, fullText, search);
    })
    .andThen((matched) => {
      const { hitsOf } = matched;
      const byId = known?.byId;
      if (hitsOf !== undefined && byId !== undefined)
        more = (ids) => hitsOf([...ids].flatMap((id) => byId.get(id) ?? []));
      return withBodies(matched.feedbackFrom.map((hit) => hit.stored)).map((read) =>
        fullText.withFeedback(matched, read),
      );
    })
    .andThen((hits) => {
      if (embeddings === undefined) return okAsync(rankNotes(hits, search, undefined, more));
      return ctx.store
        .snapshot()
        .andThen((snapshot) => embeddings.similarities(snapshot, search.query))
        .map((vectorHits: readonly VectorHit[] | undefined) =>
          rankNotes(hits, search, vectorHits, more),
        );
    })
    .andThen((ranked) =>
      withBodies(ranked.map((r) => r.hit.stored)).map((read) =>
        currentFirst(
          ranked.map((r) => {
            const { stored } = r.hit;
            const body = hasBody(stored) ? stored : read.get(stored.path);
            const result = searchResultOf(r, body);
            const mark = body === undefined ? undefined : noteSupersession(body.note.body);
            if (mark === undefined) return result;
            const title = known?.byId.get(mark.successorId)?.[0]?.note.title ?? null;
            return { ...result, supersededBy: { id: mark.successorId, title } };
          }),
        ),
      ),
    );
}

/**
 * Brings the index up to the files: refreshes the store's facts (re-reading only files whose
 * stat key changed), re-indexes the notes whose version the index does not hold, and runs
 * `indexChanged` when it took changes or a note is restricted. What every search does first,
 * and all a warm-up does.
 */
export function syncFullText(
  ctx: SearchReads,
  fullText: FullTextSearch,
  indexChanged?: (fullText: FullTextSearch, restricted: boolean) => Promise<void>,
): ResultAsync<FactsSnapshot, PersistenceError> {
  return ctx.store.facts().andThen((facts) =>
    readNotes(ctx, fullText.stale(facts.notes)).andThen((read) => {
      fullText.sync(facts.notes, read);
      if (indexChanged === undefined) return okAsync(facts);
      // A note narrower than the memory keeps the whole index out of the saved file.
      const restricted = holdsRestricted(facts.notes);
      if (!fullText.changed && !restricted) return okAsync(facts);
      return ResultAsync.fromSafePromise(indexChanged(fullText, restricted)).map(() => facts);
    }),
  );
}

// Per facts snapshot (never changed once built): a long-lived host asks again and again with
// the same one, and a scan of 100,000 notes per query was most of a warm search's time.
const restrictedIn = new WeakMap<readonly NoteFacts[], boolean>();

/** Whether any of the notes is restricted (less readable than the memory). */
function holdsRestricted(notes: readonly NoteFacts[]): boolean {
  let restricted = restrictedIn.get(notes);
  if (restricted === undefined) {
    restricted = notes.some((note) => note.restricted === true);
    restrictedIn.set(notes, restricted);
  }
  return restricted;
}

/** The notes of `wanted` with their bodies, read one by one or through one snapshot. */
function readNotes(
  ctx: SearchReads,
  wanted: readonly NoteFacts[],
): ResultAsync<readonly StoredNote[], PersistenceError> {
  if (wanted.length === 0) return okAsync([]);
  if (wanted.length <= BULK_READ) return ctx.store.notesAt(wanted);
  return ctx.store.snapshot().map((snapshot) => snapshot.notes);
}

/**
 * The index's hits (the best that can reach the results: top-k pruning), or for a query of
 * stopwords only, a scan of the notes' words.
 */
function matchedHits(
  ctx: SearchReads,
  fullText: FullTextSearch,
  search: ValidSearch,
): ResultAsync<Matched, PersistenceError> {
  const { query } = search;
  const filtered = search.status !== undefined || search.tag !== undefined;
  // The fusion with vector similarities reads the FUSION_DEPTH best lexical hits.
  const k = Math.max(search.limit, FUSION_DEPTH);
  const matched = fullText.query(query, filtered ? { k, visible: visibleTo(search) } : { k });
  if (matched !== undefined) return okAsync(matched);
  return ctx.store.snapshot().map((snapshot) => ({
    hits: stopwordHits(
      snapshot.notes.map((stored) => ({
        stored,
        indexed: { text: `${stored.note.title}\n${readableBody(stored.note)}` },
      })),
      query,
    ),
    terms: new Set<string>(),
    feedbackFrom: [],
    head: [],
  }));
}
