/**
 * `analyzeMemory` on synthetic memories of two sizes (node:fs, no git: times come from
 * mtimes, so the figure is the analysis, not the history walk), each on a warm store, median
 * of five runs. The growth should be close to linear (ideal ratio: the size ratio), near-
 * duplicate detection included: a few notes are copied with one sentence reworded, and every
 * copy must be reported beside its source.
 */
import * as fs from "node:fs";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import type { ResultAsync } from "neverthrow";
import { fsPersistence } from "../src/adapters/fs/fs-persistence.js";
import { analysisInput, analyzeMemory } from "../src/notes/analysis/analyze.js";
import { analyze, type MemoryAnalysis } from "../src/notes/analysis/memory-analysis.js";
import { loadGraph } from "../src/notes/graph/graph-view.js";
import { createInboundLinks } from "../src/notes/graph/inbound-links.js";
import { buildFilename } from "../src/model/filename.js";
import { generateId } from "../src/model/id.js";
import { listNotes } from "../src/notes/reads/list.js";
import { createMemoryLock } from "../src/notes/memory-lock.js";
import { createNoteStore } from "../src/notes/store/note-store.js";
import { loadTimes } from "../src/notes/store/note-times.js";
import type { NotesDeps } from "../src/notes/notes-deps.js";
import { createSerialQueue } from "../src/shared/serial-queue.js";
import { medianMs, report } from "./measure.js";
import {
  seededRandom,
  syntheticId,
  syntheticNotes,
  writeNotes,
  type SyntheticNote,
} from "./synthetic-memory.js";

/** One copied note per this many notes (at least 3). */
const NOTES_PER_COPY = 200;

/** What one size measured. */
interface Measured {
  readonly totalMs: number;
  readonly pureMs: number;
  readonly analysis: MemoryAnalysis;
}

async function must<T, E>(result: ResultAsync<T, E>): Promise<T> {
  const settled = await result;
  if (settled.isErr()) throw new Error(`benchmark step failed: ${JSON.stringify(settled.error)}`);
  return settled.value;
}

/**
 * The synthetic notes plus near-duplicates: copies of every NOTES_PER_COPY-th note under a new
 * id, with the words of one sentence replaced.
 */
function notesWithCopies(count: number): { notes: SyntheticNote[]; copies: [string, string][] } {
  const copyCount = Math.max(3, Math.floor(count / NOTES_PER_COPY));
  const base = syntheticNotes(count - copyCount, 31);
  const random = seededRandom(5);
  const copies: [string, string][] = [];
  const extra: SyntheticNote[] = [];
  for (let k = 0; k < copyCount; k++) {
    const source = base[Math.floor((k * base.length) / copyCount)];
    if (source === undefined) continue;
    const id = syntheticId(count - copyCount + k);
    const title = /^# (.*)$/m.exec(source.markdown)?.[1] ?? "copy";
    const sentences = source.markdown.split(". ");
    const at = 1 + Math.floor(random() * (sentences.length - 2));
    sentences[at] = "this sentence was reworded by hand to say the same thing in other words";
    extra.push({ id, path: `topics/${buildFilename(title, id)}`, markdown: sentences.join(". ") });
    copies.push([source.id, id]);
  }
  return { notes: [...base, ...extra], copies };
}

function contextFor(root: string): NotesDeps {
  const persistence = fsPersistence({ fs, root });
  return {
    persistence,
    git: undefined,
    store: createNoteStore(persistence),
    links: createInboundLinks(),
    queue: createSerialQueue(),
    acquireLock: createMemoryLock(persistence),
    now: () => Date.UTC(2026, 0, 1),
    generateId: () => generateId(),
  };
}

async function measure(workDir: string, count: number): Promise<Measured> {
  const { notes, copies } = notesWithCopies(count);
  const root = join(workDir, `analyze-${count}`);
  writeNotes(root, notes);
  const ctx = contextFor(root);
  await must(listNotes(ctx)); // warm: every file read once, the link index built
  let analysis: MemoryAnalysis | undefined;
  const totalMs = await medianMs(async () => {
    analysis = await must(analyzeMemory(ctx));
  });
  if (analysis === undefined || analysis.notes.length !== count)
    throw new Error(`expected ${count} notes analyzed`);
  const found = new Set(analysis.nearDuplicates.map((pair) => `${pair.a} ${pair.b}`));
  const missed = copies.filter(([a, b]) => !found.has(`${a} ${b}`));
  if (missed.length > 0) throw new Error(`near-duplicates not found: ${JSON.stringify(missed)}`);
  // The pure part alone, on the input the last run gathered.
  const graph = await must(loadGraph(ctx));
  const times = await must(loadTimes(ctx.git, ctx.now));
  const input = analysisInput(graph.snapshot, times, ctx.now());
  const pureMs = await medianMs(() => analyze(input));
  return { totalMs, pureMs, analysis };
}

function describe(count: number, measured: Measured): string {
  const { analysis } = measured;
  const largest = analysis.clusters[0];
  return (
    `${count} notes: ${analysis.clusters.length} clusters (largest ${largest?.noteIds.length ?? 0} notes, ` +
    `${largest?.communities?.length ?? 0} communities), ${analysis.nearDuplicates.length} near-duplicate pairs, ` +
    `${analysis.cycles.length} short cycles, ${analysis.orphans.length} orphans, ` +
    `${analysis.deadEnds.length} dead ends; pure analyze() ${measured.pureMs.toFixed(1)} ms`
  );
}

/** Runs the benchmark in `workDir` at `small` and `large` notes. */
export async function benchAnalyze(workDir: string, small: number, large: number): Promise<void> {
  const start = performance.now();
  const smallRun = await measure(workDir, small);
  const largeRun = await measure(workDir, large);
  console.log(describe(small, smallRun));
  console.log(describe(large, largeRun));
  const ideal = `~${(large / small).toFixed(0)}x (linear)`;
  report(
    `analyzeMemory() ${large} notes (warm)`,
    largeRun.totalMs,
    `analyzeMemory() ${small} notes`,
    smallRun.totalMs,
    ideal,
  );
  report(
    `pure analyze() ${large} notes`,
    largeRun.pureMs,
    `pure analyze() ${small} notes`,
    smallRun.pureMs,
    ideal,
  );
  console.log(`analyze benchmark: ${((performance.now() - start) / 1000).toFixed(1)} s in all`);
}
