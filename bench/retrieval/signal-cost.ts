/**
 * What the recall signals of issue 36 cost a warm search at 10,000 notes: LoCoMo questions
 * ranked on one index of 10,000 LoCoMo-prose notes (links and tags as in the 10,000-note
 * benchmarks, `proseNotes`), each question with and without the signal, in turn (the order
 * flipped every question, so a shared machine's load weighs on both alike), 20 warm-up
 * questions uncounted. Timed: the index query, feedback and the link boost with and without
 * its second hop (the warm search's work; the freshness check, filters and snippets are the
 * same with or without the signal).
 * Run: `npx tsx bench/retrieval/signal-cost.ts [count]`.
 */
import { performance } from "node:perf_hooks";
import { applyLinkBoost } from "../../src/notes/search/link-boost.js";
import { createFullTextSearch } from "../../src/notes/search/full-text-search.js";
import { validateSearch } from "../../src/notes/search/search-options.js";
import { percentile } from "../measure.js";
import { hasLocomo, proseStoredNotes } from "../prose-notes.js";
import { loadLocomo } from "./locomo.js";

const WARMUP = 20;

async function main(count: number): Promise<void> {
  if (!hasLocomo()) {
    console.log("signal cost skipped: LoCoMo not found");
    return;
  }
  const notes = proseStoredNotes(count, 0.1);
  const index = createFullTextSearch();
  index.sync(notes);
  const questions = (loadLocomo() ?? []).flatMap((c) => c.questions.map((q) => q.question));
  const asked = questions.slice(0, 300 + WARMUP);
  const rank = (question: string, expand: boolean) => {
    const search = validateSearch(question, { limit: 10 });
    if (search.isErr()) throw search.error;
    const matched = index.query(search.value.query);
    const hits = matched === undefined ? [] : index.withFeedback(matched, new Map());
    return applyLinkBoost(hits, 10, undefined, expand ? undefined : 0);
  };
  const times = { with: [] as number[], without: [] as number[] };
  let changed = 0;
  asked.forEach((question, at) => {
    const order = at % 2 === 0 ? [true, false] : [false, true];
    const ids: string[][] = [];
    for (const expand of order) {
      const start = performance.now();
      const ranked = rank(question, expand);
      const ms = performance.now() - start;
      ids.push(ranked.map((r) => r.id));
      if (at >= WARMUP) (expand ? times.with : times.without).push(ms);
    }
    if (at >= WARMUP && ids[0]?.join() !== ids[1]?.join()) changed++;
  });
  const p50 = percentile(times.with, 50);
  const base = percentile(times.without, 50);
  console.log(
    `${count} LoCoMo-prose notes, ${times.with.length} LoCoMo questions: rank p50 with the second-hop link boost ${p50.toFixed(2)} ms, without ${base.toFixed(2)} ms (${(p50 / base).toFixed(2)}x); p95 ${percentile(times.with, 95).toFixed(2)} / ${percentile(times.without, 95).toFixed(2)} ms; top 10 changed on ${changed} questions`,
  );
}

main(Number(process.argv[2] ?? 10_000)).catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
