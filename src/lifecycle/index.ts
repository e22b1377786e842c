/**
 * `agent-memory/lifecycle`: what a host needs to replace or drive a step: the consolidation
 * and defrag machines with their runners, actor factories, step names and step types, the
 * helpers a replaced step needs (scrubSecrets, readSession, generateAgentsMd, ...), and the
 * option and report types of the memory's lifecycle methods. `createMemory` already wires
 * everything; import this entry to swap a step (`machine.provide({ actors })`) or to run a
 * part alone. test/lifecycle/lifecycle-entry.test.ts pins the list (docs/architecture.md says why).
 *
 * @example
 * ```ts
 * import { runConsolidation } from "agent-memory/lifecycle";
 * const machine = memory.consolidationMachine().provide({ actors: { runAgent: myActor } });
 * const report = await runConsolidation(machine);
 * ```
 * @module
 */
export {
  consolidationMachine,
  type ConsolidationMachineInput,
  type ConsolidationOutput,
} from "./consolidate/consolidation-machine.js";
export {
  createConsolidationActors,
  type ConsolidationActors,
} from "./consolidate/consolidation-actors.js";
export {
  runConsolidation,
  type ConsolidateOptions,
  type ConsolidationReport,
} from "./consolidate/run-consolidation.js";
export {
  DEFAULT_CONSOLIDATION_BUDGET,
  type ConsolidationBudget,
  type ConsolidationDeps,
} from "./consolidate/consolidation-deps.js";
export { CONSOLIDATION_STEPS, type ConsolidationStep } from "./consolidate/consolidation-steps.js";
export type * from "./consolidate/consolidation-steps.js";
export type {
  ConsolidationPlan,
  PlannedCreate,
  PlannedInboxAction,
  PlannedUpdate,
} from "./consolidate/consolidation-plan.js";
export { scrubSecrets, type ScrubReport } from "./secret-scrubber.js";
export {
  defragMachine,
  type DefragMachineInput,
  type DefragOutput,
} from "./defrag/defrag-machine.js";
export { createDefragActors, type DefragActors, type DefragDeps } from "./defrag/defrag-actors.js";
export { runDefrag, type DefragOptions, type DefragReport } from "./defrag/defrag-api.js";
export { DEFRAG_STEPS, DecisionRejectedError, type DefragStep } from "./defrag/defrag-steps.js";
export type * from "./defrag/defrag-steps.js";
export type { DefragAction, DefragDecision } from "./defrag/defrag-decision.js";
export {
  DEFAULT_GUARDRAILS,
  type DefragGuardrails,
  type DefragRule,
} from "./defrag/validate-decision.js";
export type { Journal, JournalListing, ConsumablePending } from "./journal/journal.js";
export type { JournalEntryInput } from "./journal/journal-add.js";
export type { ConsolidatedJournalEntry, ConsolidationResult } from "./journal/journal-done.js";
export { JOURNAL_FOLDERS, type JournalStatus } from "./journal/journal-paths.js";
export type { UnreadNote } from "./journal/journal-unread.js";
export { journalEntryFromFlags, type JournalAddFlags } from "./journal/journal-flags.js";
export { partsFromMarkdown } from "./sessions/session-input.js";
export type { AppendSessionInput, SessionLog } from "./sessions/session-log.js";
export type { Pickup } from "./sessions/session-pickup.js";
export type { AppendedSession } from "./sessions/session-append.js";
export type { LoggedSession } from "./sessions/session-unconsumed.js";
export { readSession } from "./sessions/read-session.js";
export type { AgentsMdFunction, AgentsMdOptions } from "./agents-md/agents-md-api.js";
export {
  generateAgentsMd,
  type AgentsMdError,
  type AgentsMdNotes,
  type AgentsMdResult,
  type GenerateAgentsMdInput,
} from "./agents-md/generate-agents-md.js";
export { DEFAULT_BUDGET_TOKENS } from "./agents-md/render-section.js";
export type { RunOptions, RunReport } from "./run/run-lifecycle.js";
export type { DefragSchedule } from "./run/lifecycle-state.js";
export type { AnalysisOptions } from "../notes/analysis/analysis-input.js";
export type { Cluster, MemoryAnalysis, NoteStats } from "../notes/analysis/memory-analysis.js";
export type { NearDuplicatePair } from "../notes/analysis/near-duplicates.js";
export type { Orphan, OversizeNote } from "../notes/analysis/link-health.js";
export type { IndexError, IndexNoteApi } from "../notes/tiers/index-api.js";
export {
  DEFAULT_CONTEXT_BUDGET,
  sessionContext,
  type ContextNote,
  type ContextSource,
  type SessionContext,
  type SessionContextOptions,
} from "./context/session-context.js";
export { DEFAULT_SPEND_BUDGET, type SpendBudget } from "./spend/spend-budget.js";
export type {
  BudgetStop,
  CallStep,
  ModelCalls,
  SpendFigures,
  SpendProgress,
} from "./spend/spend-meter.js";
export type { SpendSummary, SpendTotals } from "./spend/spend-summary.js";
export type { RunSpendOptions } from "./spend/spend-wiring.js";
