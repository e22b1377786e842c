/**
 * `agent-memory/lifecycle`: the parts of the lifecycle a host replaces or runs itself: the
 * consolidation and defrag machines with their actors and step types, the journal and session
 * log, the AGENTS.md generator, and the whole run. `createMemory` already wires all of them;
 * import this entry to swap a step (`machine.provide({ actors })`) or to run a part alone.
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
export type { ConsolidationApi } from "./consolidate/consolidation-api.js";
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
export {
  runDefrag,
  type DefragApi,
  type DefragOptions,
  type DefragReport,
} from "./defrag/defrag-api.js";
export { DEFRAG_STEPS, DecisionRejectedError, type DefragStep } from "./defrag/defrag-steps.js";
export type * from "./defrag/defrag-steps.js";
export type { DefragAction, DefragDecision } from "./defrag/defrag-decision.js";
export {
  DEFAULT_GUARDRAILS,
  type DefragGuardrails,
  type DefragRule,
} from "./defrag/validate-decision.js";
export {
  createJournal,
  type Journal,
  type JournalListing,
  type ConsumablePending,
  type JournalOptions,
} from "./journal/journal.js";
export type { JournalEntryInput } from "./journal/journal-add.js";
export type { ConsolidatedJournalEntry, ConsolidationResult } from "./journal/journal-done.js";
export { JOURNAL_FOLDERS, type JournalStatus } from "./journal/journal-paths.js";
export type { UnreadNote } from "./journal/journal-unread.js";
export { journalEntryFromFlags, type JournalAddFlags } from "./journal/journal-flags.js";
export { partsFromMarkdown } from "./sessions/session-input.js";
export {
  createSessionLog,
  type AppendSessionInput,
  type SessionLog,
  type SessionLogOptions,
} from "./sessions/session-log.js";
export type { Pickup } from "./sessions/session-pickup.js";
export type { AppendedSession } from "./sessions/session-append.js";
export type { LoggedSession } from "./sessions/session-unconsumed.js";
export { readSession } from "./sessions/read-session.js";
export {
  bindAgentsMd,
  type AgentsMdFunction,
  type AgentsMdOptions,
} from "./agents-md/agents-md-api.js";
export {
  generateAgentsMd,
  type AgentsMdError,
  type AgentsMdNotes,
  type AgentsMdResult,
  type GenerateAgentsMdInput,
} from "./agents-md/generate-agents-md.js";
export { memoryTarget } from "./agents-md/memory-target.js";
export {
  renderAgentsSection,
  DEFAULT_BUDGET_TOKENS,
  DEFAULT_MAX_NOTE_BYTES,
  type RenderedSection,
  type SectionInput,
} from "./agents-md/render-section.js";
export { spliceSection } from "./agents-md/splice-section.js";
export { START_MARKER, END_MARKER } from "./agents-md/markers.js";
export {
  runLifecycle,
  type LifecycleDeps,
  type RunOptions,
  type RunReport,
} from "./run/run-lifecycle.js";
export {
  LIFECYCLE_STATE_PATH,
  type DefragSchedule,
  type LifecycleState,
} from "./run/lifecycle-state.js";
export { PIPELINE_LOCK_PATH } from "./machine/pipeline-lock.js";
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
export { SPEND_LEDGER_PATH } from "./spend/spend-ledger.js";
export { SPEND_TRAILER } from "./spend/spend-trailer.js";
export type { RunSpendOptions } from "./spend/spend-wiring.js";
