/**
 * The terms of notes and queries as the search index takes them: a note's title and readable
 * body as one field, its tags as another, each word folded, stemmed, stopwords out; each field
 * also holds each word's exact form (see exactTerm). The title's stems are also kept apart,
 * for the title bonus (TITLE_BONUS), beside the words the note opens with (see openingTerm,
 * for NAME_PRIOR).
 *
 * @module
 */
import type { NoteFacts } from "../store/note-facts.js";
import type { StoredNote } from "../store/note-store.js";
import type { PostingsDocument } from "./scored-postings.js";
import { openingTerm, searchTerm, wordTerms } from "./search-terms.js";
import { foldTerm, lazyWords, readableBody, tokenizeWords } from "./search-text.js";

/**
 * The words of a note as the index takes them: its title and readable body as one field, its
 * tags as another. Each field holds each word's stem and its exact form; the title's stems
 * are listed apart as well, with the opening words of its title and body (openingTerm).
 *
 * @example
 * ```ts
 * documentOf(stored).terms.text.get("consol"); // how often "console" (stemmed) occurs
 * documentOf(stored).terms.text.get("=consoles"); // how often "consoles" occurs as written
 * ```
 */
export function documentOf(stored: StoredNote): PostingsDocument {
  const body = readableBody(stored.note);
  const text = fieldOf(`${stored.note.title}\n${body}`);
  const tags = fieldOf(stored.note.tags.join(" "));
  const title = queryWords(stored.note.title);
  const titleTerms = new Set(title.map((word) => word.term));
  for (const opening of [title[0]?.term, firstTerm(body)]) {
    if (opening !== undefined) titleTerms.add(openingTerm(opening));
  }
  return {
    key: stored.path,
    terms: { text: text.terms, tags: tags.terms },
    lengths: { text: text.length, tags: tags.length },
    titleTerms,
  };
}

/** The index term of a text's first word that is not a stopword, without splitting the rest. */
function firstTerm(text: string): string | undefined {
  for (const word of lazyWords(text)) {
    const term = searchTerm(word);
    if (term !== null && term !== "") return term;
  }
  return undefined;
}

// A word whose first letter is a capital.
const CAPITALISED = /^\p{Lu}/u;

/**
 * The names a query asks about: the index terms of its capitalised words after the first
 * (which a sentence capitalises anyway), stopwords left out. "What did Caroline research?"
 * names "carolin". A query typed in lower case names nobody.
 *
 * @example
 * ```ts
 * queryNames("When did Melanie paint a sunrise?"); // ["melani"]
 * queryNames("Caroline research");                 // []
 * ```
 */
export function queryNames(text: string): string[] {
  const names = new Set<string>();
  tokenizeWords(text).forEach((word, at) => {
    if (at === 0 || !CAPITALISED.test(word)) return;
    const term = searchTerm(word);
    if (term !== null && term !== "") names.add(term);
  });
  return [...names];
}

function fieldOf(value: string): { terms: Map<string, number>; length: number } {
  // Each distinct word looked up once (a note repeats its words): the terms come out the
  // same, in the same order (each first met where its first word is).
  const tokens = new Map<string, number>();
  for (const token of tokenizeWords(value)) tokens.set(token, (tokens.get(token) ?? 0) + 1);
  const terms = new Map<string, number>();
  for (const [token, count] of tokens) {
    const forms = wordTerms(token);
    if (forms === null) continue;
    const [stem, exact] = forms;
    terms.set(stem, (terms.get(stem) ?? 0) + count);
    terms.set(exact, (terms.get(exact) ?? 0) + count);
  }
  // minisearch's field length: distinct tokens before stopwords and stemming.
  return { terms, length: tokens.size };
}

/** A query word: its index term, and the word as typed (folded), for typo tolerance. */
export interface QueryWord {
  readonly term: string;
  readonly typed: string;
}

/**
 * The query's words in order, repeats kept (a repeated word weighs twice): each one's index
 * term and folded form; stopwords left out.
 *
 * @example
 * ```ts
 * queryWords("the Consoles"); // [{ term: "consol", typed: "consoles" }]
 * ```
 */
export function queryWords(text: string): QueryWord[] {
  const words: QueryWord[] = [];
  for (const word of tokenizeWords(text)) {
    const term = searchTerm(word);
    if (term !== null && term !== "") words.push({ term, typed: foldTerm(word) });
  }
  return words;
}

/**
 * Whether the facts are a whole note (a StoredNote, body included).
 *
 * @example
 * ```ts
 * if (hasBody(hit.stored)) readableBody(hit.stored.note);
 * ```
 */
export function hasBody(facts: NoteFacts): facts is StoredNote {
  return "body" in facts.note;
}
