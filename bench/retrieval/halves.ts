/**
 * LoCoMo recall on two halves of the conversations, for tuning a ranking signal without
 * tuning on the test questions (issue 36): tune on the even conversations (0, 2, 4, 6, 8),
 * report the odd ones (1, 3, 5, 7, 9) beside them. Prints R@5 and R@10 of memory.search and
 * of the plain BM25 on each half. RETRIEVAL_LINKED=1 links each note to its session
 * neighbours (as run.ts's "neighbours linked" rows); RETRIEVAL_CORPUS=turns or observations
 * runs one corpus. Run: `npx tsx bench/retrieval/halves.ts`.
 */
import { evaluate } from "./evaluate.js";
import { loadLocomo, type CorpusName } from "./locomo.js";
import { baseline, memorySearchOver } from "./run.js";

async function main(): Promise<void> {
  const all = loadLocomo();
  if (all === undefined) {
    console.log("LoCoMo halves skipped: data set not found");
    return;
  }
  const halves = {
    tune: all.filter((_, i) => i % 2 === 0),
    "held out": all.filter((_, i) => i % 2 === 1),
  };
  const linked = process.env.RETRIEVAL_LINKED === "1";
  const corpora = (process.env.RETRIEVAL_CORPUS ?? "turns,observations").split(",");
  for (const corpus of corpora as CorpusName[]) {
    const cells: string[] = [];
    for (const [name, conversations] of Object.entries(halves)) {
      const memory = await evaluate(conversations, corpus, memorySearchOver(linked));
      const bm25 = await evaluate(conversations, corpus, baseline);
      const r = (e: typeof memory, k: number) => (e.recall[k] ?? Number.NaN).toFixed(3);
      cells.push(
        `${name}: R@5 ${r(memory, 5)} (BM25 ${r(bm25, 5)}), R@10 ${r(memory, 10)} (BM25 ${r(bm25, 10)})`,
      );
    }
    console.log(`${corpus}${linked ? ", neighbours linked" : ""}: ${cells.join(" | ")}`);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
