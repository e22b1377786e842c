export { createMemory, type Memory, type MemoryOptions } from "./memory.js";
export type { NotesMemory } from "./notes-memory.js";
export type { CaptureInput, CaptureOptions } from "./notes/capture.js";
export type { ListFilter } from "./notes/list.js";
export type { Note, NoteMeta, NoteTimes } from "./notes/note-meta.js";
export type { UpdatePatch } from "./notes/update.js";
export type { MutationOptions } from "./notes/mutation-options.js";
export type { RenameResult } from "./notes/rename.js";
export type { MoveResult } from "./notes/move.js";
export type { MergeOptions, MergeResult } from "./notes/merge.js";
export type { RemoveOptions, RemoveResult } from "./notes/remove.js";
export type { BrokenLink, InboundLink, NoteLinks, OutboundLink } from "./graph/link-queries.js";
export type { DoctorOptions, DoctorReport } from "./graph/doctor.js";
export type { DoctorFinding, DoctorFindingKind } from "./graph/doctor-findings.js";
export type { LockOptions } from "./notes/memory-lock.js";
export { NOTE_STATUSES, STATUS_FOLDERS, isNoteStatus, type NoteStatus } from "./notes/layout.js";
export { generateId, isValidId } from "./model/id.js";
export { slugify } from "./model/slug.js";
export { buildFilename, parseFilename } from "./model/filename.js";
export { extractTags, isValidTagName } from "./model/tags.js";
export { extractLinks, type NoteLink } from "./model/links.js";
export { replaceLink, replaceLinkText } from "./model/link-rewrite.js";
export {
  parseNote,
  serializeNote,
  type NoteContent,
  type ParsedNote,
} from "./model/note-format.js";
export {
  ConflictError,
  DuplicateIdError,
  GitError,
  InvalidInputError,
  LlmError,
  LockError,
  NotFoundError,
  PersistenceError,
  PipelineError,
  SessionReadError,
  type MemoryError,
  type MemoryErrorCode,
} from "./ports/errors.js";
export type { Persistence, StoredFile } from "./ports/persistence.js";
export type { CommittedTimes, Git, GitAuthor } from "./ports/git.js";
export type { Llm, LlmRequest } from "./ports/llm.js";
export { fsPersistence, type FsPersistenceOptions } from "./adapters/fs-persistence.js";
export { gitCli, type GitCliOptions } from "./adapters/git-cli.js";
export { isomorphicGit, type IsomorphicGitOptions } from "./adapters/isomorphic-git.js";
export {
  inMemoryPorts,
  type InMemoryPorts,
  type InMemoryPortsOptions,
} from "./adapters/in-memory.js";
export {
  getFileTimestamps,
  type FileTimestamps,
  type FileTimestampsOptions,
} from "./adapters/file-timestamps.js";
export { llmFromFunction, type CompletionFunction } from "./adapters/llm-from-function.js";
export type { FsLike } from "./adapters/fs-like.js";
export type { SearchOptions } from "./search/search-options.js";
export type { SearchResult } from "./search/rank-notes.js";
export {
  createJournal,
  type Journal,
  type JournalListing,
  type JournalOptions,
} from "./journal/journal.js";
export type { JournalEntry, StoredJournalEntry } from "./journal/journal-entry.js";
export type { JournalEntryInput } from "./journal/journal-add.js";
export type { ConsolidatedJournalEntry, ConsolidationResult } from "./journal/journal-done.js";
export {
  createSessionLog,
  type AppendSessionInput,
  type SessionLog,
  type SessionLogOptions,
} from "./sessions/session-log.js";
export type { Pickup } from "./sessions/session-pickup.js";
export type { AppendedSession } from "./sessions/session-append.js";
export type { LoggedSession } from "./sessions/session-unconsumed.js";
export type {
  ReadSessionOptions,
  SessionReader,
  SessionReaders,
  SessionText,
} from "./sessions/session-reader.js";
export {
  fileSessionReader,
  type FileSessionReaderOptions,
} from "./adapters/session-file-reader.js";
export {
  jsonlSessionReader,
  type JsonlSessionReaderOptions,
} from "./adapters/session-jsonl-reader.js";
export {
  commandSessionReader,
  type CommandSessionReaderOptions,
} from "./adapters/session-command-reader.js";
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
export { scrubSecrets } from "./consolidate/secret-scrubber.js";
export {
  migrateToV2,
  type IndexUpdate,
  type MigratedEntry,
  type MigrateToV2Options,
  type MigrationProblem,
  type MigrationSummary,
  type SkippedEntry,
} from "./cli/migrate-to-v2.js";
export { llmFromCommand, type CommandLlmOptions } from "./adapters/llm-from-command.js";
export {
  llmFromAiSdk,
  type AiSdkGenerateText,
  type AiSdkGenerateTextOptions,
  type AiSdkGenerateTextResult,
  type AiSdkLlmOptions,
} from "./adapters/llm-from-ai-sdk.js";
export type { AnalysisOptions } from "./analysis/analysis-input.js";
export type { Cluster, MemoryAnalysis, NoteStats } from "./analysis/memory-analysis.js";
export type { NearDuplicatePair } from "./analysis/near-duplicates.js";
export type { Orphan, OversizeNote } from "./analysis/link-health.js";
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
export type { IndexError, IndexNoteApi } from "./index-note/index-api.js";
export {
  readIndexTiers,
  writeIndexTiers,
  type IndexEntry,
  type IndexTiers,
  type TierUpdate,
} from "./index-note/index-note.js";
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
export { memoryTarget, type AgentsMdTarget } from "./agents-md/agents-md-target.js";
export { fileTarget, type FileTargetOptions, type TargetFs } from "./agents-md/file-target.js";
export {
  renderAgentsSection,
  DEFAULT_BUDGET_TOKENS,
  DEFAULT_MAX_NOTE_BYTES,
  type RenderedSection,
  type SectionInput,
} from "./agents-md/render-section.js";
export { spliceSection } from "./agents-md/splice-section.js";
export { START_MARKER, END_MARKER } from "./agents-md/markers.js";
export type { LifecycleApi } from "./memory.js";
export {
  runLifecycle,
  type LifecycleDeps,
  type RunOptions,
  type RunReport,
} from "./lifecycle/run-lifecycle.js";
export {
  LIFECYCLE_STATE_PATH,
  type DefragSchedule,
  type LifecycleState,
} from "./lifecycle/lifecycle-state.js";
export { PIPELINE_LOCK_PATH } from "./pipeline/pipeline-lock.js";
