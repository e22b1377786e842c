/**
 * `agent-memory/migrate`: turns a memory of the old JSON-header format into plain notes.
 *
 * @example
 * ```ts
 * import { migrateToV2 } from "agent-memory/migrate";
 * const summary = await migrateToV2({ persistence, git, dryRun: true });
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
