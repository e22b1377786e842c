import { err, ok, type Result } from "neverthrow";
import type { MemoryError } from "../../errors.js";
import { CHARS_PER_TOKEN, type ConsolidationDeps } from "./consolidation-deps.js";
import {
  buildConsolidationPrompt,
  renderNote,
  shownBody,
  type PromptNote,
  type PromptSession,
} from "./consolidation-prompt.js";
import type { SelectRelatedNotesInput, SelectRelatedNotesOutput } from "./consolidation-steps.js";
import { readNoteBodies } from "../../notes/reads/read-note-bodies.js";
import { MAX_QUERY_LENGTH } from "../../notes/search/search-options.js";
import { renderStaleReferences } from "../../notes/verify/stale-references.js";

const QUERY_TERMS = 16;
// Longer than any word of prose (German compounds included): a pasted token, a base64 blob
// or a hash is no term a note was written with, and would spend the query's length.
const MAX_TERM_CHARS = 40;
const CANDIDATES = 60;
const MAX_RELATED_NOTE_CHARS = 1_500;
const STOPWORDS = new Set(
  "about after again also because been before being between both could does doing down during each from further have having here into just more most must need only other over same should some such than that their them then there these they this those through under until very were what when where which while will with would your yours".split(
    " ",
  ),
);

/**
 * Picks the existing notes most related to the sessions (searches over each session's most
 * frequent words, plus the inbox titles; see {@link relatedNotesQueries}) and renders them, best first, until their
 * budget (`contextTokens`, named before the word kept one meaning) is spent, then builds the whole prompt. The budget holds whatever the memory's size:
 * a larger memory changes which notes are chosen, not how many characters they take.
 */
export async function selectRelatedNotes(
  deps: ConsolidationDeps,
  input: SelectRelatedNotesInput,
): Promise<Result<SelectRelatedNotesOutput, MemoryError>> {
  const queries = relatedNotesQueries(input.sessions, input.inbox);
  const inboxIds = new Set(input.inbox.map((note) => note.id));
  const rendered: string[] = [];
  const shownBodies: { id: string; title: string; body: string }[] = [];
  const noteIds: string[] = [];
  const cutIds: string[] = [];
  const hashes: Record<string, string> = {};
  if (queries.length > 0) {
    const perQuery = Math.max(MIN_PER_QUERY, Math.ceil(CANDIDATES / queries.length));
    const lists: string[][] = [];
    for (const query of queries) {
      const hits = await deps.memory.search(query, { limit: perQuery });
      if (hits.isErr()) return err(hits.error);
      lists.push(hits.value.map((hit) => hit.id));
    }
    const ranked = interleaved(lists).filter((id) => !inboxIds.has(id));
    const rank = new Map(ranked.map((id, position) => [id, position]));
    const read = await readNoteBodies(deps.memory, deps.persistence, (metas) =>
      metas
        .filter((meta) => rank.has(meta.id) && meta.status !== "archived")
        .toSorted((a, b) => (rank.get(a.id) ?? 0) - (rank.get(b.id) ?? 0)),
    );
    if (read.isErr()) return err(read.error);
    let budget = deps.budget.contextTokens * CHARS_PER_TOKEN;
    for (const note of read.value.notes) {
      const shown = shownBody(note.body, MAX_RELATED_NOTE_CHARS);
      const text = renderNote({ ...note, body: shown.body });
      if (text.length + 2 > budget) continue;
      budget -= text.length + 2;
      rendered.push(text);
      shownBodies.push({ id: note.id, title: note.title, body: shown.body });
      noteIds.push(note.id);
      hashes[note.id] = note.hash;
      if (shown.cut) cutIds.push(note.id);
    }
  }
  const relatedNotes = rendered.join("\n\n");
  const staleReferences = await staleLines(deps, input, shownBodies);
  const today = new Date(deps.now()).toISOString().slice(0, 10);
  return ok({
    context: relatedNotes,
    noteIds,
    cutIds,
    hashes,
    prompt: buildConsolidationPrompt({
      today,
      sessions: input.sessions,
      inbox: input.inbox,
      relatedNotes,
      ...(staleReferences === "" ? {} : { staleReferences }),
    }),
  });
}

