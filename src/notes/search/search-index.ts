import MiniSearch from "minisearch";
import type { NoteSnapshot, StoredNote } from "../note-store.js";
import { foldTerm, readableBody, tokenizeWords } from "./search-text.js";

/**
 * Field weights: a query word in the title counts three times a body match, in a tag twice.
 * Titles and tags are what a note is about; the body merely mentions things.
 *
 * @example
 * ```ts
 * FIELD_BOOSTS.title; // 3
 * ```
 */
export const FIELD_BOOSTS = { title: 3, tags: 2, body: 1 } as const;

/**
 * Fuzzy matching is light on purpose: one typo (Levenshtein distance 1) is forgiven in words
 * of at least this many characters, none in shorter ones, where one edit turns a word into
 * another word ("cat" -> "car"). Fuzzy matches score 0.45 of an exact one (minisearch's
 * default), prefix matches 0.375.
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
  /** Each indexed (folded) word that matched, with the fields it matched in. */
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
   * Every note matching any word of the query, best first. Prefix matching applies to the
   * last word (the one a person may still be typing); fuzzy matching per FUZZY_MIN_LENGTH.
   */
  query(text: string): SearchHit[];
  /** How many notes the index holds. */
  readonly size: number;
}

/** The document minisearch indexes for one note file. */
interface IndexedNote {
  readonly path: string;
  readonly title: string;
  readonly tags: string;
  readonly body: string;
}

interface Entry {
  readonly stored: StoredNote;
  // Kept so `remove` sees exactly the text that was added: minisearch removes a document by
  // re-tokenizing it, and anything else would leave stale terms behind.
  readonly indexed: IndexedNote;
}

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
  const engine = new MiniSearch<IndexedNote>({
    idField: "path",
    fields: ["title", "tags", "body"],
    tokenize: tokenizeWords,
    processTerm: (word) => foldTerm(word) || null,
    // `remove` (not `discard`) keeps the index exact, so there is nothing to vacuum and no
    // timer running in the background of a host.
    autoVacuum: false,
    searchOptions: {
      boost: { ...FIELD_BOOSTS },
      prefix: (_term, index, terms) => index === terms.length - 1,
      fuzzy: (term) => (term.length >= FUZZY_MIN_LENGTH ? 1 : false),
    },
  });
  let seen = new Map<string, Entry>();

  return {
    sync(snapshot) {
      const next = new Map<string, Entry>();
      for (const stored of snapshot.notes) {
        const previous = seen.get(stored.path);
        if (previous?.stored === stored) {
          next.set(stored.path, previous);
          continue;
        }
        if (previous !== undefined) engine.remove(previous.indexed);
        const indexed = toIndexed(stored);
        engine.add(indexed);
        next.set(stored.path, { stored, indexed });
      }
      for (const [path, previous] of seen) {
        if (!next.has(path)) engine.remove(previous.indexed);
      }
      seen = next;
    },
    query(text) {
      const hits: SearchHit[] = [];
      for (const result of engine.search(text)) {
        const path: unknown = result.id;
        const entry = typeof path === "string" ? seen.get(path) : undefined;
        if (entry === undefined) continue;
        hits.push({ stored: entry.stored, score: result.score, matches: result.match });
      }
      return hits;
    },
    get size() {
      return seen.size;
    },
  };
}

function toIndexed(stored: StoredNote): IndexedNote {
  return {
    path: stored.path,
    title: stored.note.title,
    tags: stored.note.tags.join(" "),
    body: readableBody(stored.note),
  };
}
