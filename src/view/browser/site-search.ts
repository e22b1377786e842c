import { parseFilename } from "../../model/filename.js";
import { isNoteStatus, type NoteStatus } from "../../model/layout.js";
import { extractLinks } from "../../model/links.js";
import type { StoredNote } from "../../notes/store/note-store.js";
import { rankNotes, searchResultOf, type SearchResult } from "../../notes/search/rank-notes.js";
import { createFullTextSearch, type Matched } from "../../notes/search/full-text-search.js";
import { validateSearch } from "../../notes/search/search-options.js";
import { readableBody } from "../../notes/search/search-text.js";
import { stopwordHits } from "../../notes/search/stopword-hits.js";

/**
 * A note as the site ships it for search: its path, its status, and the parts the memory's
 * parse found (title, every tag, body), so the page parses nothing again. Every link is in
 * the body, found by the same `extractLinks` as the memory's parse.
 */
export type SiteSearchFile = readonly [
  path: string,
  status: string,
  title: string,
  tags: readonly string[],
  body: string,
];

/** A search over the notes a site ships, in the page. */
export type SiteSearch = (
  query: string,
  limit?: number,
) => { readonly results: readonly SearchResult[] } | { readonly error: string };

/**
 * The memory's own search over the files a site ships: the same parse, index, feedback, link
 * boost, ranking and snippets as `memory search` (without an embedder), run in the page. Only
 * the I/O differs: every note is already here, so nothing is read or saved.
 *
 * @example
 * ```ts
 * const search = createSiteSearch([["topics/console id__Kf9mNp.md", "active", "Console", [], "A console."]]);
 * search("console"); // { results: [{ id: "id__Kf9mNp", title: "Console", ... }] }
 * ```
 */
export function createSiteSearch(files: readonly SiteSearchFile[]): SiteSearch {
  const notes = files.flatMap((file) => {
    const stored = storedNoteOf(file);
    return stored === undefined ? [] : [stored];
  });
  const byPath = new Map(notes.map((stored) => [stored.path, stored]));
  const fullText = createFullTextSearch();
  fullText.sync(notes);
  return (query, limit = 10) => {
    const validated = validateSearch(query, { limit });
    if (validated.isErr()) return { error: validated.error.message };
    const search = validated.value;
    const matched: Matched = fullText.query(search.query) ?? {
      hits: stopwordHits(
        notes.map((stored) => ({
          stored,
          indexed: { text: `${stored.note.title}\n${readableBody(stored.note)}` },
        })),
        search.query,
      ),
      terms: new Set<string>(),
      feedbackFrom: [],
      head: [],
    };
    const hits = fullText.withFeedback(matched, byPath);
    return {
      results: rankNotes(hits, search).map((ranked) =>
        searchResultOf(ranked, byPath.get(ranked.hit.stored.path)),
      ),
    };
  };
}

function storedNoteOf([path, status, title, tags, body]: SiteSearchFile): StoredNote | undefined {
  const name = parseFilename(path);
  if (name.isErr() || !isNoteStatus(status)) return undefined;
  const noteStatus: NoteStatus = status;
  return {
    path,
    status: noteStatus,
    slug: name.value.slug,
    mtimeMs: 0,
    size: body.length,
    // The version only tells the index when to re-index; the shipped files never change.
    hash: path,
    // What parseNote would give for this file; the search reads neither field below.
    note: {
      id: name.value.id,
      title,
      tags: [...tags],
      links: extractLinks(body),
      body,
      hasHeading: true,
      tagLine: [],
    },
  };
}
