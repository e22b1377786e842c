/**
 * `agent-memory/adapters`: the ports implemented over node:fs (or any fs-compatible module),
 * the git CLI, child processes and model SDKs. Loads neither memfs nor isomorphic-git: those
 * are `agent-memory/adapters/isomorphic-git` and `agent-memory/adapters/in-memory`.
 *
 * @example
 * ```ts
 * import * as fs from "node:fs";
 * import { createMemory } from "agent-memory";
 * import { defaultSessionReaders, fsPersistence, gitCli } from "agent-memory/adapters";
 *
 * const root = "/path/to/memory";
 * const memory = createMemory({
 *   persistence: fsPersistence({ fs, root }),
 *   git: gitCli({ dir: root }),
 *   sessionReaders: defaultSessionReaders({ fs }),
 * });
 * ```
 * @module
 */
export { fsPersistence, type FsPersistenceOptions } from "./fs/fs-persistence.js";
export { isWatchable } from "./fs/fs-default-watch.js";
export type { FsLike } from "./fs/fs-like.js";
export {
  watchMemoryFiles,
  type MemoryWatcher,
  type WatchMemoryFilesOptions,
  type WatchingFs,
} from "./fs/fs-watch.js";
export {
  readImportSource,
  type ImportSourceFiles,
  type ImportSourceSkip,
  type ImportSourceText,
  type ReadImportSourceOptions,
} from "./import-source/read-import-source.js";
export { gitCli, gitCliIfRepository, type GitCliOptions } from "./git-cli/git-cli.js";
export {
  mergeLogEnd,
  mergesSince,
  recordMerges,
  type MergeRecord,
  type MergeRecordKind,
} from "./git-cli/merge-log.js";
export {
  gitProjectRepository,
  type GitProjectRepositoryOptions,
} from "./git-cli/git-project-repository.js";
export {
  gitNoteHistory,
  type NoteHistoryCommit,
  type NoteHistoryOptions,
} from "./git-cli/git-cli-note-history.js";
export {
  getFileTimestamps,
  type FileTimestamps,
  type FileTimestampsOptions,
} from "./file-timestamps/file-timestamps.js";
export { llmFromFunction, type CompletionFunction } from "./llm/llm-from-function.js";
export { llmFromCommand, type CommandLlmOptions } from "./llm/llm-from-command.js";
export {
  llmFromAiSdk,
  type AiSdkGenerateText,
  type AiSdkGenerateTextOptions,
  type AiSdkGenerateTextResult,
  type AiSdkLlmOptions,
  type AiSdkUsage,
} from "./llm/llm-from-ai-sdk.js";
export {
  embedderFromFunction,
  type EmbeddingFunction,
} from "./embedders/embedder-from-function.js";
export {
  embedderFromAiSdk,
  type AiSdkEmbedMany,
  type AiSdkEmbedManyOptions,
  type AiSdkEmbedManyResult,
} from "./embedders/embedder-from-ai-sdk.js";
export {
  embedderFromCommand,
  type CommandEmbedderOptions,
} from "./embedders/embedder-from-command.js";
export { gptTokenizer } from "./tokenizer/gpt-tokenizer.js";
export {
  defaultSessionReaders,
  type DefaultSessionReadersOptions,
} from "./session-readers/default-session-readers.js";
export {
  fileSessionReader,
  type FileSessionReaderOptions,
} from "./session-readers/session-file-reader.js";
export {
  jsonlSessionReader,
  type JsonlSessionReaderOptions,
} from "./session-readers/session-jsonl-reader.js";
export {
  commandSessionReader,
  type CommandSessionReaderOptions,
} from "./session-readers/session-command-reader.js";
export type { SessionFileHandle, SessionFs } from "./session-readers/session-fs.js";
export { nodeLockHost } from "./lock-host/node-lock-host.js";
export { fileTarget, type FileTargetOptions, type TargetFs } from "./agents-md-file/file-target.js";
