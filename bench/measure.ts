/** Timing helpers for the benchmarks: medians of repeated runs, printed beside a baseline. */
import { performance } from "node:perf_hooks";

/** Times `fn` `runs` times (after `warmup` untimed runs) and returns the median in ms. */
export async function medianMs(fn: () => unknown, runs = 5, warmup = 1): Promise<number> {
  for (let i = 0; i < warmup; i++) await fn();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await fn();
    times.push(performance.now() - start);
  }
  return percentile(times, 50);
}

/**
 * Times each of `fns` once per round, in turn, for `runs` rounds (after one untimed round),
 * and returns each one's median in ms. On a shared, noisy machine a figure and its baseline
 * measured turn about see the same load, so their ratio holds where separate medians drift.
 */
export async function alternatingMediansMs(
  fns: readonly (() => unknown)[],
  runs = 5,
): Promise<number[]> {
  for (const fn of fns) await fn();
  const times: number[][] = fns.map(() => []);
  for (let round = 0; round < runs; round++) {
    for (const [at, fn] of fns.entries()) {
      const start = performance.now();
      await fn();
      times[at]?.push(performance.now() - start);
    }
  }
  return times.map((each) => percentile(each, 50));
}

/** The p-th percentile (0-100) of a list of numbers, by nearest rank. */
export function percentile(values: readonly number[], p: number): number {
  const sorted = values.toSorted((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank] ?? Number.NaN;
}

const rows: string[][] = [];

/** Records one figure beside its baseline; the ratio is figure / baseline. */
export function report(
  label: string,
  ms: number,
  baselineLabel: string,
  baselineMs: number,
  target?: string,
): void {
  const ratio = ms / baselineMs;
  rows.push([label, fmt(ms), baselineLabel, fmt(baselineMs), `${ratio.toFixed(2)}x`, target ?? ""]);
  console.log(
    `${label}: ${fmt(ms)} | baseline ${baselineLabel}: ${fmt(baselineMs)} | ratio ${ratio.toFixed(2)}x${target ? ` (target ${target})` : ""}`,
  );
}

/** The recorded figures as a markdown table, for docs/benchmarks.md. */
export function markdownTable(): string {
  const header = ["figure", "time", "baseline", "baseline time", "ratio", "target"];
  return [header, header.map(() => "---"), ...rows]
    .map((row) => `| ${row.join(" | ")} |`)
    .join("\n");
}

function fmt(ms: number): string {
  return ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${ms.toFixed(1)} ms`;
}
