/**
 * Where memory.search and the AND-first BM25 disagree at hit@1 on the known-item queries
 * (bench/retrieval/known-item.ts), query by query: what the winner and the target hold (length
 * in words, each query word's count, how many query words the title holds). Built on the
 * search index directly, without a store: for queries of 1-3 words that is everything
 * memory.search ranks with (no feedback; these notes have no links). Its hit@1 equals the
 * benchmark's.
 *
 * Run: `npx tsx bench/retrieval/known-item-diff.ts [size] [-v]` (default 2000; -v lists each
 * disagreement).
 */
import { parseNote, serializeNote } from "../../src/model/note-format.js";
import type { StoredNote } from "../../src/notes/store/note-store.js";
import { applyLinkBoost } from "../../src/notes/search/link-boost.js";
import { createFullTextSearch } from "../../src/notes/search/full-text-search.js";
import { bm25Terms } from "./bm25.js";
import { andFirstBm25, knownItemNotes, knownItemQueries } from "./known-item.js";

const size = Number(process.argv[2] ?? 2000);
const verbose = process.argv.includes("-v");
const notes = knownItemNotes(size);
const queries = knownItemQueries(notes, 400);
const stored: StoredNote[] = notes.map((n, i) => {
  const text = serializeNote({ title: n.title, tags: [], body: n.body });
  return {
    path: `topics/${n.id}.md`,
    status: "active",
    slug: n.id,
    mtimeMs: 0,
    size: text.length,
    hash: `h${i}`,
    note: parseNote(text, n.id),
  };
});
const position = new Map(notes.map((n, i) => [n.id, i]));
const index = createFullTextSearch();
index.sync(stored);
const docs = notes.map((n) => `${n.title}\n${n.body}`);
const andFirst = andFirstBm25(docs);

function ours(query: string): { doc: number; score: number }[] {
  const matched = index.query(query);
  if (matched === undefined) return [];
  return applyLinkBoost(index.withFeedback(matched, new Map()), 10).map((hit) => ({
    doc: position.get(hit.id) ?? -1,
    score: hit.score,
  }));
}

function describe(doc: number | undefined, words: readonly string[]): string {
  if (doc === undefined) return "none";
  const terms = bm25Terms(docs[doc] ?? "");
  const counts = words.map((w) => terms.filter((t) => t === w).length).join(",");
  const title = bm25Terms(notes[doc]?.title ?? "");
  const inTitle = words.filter((w) => title.includes(w)).length;
  return `#${doc} words=${terms.length} counts=${counts} in-title=${inTitle}`;
}

const tally = { title: { n: 0, ours: 0, bm25: 0 }, body: { n: 0, ours: 0, bm25: 0 } };
let wins = 0;
let losses = 0;
for (const { query, target, from } of queries) {
  const ranked = ours(query);
  const baseline = andFirst(query, 10);
  const ourHit = ranked[0]?.doc === target;
  const theirHit = baseline[0] === target;
  const part = tally[from];
  part.n++;
  if (ourHit) part.ours++;
  if (theirHit) part.bm25++;
  if (ourHit === theirHit) continue;
  if (ourHit) wins++;
  else losses++;
  if (!verbose) continue;
  const words = [...new Set(bm25Terms(query))];
  const at = ranked.findIndex((hit) => hit.doc === target);
  console.log(
    `${ourHit ? "WIN " : "LOSS"} [${from}] "${query}" target ${describe(target, words)} | ours #1 ${describe(ranked[0]?.doc, words)} ${ranked[0]?.score.toFixed(2) ?? ""} (target at ${at} ${ranked[at]?.score.toFixed(2) ?? ""}) | BM25 #1 ${describe(baseline[0], words)}`,
  );
}
const n = queries.length;
const hit1 = (count: number) => (count / Math.max(1, n)).toFixed(3);
console.log(
  `${size} notes: hit@1 memory.search ${hit1(tally.title.ours + tally.body.ours)}, AND-first BM25 ${hit1(tally.title.bm25 + tally.body.bm25)}; wins ${wins}, losses ${losses}; title queries ${tally.title.n} (${tally.title.ours} vs ${tally.title.bm25}), body queries ${tally.body.n} (${tally.body.ours} vs ${tally.body.bm25})`,
);