/** Fewest candidates each query of a run with several sessions asks for. */
const MIN_PER_QUERY = 10;
/** Most sessions a run searches for one by one; later ones share the last query. */
const MAX_QUERIES = 8;

/**
 * The searches that pick a run's related notes: one over everything when the run has one session;
 * otherwise one per session (and one for the inbox), so a session about a rare subject (the
 * one reversing a decision) still finds the note it contradicts, which a single query over
 * the most frequent words of every session would drown.
 */
export function relatedNotesQueries(
  sessions: readonly PromptSession[],
  inbox: readonly PromptNote[],
): string[] {
  if (sessions.length <= 1) {
    const query = salientTerms(sessions, inbox);
    return query === "" ? [] : [query];
  }
  const groups: PromptSession[][] = [];
  for (const [i, session] of sessions.entries()) {
    const slot = Math.min(i, MAX_QUERIES - 1);
    (groups[slot] ??= []).push(session);
  }
  const queries = groups.map((group) => salientTerms(group, []));
  if (inbox.length > 0) queries.push(salientTerms([], inbox));
  return [...new Set(queries.filter((query) => query !== ""))];
}

/** Round-robin over ranked lists, each id once: every query's best come first. */
function interleaved(lists: readonly (readonly string[])[]): string[] {
  const seen = new Set<string>();
  const longest = Math.max(0, ...lists.map((list) => list.length));
  for (let position = 0; position < longest; position++)
    for (const list of lists) {
      const id = list[position];
      if (id !== undefined) seen.add(id);
    }
  return [...seen];
}

/**
 * The most frequent meaningful words of the sessions and inbox, as a search query that
 * `memory.search` always accepts: words over MAX_TERM_CHARS are skipped and the query never
 * exceeds MAX_QUERY_LENGTH, whatever the sessions hold.
 */
export function salientTerms(
  sessions: readonly PromptSession[],
  inbox: readonly PromptNote[],
): string {
  const counts = new Map<string, number>();
  const text = [
    ...sessions.map((s) => s.text),
    ...inbox.map((n) => `${n.title} ${n.title} ${n.body}`),
  ].join(" ");
  for (const word of text.toLowerCase().match(/\p{L}[\p{L}\p{N}_-]{3,}/gu) ?? []) {
    if (word.length > MAX_TERM_CHARS || STOPWORDS.has(word) || word.startsWith("id__")) continue;
    counts.set(word, (counts.get(word) ?? 0) + 1);
  }
  const terms: string[] = [];
  let length = 0;
  for (const [word] of [...counts].toSorted((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))) {
    if (terms.length === QUERY_TERMS) break;
    const cost = word.length + (terms.length === 0 ? 0 : 1);
    if (length + cost > MAX_QUERY_LENGTH) continue;
    terms.push(word);
    length += cost;
  }
  return terms.join(" ");
}

/** Most characters of stale-reference lines one consolidation prompt shows (about 300 tokens). */
const MAX_STALE_CHARS = 1_200;

/** The verify findings of the shown notes (related notes and inbox), when there is a project. */
async function staleLines(
  deps: ConsolidationDeps,
  input: SelectRelatedNotesInput,
  shown: readonly { id: string; title: string; body: string }[],
): Promise<string> {
  if (deps.staleReferences === undefined) return "";
  const notes = [...input.inbox, ...shown].map((note) => ({
    id: note.id,
    path: note.id,
    title: note.title,
    body: note.body,
  }));
  if (notes.length === 0) return "";
  const lines = await deps.staleReferences(notes);
  return renderStaleReferences(
    lines,
    notes.map((note) => note.id),
    MAX_STALE_CHARS,
  );
}
