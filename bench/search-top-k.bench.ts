/**
 * Top-k pruning (issue 36): warm search over `count` notes of LoCoMo prose (`proseNotes`, as
 * the scale benchmark's memory) held in memory, 150 LoCoMo questions, each ranked twice turn
 * about: over a top k (the default: `index.query(text, { k })`, MaxScore pruning, pruned-top.ts)
 * and over every hit (the exhaustive scoring, the baseline), from the index query to the ranked
 * results (feedback, link boost), snippets left out. Every question's results must be the same
 * notes, order and scores, or the benchmark stops. Prints p50 and p95 of each and the ratio.
 *
 * Usage: npx tsx bench/search-top-k.bench.ts 10000,100000
 */
import { performance } from "node:perf_hooks";
import { FUSION_DEPTH, rankNotes } from "../src/notes/search/rank-notes.js";
import { createFullTextSearch } from "../src/notes/search/full-text-search.js";
import { validateSearch } from "../src/notes/search/search-options.js";
import { percentile, report } from "./measure.js";
import { hasLocomo, proseStoredNotes } from "./prose-notes.js";
import { loadLocomo } from "./retrieval/locomo.js";

const QUESTIONS = Number(process.env.BENCH_QUESTIONS ?? 150);

async function benchTopK(count: number): Promise<void> {
  const notes = proseStoredNotes(count, 0);
  const byId = new Map(notes.map((stored) => [stored.note.id, [stored]]));
  const index = createFullTextSearch();
  index.sync(notes);
  const questions = (loadLocomo() ?? [])
    .flatMap((conversation) => conversation.questions.map((q) => q.question))
    .slice(0, QUESTIONS);
  const rank = (question: string, pruned: boolean) => {
    const search = validateSearch(question, { limit: 10 });
    if (search.isErr()) throw new Error(search.error.message);
    const top = pruned ? { k: Math.max(search.value.limit, FUSION_DEPTH) } : undefined;
    const matched = index.query(search.value.query, top);
    if (matched === undefined) return [];
    const { hitsOf } = matched;
    const more =
      hitsOf === undefined
        ? undefined
        : (ids: ReadonlySet<string>) => hitsOf([...ids].flatMap((id) => byId.get(id) ?? []));
    return rankNotes(index.withFeedback(matched, new Map()), search.value, undefined, more);
  };
  const exhaustive: number[] = [];
  const pruned: number[] = [];
  for (let round = 0; round < 2; round++) {
    for (const question of questions) {
      let start = performance.now();
      const all = rank(question, false);
      const allMs = performance.now() - start;
      start = performance.now();
      const top = rank(question, true);
      const topMs = performance.now() - start;
      const shape = (ranked: typeof all) =>
        JSON.stringify(ranked.map((r) => [r.hit.stored.path, r.score, r.hit.textScore]));
      if (shape(top) !== shape(all)) throw new Error(`results differ for "${question}"`);
      // The first round warms the caches (the bounds, the JIT); the second is timed.
      if (round === 0) continue;
      exhaustive.push(allMs);
      pruned.push(topMs);
    }
  }
  const label = `${count} notes, ${questions.length} LoCoMo questions, identical results`;
  report(
    `warm ranking p50, top k, ${label}`,
    percentile(pruned, 50),
    "every hit",
    percentile(exhaustive, 50),
  );
  report(
    `warm ranking p95, top k, ${label}`,
    percentile(pruned, 95),
    "every hit",
    percentile(exhaustive, 95),
  );
}

if (!hasLocomo()) throw new Error("the top-k benchmark needs the LoCoMo data");
for (const size of (process.argv[2] ?? "10000").split(",")) await benchTopK(Number(size));
