/**
 * `npm run bench`: every benchmark, each figure printed beside a baseline measured in the
 * same run and the ratio. `BENCH_SCALE=0.1 npm run bench` runs a smaller, quicker version.
 * `npm run bench -- scale` runs only the 10,000 against 100,000-note benchmark
 * (`scale-100k.bench.ts`: long, so never part of the default run).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { markdownTable } from "./measure.js";
import { benchOpenList } from "./open-list.bench.js";
import { benchTimestamps } from "./timestamps.bench.js";

const scale = Number(process.env.BENCH_SCALE ?? "1");
const n = (value: number) => Math.max(10, Math.round(value * scale));

async function main(): Promise<void> {
  if (process.argv[2] === "scale") {
    await (await import("./scale-100k.bench.js")).benchScale([n(10_000), n(100_000)]);
    return;
  }
  const workDir = mkdtempSync(join(tmpdir(), "agent-memory-bench-"));
  try {
    console.log(`agent-memory benchmarks (node ${process.version}, scale ${scale})\n`);
    await (await import("./entry-import.bench.js")).benchEntryImports();
    await benchOpenList(workDir, n(10_000));
    await (await import("./cold-calls.bench.js")).benchColdCalls(workDir, n(10_000));
    await (await import("./mcp-first-query.bench.js")).benchMcpFirstQuery(workDir, n(10_000), 5);
    await (await import("./prose-code-ranges.bench.js")).benchProseCodeRanges(workDir, n(10_000));
    await (await import("./search.bench.js")).benchSearch(workDir, n(10_000));
    await (await import("./search-resync.bench.js")).benchResync(n(10_000));
    await benchTimestamps(workDir, n(2_000), n(1_000));
    await (await import("./graph.bench.js")).benchGraph(workDir, n(10_000));
    await (await import("./analyze.bench.js")).benchAnalyze(workDir, n(1_000), n(10_000));
    await (await import("./view.bench.js")).benchView(workDir, n(10_000));
    await (await import("./tokens.bench.js")).benchTokens(workDir, n(10_000));
    console.log(`\n${markdownTable()}`);
    // Recall, not time: its own table (LoCoMo, skipped with a message when the data is absent).
    console.log("");
    await (await import("./retrieval/run.js")).benchRetrieval();
  } finally {
    rmSync(workDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
