export { createMemory, type Memory, type MemoryOptions } from "./memory.js";
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
