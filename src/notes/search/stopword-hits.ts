import type { StoredNote } from "../store/note-store.js";
import type { SearchHit } from "./full-text-search.js";
import { foldTerm, tokenizeWords } from "./search-text.js";

/**
 * A query made only of stopwords ("The Who") would match nothing, since the index leaves
 * them out: such a query scans the notes for the folded words instead, scoring each note by
 * how many times they occur. Rare, and linear in the notes' text.
 *
 * @example
 * ```ts
 * stopwordHits(entries, "The Who").map((hit) => hit.stored.note.title); // ["The Who"]
 * ```
 */
export function stopwordHits(
  entries: Iterable<{ readonly stored: StoredNote; readonly indexed: { readonly text: string } }>,
  text: string,
): SearchHit[] {
  const words = new Set(tokenizeWords(text).map(foldTerm));
  const hits: SearchHit[] = [];
  for (const entry of entries) {
    const found = new Map<string, number>();
    for (const word of tokenizeWords(entry.indexed.text)) {
      const folded = foldTerm(word);
      if (words.has(folded)) found.set(folded, (found.get(folded) ?? 0) + 1);
    }
    if (found.size === 0) continue;
    let occurrences = 0;
    for (const n of found.values()) occurrences += n;
    const matches = Object.fromEntries([...found.keys()].map((word) => [word, ["text"]]));
    hits.push({
      stored: entry.stored,
      id: entry.stored.note.id,
      score: found.size * occurrences,
      matches,
    });
  }
  return hits;
}
