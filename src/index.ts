/**
 * The root entry: `createMemory`, the types of a memory and its notes, the errors, and the
 * port interfaces a host implements. Adapters, machines, the note format, contract suites and
 * the migration live in subpath entries (`agent-memory/adapters`, `agent-memory/lifecycle`,
 * `agent-memory/format`, `agent-memory/testing`, `agent-memory/migrate`, `agent-memory/mcp`),
 * so a host loads only what it imports. `agent-memory/notes` is the note tier alone
 * (`createNotesMemory`), the cheapest way in for a short-lived process. The lifecycle's option and report types (journal,
 * session log, consolidation, defrag, AGENTS.md, run) come from `agent-memory/lifecycle`.
 *
 * @example
 * ```ts
 * import { createMemory } from "agent-memory";
 * import { inMemoryPorts } from "agent-memory/adapters/in-memory";
 *
 * const ports = await inMemoryPorts();
 * if (ports.isOk()) {
 *   const memory = createMemory(ports.value);
 *   await memory.capture({ title: "Deploys go through the release branch" });
 * }
 * ```
 * @module
 */
export { createMemory, type LifecycleApi, type Memory, type MemoryOptions } from "./memory.js";
export type { NotesMemory, WarmUpReport } from "./notes/notes-memory.js";
export type { NotesMemoryOptions } from "./create-notes-memory.js";
export type { FreshnessOptions } from "./notes/store/freshness.js";
export type { StoreStats } from "./notes/store/note-store.js";
export type { CaptureInput, CaptureOptions } from "./notes/ops/capture.js";
export type { CaptureManyItem, CaptureManyResult, CapturedItem } from "./notes/ops/capture-many.js";
export type { ListFilter } from "./notes/reads/list.js";
export type { Note, NoteMeta, NoteTimes } from "./notes/store/note-meta.js";
export type { CurrentNote, UpdateEdit, UpdateOptions, UpdatePatch } from "./notes/ops/update.js";
export type { AppendSection } from "./notes/ops/append.js";
export type { TagResult } from "./notes/ops/tag-note.js";
export type { SupersedeOptions, SupersedeResult } from "./notes/ops/supersede.js";
export type { SupersededBy } from "./notes/store/note-meta.js";
export type { TagChange } from "./model/tag-change.js";
export { editNote, type EditResult } from "./notes/ops/edit-note.js";
export {
  forgetNote,
  type ForgetError,
  type ForgetOptions,
  type ForgetResult,
} from "./notes/ops/forget.js";
export { recentNotes, type RecentOptions } from "./notes/reads/recent.js";
export type { NoteEdit } from "./model/note-edit.js";
export type { ChangedNote, CommitOutcome, MutationOptions } from "./notes/mutation-options.js";
export type { RenameResult } from "./notes/ops/rename.js";
export type { MoveOptions, MoveResult } from "./notes/ops/move.js";
export type { MergeOptions, MergeResult } from "./notes/ops/merge.js";
export type { ReidOptions, ReidResult } from "./notes/ops/reid.js";
export type { RemoveOptions, RemoveResult } from "./notes/ops/remove.js";
export type { LockOptions } from "./notes/memory-lock.js";
export type {
  BrokenLink,
  InboundLink,
  NoteLinks,
  OutboundLink,
} from "./notes/graph/link-queries.js";
export type { NoteProvenance, WhyCommit, WhyError, WhyPart } from "./notes/reads/why.js";
export type { MemorySource } from "./model/provenance.js";
export type { DoctorOptions, DoctorReport } from "./notes/graph/doctor.js";
export type { DoctorFinding, DoctorFindingKind } from "./notes/graph/doctor-findings.js";
export { verifyNotes, type VerifyNotesOptions } from "./notes/verify/verify-notes.js";
export type { VerifyFinding, VerifyReport } from "./notes/verify/verify-note-texts.js";
export type { StaleReferenceKind } from "./notes/verify/check-reference.js";
export { MAX_SEARCH_LIMIT, type SearchOptions } from "./notes/search/search-options.js";
export type { SearchResult, SearchScores } from "./notes/search/rank-notes.js";
export type { EmbeddingReport } from "./notes/search/embeddings.js";
export type { AnalysisOptions } from "./notes/analysis/analysis-input.js";
export type { MemoryAnalysis } from "./notes/analysis/memory-analysis.js";
export type { IndexNoteApi } from "./notes/tiers/index-api.js";
export { NOTE_STATUSES, type NoteStatus } from "./model/layout.js";
export {
  ConflictError,
  DuplicateIdError,
  EmbedderError,
  GitError,
  InvalidInputError,
  LlmError,
  LockError,
  NotFoundError,
  PersistenceError,
  PipelineError,
  SessionReadError,
  BudgetError,
  type BudgetFigures,
  type BudgetScope,
  type MemoryError,
  type MemoryErrorCode,
} from "./errors.js";
export type { Persistence, StoredFile } from "./ports/persistence.js";
export type { Blame, BlameCommit, BlameLine, CommittedTimes, Git, GitAuthor } from "./ports/git.js";
export type { Llm, LlmAnswer, LlmRequest, LlmUsage } from "./ports/llm.js";
export type { EmbedRequest, Embedder } from "./ports/embedder.js";
export type {
  ReadSessionOptions,
  SessionReader,
  SessionReaders,
  SessionText,
} from "./ports/session-reader.js";
export type { AgentsMdTarget } from "./ports/agents-md-target.js";
export type { LockHost } from "./ports/lock-host.js";
export type { Tokenizer } from "./ports/tokenizer.js";
export type { ProjectRepository } from "./ports/project-repository.js";
