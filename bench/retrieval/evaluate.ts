/**
 * Recall of the questions' evidence: for each question, the share of its evidence dialogue
 * ids that the top k notes stand for (a turn note stands for its own id, an observation note
 * for the ids it cites). Evidence no note stands for (a turn with no observation) counts as
 * missed. Averaged over questions, overall and per category; query latency p50/p95.
 */
import { performance } from "node:perf_hooks";
import { percentile } from "../measure.js";
import type { Conversation, CorpusName, CorpusNote } from "./locomo.js";

export const KS = [1, 5, 10] as const;

/** Searches one conversation's notes: positions in its note list, best first. */
export type Retriever = (query: string, limit: number) => Promise<number[]> | number[];

/** Builds a retriever over one conversation's notes. */
export type RetrieverFactory = (
  notes: readonly CorpusNote[],
  conversation: Conversation,
) => Promise<Retriever> | Retriever;

/** Recall at each k: overall, per category; plus hit-any at each k, and latencies. */
export interface Evaluation {
  readonly questions: number;
  /** recall[k] overall. */
  readonly recall: Record<number, number>;
  /** byCategory[c][k]. */
  readonly byCategory: Record<number, Record<number, number>>;
  /** Share of questions with at least one evidence id in the top k. */
  readonly hitAny: Record<number, number>;
  readonly p50Ms: number;
  readonly p95Ms: number;
}

/** Runs every question of every conversation against the corpus. */
export async function evaluate(
  conversations: readonly Conversation[],
  corpus: CorpusName,
  factory: RetrieverFactory,
): Promise<Evaluation> {
  const sums = new Map<string, number>();
  const add = (key: string, value: number) => sums.set(key, (sums.get(key) ?? 0) + value);
  const times: number[] = [];
  let questions = 0;
  const perCategory = new Map<number, number>();
  for (const conversation of conversations) {
    const notes = corpus === "turns" ? conversation.turns : conversation.observations;
    const retrieve = await factory(notes, conversation);
    for (const q of conversation.questions) {
      const start = performance.now();
      const ranked = await retrieve(q.question, Math.max(...KS));
      times.push(performance.now() - start);
      questions++;
      perCategory.set(q.category, (perCategory.get(q.category) ?? 0) + 1);
      for (const k of KS) {
        const found = new Set(ranked.slice(0, k).flatMap((i) => notes[i]?.diaIds ?? []));
        const hits = q.evidence.filter((id) => found.has(id)).length;
        const recall = hits / q.evidence.length;
        add(`r${k}`, recall);
        add(`c${q.category}r${k}`, recall);
        add(`h${k}`, hits > 0 ? 1 : 0);
      }
    }
  }
  const recall: Record<number, number> = {};
  const hitAny: Record<number, number> = {};
  const byCategory: Record<number, Record<number, number>> = {};
  for (const k of KS) {
    recall[k] = (sums.get(`r${k}`) ?? 0) / questions;
    hitAny[k] = (sums.get(`h${k}`) ?? 0) / questions;
    for (const [c, n] of perCategory) {
      (byCategory[c] ??= {})[k] = (sums.get(`c${c}r${k}`) ?? 0) / n;
    }
  }
  return {
    questions,
    recall,
    byCategory,
    hitAny,
    p50Ms: percentile(times, 50),
    p95Ms: percentile(times, 95),
  };
}

/** "0.306/0.517/0.584" */
export function fmtRecall(values: Record<number, number>): string {
  return KS.map((k) => (values[k] ?? Number.NaN).toFixed(3)).join("/");
}
