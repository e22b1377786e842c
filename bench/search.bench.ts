/**
 * Full-text search over a 10,000-note memory: building the index from a warm store, and
 * query latency (median and p95 over 50 queries), each against a plain substring scan of the
 * same notes' title+body in the same run (text lowercased once up front, so the baseline is
 * the scan at its fastest; a query keeps the notes holding every one of its words, unranked).
 *
 * The main queries are 1-3 words of the synthetic vocabulary: 35 words, each in nearly every
 * note, the worst case for an inverted index (every query scores every note) and the best
 * for a scan (every word is found a few bytes in). Rare-word queries (a note's number, in one
 * title) show the other end: the scan reads everything, the index looks up one entry.
 */
import * as fs from "node:fs";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { fsPersistence } from "../src/adapters/fs/fs-persistence.js";
import { createInboundLinks } from "../src/notes/graph/inbound-links.js";
import { createNoteStore, type NoteSnapshot } from "../src/notes/store/note-store.js";
import type { NotesDeps } from "../src/notes/notes-deps.js";
import { createSerialQueue } from "../src/shared/serial-queue.js";
import { rankNotes } from "../src/notes/search/rank-notes.js";
import { createFullTextSearch, type FullTextSearch } from "../src/notes/search/full-text-search.js";
import { searchNotes } from "../src/notes/search/search-notes.js";
import { validateSearch } from "../src/notes/search/search-options.js";
import { medianMs, percentile, report } from "./measure.js";
import { seededRandom, syntheticNotes, writeNotes } from "./synthetic-memory.js";

const QUERY_COUNT = 50;
const WARMUP = 5;

/** Runs the benchmark in `workDir` with `count` notes. */
export async function benchSearch(workDir: string, count: number): Promise<void> {
  const root = join(workDir, `search-${count}`);
  writeNotes(root, syntheticNotes(count));
  const persistence = fsPersistence({ fs, root });
  const ctx: NotesDeps = {
    persistence,
    git: undefined,
    store: createNoteStore(persistence),
    links: createInboundLinks(),
    queue: createSerialQueue(),
    acquireLock: undefined,
    now: Date.now,
    generateId: () => "id__000000",
  };
  const snapshot = await ctx.store.snapshot();
  if (snapshot.isErr()) throw snapshot.error;
  const notes = snapshot.value.notes;
  if (notes.length !== count) throw new Error(`expected ${count} notes, got ${notes.length}`);

  const haystacks = notes.map((stored) =>
    `${stored.note.title}\n${stored.note.body}`.toLowerCase(),
  );
  const scan = (query: string): number => {
    const terms = query.toLowerCase().split(" ");
    let found = 0;
    for (const text of haystacks) if (terms.every((term) => text.includes(term))) found++;
    return found;
  };
  const queries = vocabularyQueries(snapshot.value);
  const scanFive = await medianMs(() => queries.slice(0, 5).forEach(scan), 5, 1);

  const build = await medianMs(() => createFullTextSearch().sync(snapshot.value.notes), 3, 1);
  report(`search index build, ${count} notes (warm store)`, build, "substring scan x5", scanFive);
  const firstSearch = await medianMs(async () => {
    const results = await searchNotes(ctx, createFullTextSearch(), queries[0] ?? "memory");
    if (results.isErr()) throw results.error;
  }, 3);
  report(`first search, ${count} notes (fresh index)`, firstSearch, "substring scan x5", scanFive);

  const index = createFullTextSearch();
  index.sync(snapshot.value.notes);
  const rank = (query: string) => {
    const search = validateSearch(query);
    if (search.isErr()) throw search.error;
    const matched = index.query(search.value.query);
    const hits = matched === undefined ? [] : index.withFeedback(matched, new Map());
    return rankNotes(hits, search.value);
  };
  const endToEnd = async (query: string) => {
    const results = await searchNotes(ctx, index, query);
    if (results.isErr()) throw results.error;
  };
  const [scanTimes, rankTimes, searchTimes] = await timeQueries(queries, [scan, rank, endToEnd]);
  const rare = rareQueries(count);
  const [rareScanTimes, rareRankTimes] = await timeQueries(rare, [scan, rank]);
  for (const p of [50, 95]) {
    const label = p === 50 ? "median" : "p95";
    // Each list exists (one per way of answering); an empty one would print NaN.
    const of = (times: readonly number[] | undefined) => percentile(times ?? [], p);
    const scanLabel = `substring scan ${label}`;
    report(
      `search ${label}, ${count} notes (index: rank + snippets)`,
      of(rankTimes),
      scanLabel,
      of(scanTimes),
    );
    report(
      `searchNotes ${label}, ${count} notes (+ freshness check)`,
      of(searchTimes),
      scanLabel,
      of(scanTimes),
    );
    report(
      `search ${label}, ${count} notes, rare word`,
      of(rareRankTimes),
      scanLabel,
      of(rareScanTimes),
    );
  }
  assertIndexed(index, count);
}

/** Times each way of answering on every query; the first WARMUP queries are not counted. */
async function timeQueries(
  queries: readonly string[],
  ways: readonly ((query: string) => unknown)[],
): Promise<number[][]> {
  const times = ways.map((): number[] => []);
  for (const [i, query] of [...queries.slice(0, WARMUP), ...queries].entries()) {
    for (const [w, way] of ways.entries()) {
      const start = performance.now();
      await way(query);
      if (i >= WARMUP) times[w]?.push(performance.now() - start);
    }
  }
  return times;
}

/** 1-3 word queries from the words of the notes' titles, the same in every run. */
function vocabularyQueries(snapshot: NoteSnapshot): string[] {
  const vocabulary = [...new Set(snapshot.notes.flatMap((stored) => stored.note.title.split(" ")))]
    .filter((word) => /^[a-z]+$/.test(word))
    .toSorted();
  const random = seededRandom(99);
  return Array.from({ length: QUERY_COUNT }, () =>
    Array.from(
      { length: 1 + Math.floor(random() * 3) },
      () => vocabulary[Math.floor(random() * vocabulary.length)] ?? "memory",
    ).join(" "),
  );
}

/** Single-word queries that one note holds: the number at the end of its title. */
function rareQueries(count: number): string[] {
  const random = seededRandom(7);
  return Array.from({ length: QUERY_COUNT }, () => String(Math.floor(random() * count)));
}

function assertIndexed(index: FullTextSearch, count: number): void {
  if (index.size !== count) throw new Error(`indexed ${index.size} notes, expected ${count}`);
}
