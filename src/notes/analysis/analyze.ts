import type { ResultAsync } from "neverthrow";
import { loadGraph } from "../graph/graph-view.js";
import type { NoteSnapshot } from "../store/note-store.js";
import { loadTimes, type TimesLookup } from "../store/note-times.js";
import type { NotesDeps } from "../notes-deps.js";
import type { GitError, PersistenceError } from "../../errors.js";
import type { AnalysisInput, AnalysisOptions } from "./analysis-input.js";
import { analyze, type MemoryAnalysis } from "./memory-analysis.js";

/**
 * Analyzes the memory without an LLM and without writing anything: per-note link counts,
 * times, sizes, statuses and tags; orphans with their age, broken links, dead ends, clusters
 * and their communities, near-duplicate pairs, oversize notes and short cycles. The store is
 * refreshed first (only changed files are re-read) and the times come from one history walk.
 * See {@link MemoryAnalysis} for the order of every list.
 *
 * @example
 * ```ts
 * const analysis = await analyzeMemory(ctx, { duplicateThreshold: 0.7 });
 * if (analysis.isOk()) console.log(JSON.stringify(analysis.value, null, 2));
 * ```
 */
export function analyzeMemory(
  ctx: NotesDeps,
  options: AnalysisOptions = {},
): ResultAsync<MemoryAnalysis, PersistenceError | GitError> {
  return loadGraph(ctx).andThen((graph) =>
    loadTimes(ctx.git, ctx.now).map((times) =>
      analyze(analysisInput(graph.snapshot, times, ctx.now()), options),
    ),
  );
}

/**
 * The pure analysis's input from a snapshot and its times.
 *
 * @example
 * ```ts
 * analyze(analysisInput(snapshot, times, Date.now()));
 * ```
 */
export function analysisInput(
  snapshot: NoteSnapshot,
  times: TimesLookup,
  now: number,
): AnalysisInput {
  return {
    notes: snapshot.notes.map((stored) => {
      const { createdAt, updatedAt } = times(stored);
      return {
        id: stored.note.id,
        path: stored.path,
        title: stored.note.title,
        body: stored.note.body,
        tags: stored.note.tags,
        status: stored.status,
        size: stored.size,
        links: stored.note.links.map((link) => link.id),
        createdAt,
        updatedAt,
      };
    }),
    indexLinks: (snapshot.indexNote?.links ?? []).map((link) => link.id),
    now,
  };
}
