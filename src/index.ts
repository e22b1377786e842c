export { createMemory, type Memory, type MemoryOptions } from "./memory.js";
export type { NotesMemory } from "./notes/notes-memory.js";
export type { CaptureInput, CaptureOptions } from "./notes/capture.js";
export type { ListFilter } from "./notes/list.js";
export type { Note, NoteMeta, NoteTimes } from "./notes/note-meta.js";
export type { UpdatePatch } from "./notes/update.js";
export type { MutationOptions } from "./notes/mutation-options.js";
export type { RenameResult } from "./notes/rename.js";
export type { MoveResult } from "./notes/move.js";
export type { MergeOptions, MergeResult } from "./notes/merge.js";
export type { RemoveOptions, RemoveResult } from "./notes/remove.js";
export type { BrokenLink, InboundLink, NoteLinks, OutboundLink } from "./notes/graph/link-queries.js";
export type { DoctorOptions, DoctorReport } from "./notes/graph/doctor.js";
export type { DoctorFinding, DoctorFindingKind } from "./notes/graph/doctor-findings.js";
export type { LockOptions } from "./notes/memory-lock.js";
export { NOTE_STATUSES, STATUS_FOLDERS, isNoteStatus, type NoteStatus } from "./model/layout.js";
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
} from "./errors.js";
export type { Persistence, StoredFile } from "./ports/persistence.js";
export type { CommittedTimes, Git, GitAuthor } from "./ports/git.js";
export type { Llm, LlmRequest } from "./ports/llm.js";
export { fsPersistence, type FsPersistenceOptions } from "./adapters/fs/fs-persistence.js";
export { gitCli, type GitCliOptions } from "./adapters/git-cli/git-cli.js";
export { isomorphicGit, type IsomorphicGitOptions } from "./adapters/isomorphic-git/isomorphic-git.js";
export {
  inMemoryPorts,
  type InMemoryPorts,
  type InMemoryPortsOptions,
} from "./adapters/in-memory/in-memory.js";
export {
  getFileTimestamps,
  type FileTimestamps,
  type FileTimestampsOptions,
} from "./adapters/file-timestamps/file-timestamps.js";
export { llmFromFunction, type CompletionFunction } from "./adapters/llm/llm-from-function.js";
export type { FsLike } from "./adapters/fs/fs-like.js";
export type { SearchOptions } from "./notes/search/search-options.js";
export type { SearchResult } from "./notes/search/rank-notes.js";
export {
  createJournal,
  type Journal,
  type JournalListing,
  type JournalOptions,
} from "./lifecycle/journal/journal.js";
export type { JournalEntry, StoredJournalEntry } from "./model/journal-entry.js";
export type { JournalEntryInput } from "./lifecycle/journal/journal-add.js";
export type { ConsolidatedJournalEntry, ConsolidationResult } from "./lifecycle/journal/journal-done.js";
export {
  createSessionLog,
  type AppendSessionInput,
  type SessionLog,
  type SessionLogOptions,
} from "./lifecycle/sessions/session-log.js";
export type { Pickup } from "./lifecycle/sessions/session-pickup.js";
export type { AppendedSession } from "./lifecycle/sessions/session-append.js";
export type { LoggedSession } from "./lifecycle/sessions/session-unconsumed.js";
export type {
  ReadSessionOptions,
  SessionReader,
  SessionReaders,
  SessionText,
} from "./ports/session-reader.js";
export {
  fileSessionReader,
  type FileSessionReaderOptions,
} from "./adapters/session-readers/session-file-reader.js";
export {
  jsonlSessionReader,
  type JsonlSessionReaderOptions,
} from "./adapters/session-readers/session-jsonl-reader.js";
export {
  commandSessionReader,
  type CommandSessionReaderOptions,
} from "./adapters/session-readers/session-command-reader.js";
export {
  consolidationMachine,
  type ConsolidationMachineInput,
  type ConsolidationOutput,
} from "./lifecycle/consolidate/consolidation-machine.js";
export {
  createConsolidationActors,
  type ConsolidationActors,
} from "./lifecycle/consolidate/consolidation-actors.js";
export {
  runConsolidation,
  type ConsolidateOptions,
  type ConsolidationReport,
} from "./lifecycle/consolidate/run-consolidation.js";
export type { ConsolidationApi } from "./lifecycle/consolidate/consolidation-api.js";
export {
  DEFAULT_CONSOLIDATION_BUDGET,
  type ConsolidationBudget,
  type ConsolidationDeps,
} from "./lifecycle/consolidate/consolidation-deps.js";
export { CONSOLIDATION_STEPS, type ConsolidationStep } from "./lifecycle/consolidate/consolidation-steps.js";
export type * from "./lifecycle/consolidate/consolidation-steps.js";
export type {
  ConsolidationPlan,
  PlannedCreate,
  PlannedInboxAction,
  PlannedUpdate,
} from "./lifecycle/consolidate/consolidation-plan.js";
export { scrubSecrets } from "./lifecycle/secret-scrubber.js";
export {
  migrateToV2,
  type IndexUpdate,
  type MigratedEntry,
  type MigrateToV2Options,
  type MigrationProblem,
  type MigrationSummary,
  type SkippedEntry,
} from "./migrate/migrate-to-v2.js";
export { llmFromCommand, type CommandLlmOptions } from "./adapters/llm/llm-from-command.js";
export {
  llmFromAiSdk,
  type AiSdkGenerateText,
  type AiSdkGenerateTextOptions,
  type AiSdkGenerateTextResult,
  type AiSdkLlmOptions,
} from "./adapters/llm/llm-from-ai-sdk.js";
export type { AnalysisOptions } from "./notes/analysis/analysis-input.js";
export type { Cluster, MemoryAnalysis, NoteStats } from "./notes/analysis/memory-analysis.js";
export type { NearDuplicatePair } from "./notes/analysis/near-duplicates.js";
export type { Orphan, OversizeNote } from "./notes/analysis/link-health.js";
export {
  defragMachine,
  type DefragMachineInput,
  type DefragOutput,
} from "./lifecycle/defrag/defrag-machine.js";
export { createDefragActors, type DefragActors, type DefragDeps } from "./lifecycle/defrag/defrag-actors.js";
export {
  runDefrag,
  type DefragApi,
  type DefragOptions,
  type DefragReport,
} from "./lifecycle/defrag/defrag-api.js";
export { DEFRAG_STEPS, DecisionRejectedError, type DefragStep } from "./lifecycle/defrag/defrag-steps.js";
export type * from "./lifecycle/defrag/defrag-steps.js";
export type { DefragAction, DefragDecision } from "./lifecycle/defrag/defrag-decision.js";
export {
  DEFAULT_GUARDRAILS,
  type DefragGuardrails,
  type DefragRule,
} from "./lifecycle/defrag/validate-decision.js";
export type { IndexError, IndexNoteApi } from "./notes/tiers/index-api.js";
export {
  readIndexTiers,
  writeIndexTiers,
  type IndexEntry,
  type IndexTiers,
  type TierUpdate,
} from "./notes/tiers/index-note.js";
export {
  bindAgentsMd,
  type AgentsMdFunction,
  type AgentsMdOptions,
} from "./lifecycle/agents-md/agents-md-api.js";
export {
  generateAgentsMd,
  type AgentsMdError,
  type AgentsMdNotes,
  type AgentsMdResult,
  type GenerateAgentsMdInput,
} from "./lifecycle/agents-md/generate-agents-md.js";
export { memoryTarget, type AgentsMdTarget } from "./ports/agents-md-target.js";
export { fileTarget, type FileTargetOptions, type TargetFs } from "./adapters/agents-md-file/file-target.js";
export {
  renderAgentsSection,
  DEFAULT_BUDGET_TOKENS,
  DEFAULT_MAX_NOTE_BYTES,
  type RenderedSection,
  type SectionInput,
} from "./lifecycle/agents-md/render-section.js";
export { spliceSection } from "./lifecycle/agents-md/splice-section.js";
export { START_MARKER, END_MARKER } from "./lifecycle/agents-md/markers.js";
export type { LifecycleApi } from "./memory.js";
export {
  runLifecycle,
  type LifecycleDeps,
  type RunOptions,
  type RunReport,
} from "./lifecycle/run/run-lifecycle.js";
export {
  LIFECYCLE_STATE_PATH,
  type DefragSchedule,
  type LifecycleState,
} from "./lifecycle/run/lifecycle-state.js";
export { PIPELINE_LOCK_PATH } from "./lifecycle/machine/pipeline-lock.js";
