/**
 * Migration of a tree of old-format (v1) entries to the note format, in one pass: headers
 * become a `# title` and a tag line, names become `<slug> id__XXXXXX.md` in the same folder,
 * top-of-mind entries get a link in their memory root's index note. Idempotent, with a dry run
 * that returns the same plan and writes nothing. Library code: it prints nothing and returns a
 * summary for the host (or the `memory migrate` command) to show.
 *
 * @module
 */

import { err, ok, ResultAsync, type Result } from "neverthrow";
import { mapConcurrently } from "../shared/map-concurrently.js";
import { GitError, type PersistenceError } from "../errors.js";
import type { Git } from "../ports/git.js";
import type { Persistence } from "../ports/persistence.js";
import { planIndexUpdates, type IndexUpdate } from "./index-updates.js";
import {
  planMigration,
  type MigrationProblem,
  type PlannedMigration,
  type SkippedEntry,
  type SourceFile,
} from "./legacy-plan.js";

export type { IndexUpdate } from "./index-updates.js";
export type { MigrationProblem, SkippedEntry } from "./legacy-plan.js";

/** Options of {@link migrateToV2}. */
export interface MigrateToV2Options {
  /** The files, rooted at the folder to migrate (every memory below it is migrated). */
  readonly persistence: Persistence;
  /** When given, the migration is one commit (paths relative to the same root). */
  readonly git?: Git;
  /** Plan only: read everything, write nothing, commit nothing. */
  readonly dryRun?: boolean;
  /** The commit message, or false for no commit. Default: `memory: migrate N entries to the v2 note format`. */
  readonly commit?: string | false;
}

/** One entry migrated (or, in a dry run, to be migrated). */
export interface MigratedEntry {
  readonly from: string;
  readonly to: string;
  readonly id: string;
  readonly title: string;
  readonly tags: readonly string[];
  /** Linked from the index note's `## Hot` list. */
  readonly hot: boolean;
  /** Filename keywords that could not become tags. */
  readonly droppedKeywords: readonly string[];
}

/** What a migration did (or, in a dry run, would do). */
export interface MigrationSummary {
  readonly dryRun: boolean;
  readonly migrated: readonly MigratedEntry[];
  /** Entries already in the new format. */
  readonly skipped: readonly SkippedEntry[];
  /** Files left untouched, with the reason. */
  readonly errors: readonly MigrationProblem[];
  /** Markdown files that are not entries (no old header and no id in the name). */
  readonly ignored: readonly string[];
  /** Index notes created or extended with `## Hot` links. */
  readonly indexUpdates: readonly Omit<IndexUpdate, "text">[];
  /** The migration's commit, or null (dry run, no git, commit disabled, or nothing changed). */
  readonly commit: string | null;
}

const READ_CONCURRENCY = 16;

/**
 * Migrates every old-format entry under the persistence root.
 *
 * @returns The summary; Err only when the tree cannot be listed or the final commit fails
 *   (files that cannot be read or written are reported in `errors` and the run goes on).
 * @example
 * ```ts
 * import * as fs from "node:fs";
 * const summary = await migrateToV2({ persistence: fsPersistence({ fs, root }), git: gitCli({ dir: root }), dryRun: true });
 * if (summary.isOk()) summary.value.migrated.length; // how many entries a real run migrates
 * ```
 */
export function migrateToV2(
  options: MigrateToV2Options,
): ResultAsync<MigrationSummary, PersistenceError | GitError> {
  return new ResultAsync(run(options));
}

async function run(
  options: MigrateToV2Options,
): Promise<Result<MigrationSummary, PersistenceError | GitError>> {
  const { persistence } = options;
  const dryRun = options.dryRun === true;
  const listed = await persistence.list();
  if (listed.isErr()) return err(listed.error);
  const paths = listed.value.map((file) => file.path).filter(isCandidate);
  const readErrors: MigrationProblem[] = [];
  const read = await mapConcurrently(paths, READ_CONCURRENCY, async (path) => {
    const content = await persistence.read(path);
    if (content.isErr())
      readErrors.push({ path, reason: `could not read it: ${content.error.message}` });
    return content.isOk() ? { path, content: content.value } : undefined;
  });
  const files = read.filter((file): file is SourceFile => file !== undefined);
  const plan = planMigration(files);
  const contents = new Map(files.map((file) => [file.path, file.content]));

  const writeErrors: MigrationProblem[] = [];
  const done: PlannedMigration[] = [];
  for (const migration of plan.migrations) {
    const failure = dryRun ? undefined : await carryOut(persistence, migration);
    if (failure === undefined) done.push(migration);
    else writeErrors.push({ path: migration.from, reason: failure });
  }
  // Only entries that were really migrated get an index link.
  const indexUpdates = planIndexUpdates(done, (path) => contents.get(path));
  for (const update of dryRun ? [] : indexUpdates) {
    const written = await persistence.write(update.path, update.text);
    if (written.isErr())
      writeErrors.push({
        path: update.path,
        reason: `could not write the index note: ${written.error.message}`,
      });
  }

  const touched = [
    ...done.flatMap((m) => (m.from === m.to ? [m.to] : [m.from, m.to])),
    ...indexUpdates.map((update) => update.path),
  ];
  let commit: string | null = null;
  if (!dryRun && options.git !== undefined && options.commit !== false && touched.length > 0) {
    const message =
      options.commit ??
      `memory: migrate ${done.length} entr${done.length === 1 ? "y" : "ies"} to the v2 note format`;
    const committed = await options.git.commit(message, touched);
    if (committed.isErr()) {
      return err(
        new GitError(
          `Migrated ${done.length} entries, but the commit failed: ${committed.error.message} ` +
            "The files are migrated; commit them with git.",
          { cause: committed.error },
        ),
      );
    }
    commit = committed.value;
  }
  return ok({
    dryRun,
    migrated: done.map(({ from, to, id, title, tags, hot, droppedKeywords }) => ({
      from,
      to,
      id,
      title,
      tags,
      hot,
      droppedKeywords,
    })),
    skipped: plan.skipped,
    errors: [...plan.errors, ...readErrors, ...writeErrors].toSorted((a, b) =>
      a.path < b.path ? -1 : a.path > b.path ? 1 : 0,
    ),
    ignored: plan.ignored,
    indexUpdates: indexUpdates.map(({ path, created, added }) => ({ path, created, added })),
    commit,
  });
}

/**
 * Writes the new file, then removes the old one: a crash in between leaves both, which the
 * next run recognises and finishes; never neither.
 */
async function carryOut(
  persistence: Persistence,
  migration: PlannedMigration,
): Promise<string | undefined> {
  if (!migration.alreadyWritten) {
    const written = await persistence.write(migration.to, migration.markdown);
    if (written.isErr()) return `could not write ${migration.to}: ${written.error.message}`;
  }
  if (migration.from === migration.to) return undefined;
  const removed = await persistence.remove(migration.from);
  return removed.isErr()
    ? `wrote ${migration.to} but could not remove the old file: ${removed.error.message}`
    : undefined;
}

/** Markdown files, outside hidden folders (.git, .agent-memory, ...) and node_modules. */
function isCandidate(path: string): boolean {
  if (!path.toLowerCase().endsWith(".md")) return false;
  return path
    .split("/")
    .slice(0, -1)
    .every((folder) => !folder.startsWith(".") && folder !== "node_modules");
}
