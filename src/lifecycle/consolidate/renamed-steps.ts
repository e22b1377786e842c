import type { ConsolidationStep } from "./consolidation-steps.js";

/**
 * @deprecated The steps' names before issue 29, each with the step that took its place. An
 * actor a host provides under an old name replaces that step (`machine.provide({ actors })`,
 * `memory.consolidate({ actors })`); the new name wins when both are given. Removed in the
 * next release.
 */
export const RENAMED_CONSOLIDATION_STEPS = {
  selectContext: "selectRelatedNotes",
  writeKbEntries: "writeNotes",
  commitKnowledgeBase: "commitRun",
} as const satisfies Readonly<Record<string, ConsolidationStep>>;
