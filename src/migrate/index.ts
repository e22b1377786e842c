/**
 * `agent-memory/migrate`: turns a memory of the old JSON-header format into plain notes, and
 * imports other tools' memories (Claude Code, AGENTS.md, the MCP memory server, basic-memory,
 * Obsidian, mem0) as notes.
 *
 * @example
 * ```ts
 * import { importKinds, importMemory, migrateToV2 } from "agent-memory/migrate";
 * const summary = await migrateToV2({ persistence, git, dryRun: true });
 * const kind = importKinds.find((k) => k.name === "obsidian");
 * if (kind) await importMemory({ memory, persistence, kind, files, dryRun: true });
 * ```
 * @module
 */
export {
  migrateToV2,
  type IndexUpdate,
  type MigratedEntry,
  type MigrateToV2Options,
  type MigrationProblem,
  type MigrationSummary,
  type SkippedEntry,
} from "./migrate-to-v2.js";
export { importMemory, type ImportMemoryOptions } from "./import/import-memory.js";
export { importKinds } from "./import/import-kinds.js";
export type {
  BodyPart,
  ImportedNote,
  ImportKind,
  ImportKindName,
  ImportProblem,
  ImportReading,
  ImportSourceRef,
  KeyLink,
  SourceFile as ImportSourceFile,
} from "./import/import-kind.js";
export type {
  ImportedNoteOutcome,
  ImportFailure,
  ImportRedaction,
  ImportReport,
} from "./import/import-report.js";
export type { ImportAction } from "./import/import-decisions.js";
export type { PlannedSplit as ImportSplit } from "./import/import-plan.js";
