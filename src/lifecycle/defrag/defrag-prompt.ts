import type { DefragBatch } from "./defrag-batches.js";
import { noteLine } from "./defrag-batches.js";
import type { DefragGuardrails } from "./validate-decision.js";

/** Findings of the analysis, already restricted to one batch's notes. */
export interface DefragFindings {
  readonly orphans: readonly { readonly id: string; readonly ageDays: number }[];
  readonly nearDuplicates: readonly {
    readonly a: string;
    readonly b: string;
    readonly similarity: number;
  }[];
  readonly oversize: readonly { readonly id: string; readonly size: number }[];
  readonly brokenLinks: readonly { readonly sourceId: string; readonly targetId: string }[];
  readonly deadEnds: readonly string[];
  readonly cycles: readonly (readonly string[])[];
}

/** What one defrag prompt shows. */
export interface DefragPromptInput {
  readonly batch: DefragBatch;
  readonly findings: DefragFindings;
  readonly hot: readonly string[];
  readonly warm: readonly string[];
  readonly guardrails: DefragGuardrails;
  /** Which batch of how many, e.g. [1, 3]. */
  readonly position: readonly [number, number];
}

const SYSTEM = `You reorganise a knowledge base of markdown notes that AI agents read. Notes link to each
other with [[id__XXXXXX|text]]; ids never change. You see each note's id, title, tags, size, inbound
and outbound link counts, age and status, and findings of a deterministic analysis.

Decide:
- hotTier: the few notes an agent should always have in mind (the most central, current knowledge).
- warmTier: notes worth listing so an agent knows they exist.
- actions, only where they clearly improve the memory:
  merge {sources, target, body?}: near-duplicates or fragments of one idea (links are repointed for you);
  split {id, parts:[{title, tags, body}]}: an oversized note holding several ideas (the original becomes a short
  note linking to the parts, so its inbound links stay meaningful);
  rename {id, title}: a title that does not state the idea; archive {id}: stale, unlinked notes;
  relink {id, body}: a new body for a note, to add links; retag {id, tags}.
Tier by content relevance, tags and link topology: heavily linked notes are central, handle them with
care; old notes nobody links to are candidates for archiving. Nothing is ever deleted.
Only use ids shown in this prompt. Answer with exactly one JSON object:
{"hotTier": ["id__..."], "warmTier": ["id__..."], "actions": [{"type": "archive", "id": "id__..."}]}`;

/**
 * Builds one defrag request. No usage counters exist, so none are shown. Deterministic: the
 * same analysis gives the same bytes.
 */
export function buildDefragPrompt(input: DefragPromptInput): { system: string; prompt: string } {
  const { findings, guardrails } = input;
  const [at, of] = input.position;
  const lines = [
    `Batch ${at} of ${of}: ${input.batch.notes.length} notes. Limits for this run: at most ${guardrails.maxHot} hot, ` +
      `${guardrails.maxWarm} warm; archive at most ${guardrails.maxArchiveRatio * 100}% and merge away at most ` +
      `${guardrails.maxMergeRatio * 100}% of all notes; merges only between notes of this batch.`,
    "",
    "## Notes (id | title | tags | size | inbound | outbound | age | status)",
    ...input.batch.notes.map(noteLine),
    "",
    "## Findings",
    `orphans (no inbound link): ${findings.orphans.map((o) => `${o.id} (${o.ageDays} d)`).join(", ") || "none"}`,
    `near-duplicates: ${findings.nearDuplicates.map((d) => `${d.a} ~ ${d.b} (${d.similarity.toFixed(2)})`).join(", ") || "none"}`,
    `oversize: ${findings.oversize.map((o) => `${o.id} (${o.size} B)`).join(", ") || "none"}`,
    `broken links: ${findings.brokenLinks.map((b) => `${b.sourceId} -> ${b.targetId}`).join(", ") || "none"}`,
    `dead ends: ${findings.deadEnds.join(", ") || "none"}`,
    `short cycles: ${findings.cycles.map((c) => c.join(" -> ")).join("; ") || "none"}`,
    "",
    "## Current index",
    `hot: ${input.hot.join(", ") || "none"}`,
    `warm: ${input.warm.join(", ") || "none"}`,
  ];
  return { system: SYSTEM, prompt: `${lines.join("\n")}\n` };
}
