/**
 * Importing another tool's memory (issue 34): a kind's reading of the source becomes notes of
 * this memory through the note tier's safe operations (each write under the memory lock,
 * atomic, updates as compare-and-swap), in ONE commit with the import record beside them.
 *
 * Stopped anywhere, a re-run finishes the job and duplicates nothing: the record is written
 * with every new note's id before the first note, so a re-run gives each key the id it had;
 * a note already holding what the import writes counts as done; and the commit takes every
 * note of the record, so what a stopped run wrote is committed by the run that finishes it.
 *
 * @module
 */
import { err, ok, ResultAsync, type Result } from "neverthrow";
import {
  GitError,
  InvalidInputError,
  LockError,
  PersistenceError,
  type MemoryError,
} from "../../errors.js";
import { generateId as randomId } from "../../model/id.js";
import { pathForStatus } from "../../model/layout.js";
import { buildFilename } from "../../model/filename.js";
import type { NotesMemory } from "../../notes/notes-memory.js";
import type { Persistence } from "../../ports/persistence.js";
import { importCommitMessage } from "./import-commit-message.js";
import { decide, type ImportAction, type ImportDecision } from "./import-decisions.js";
import type { ImportKind, SourceFile } from "./import-kind.js";
import { planImport } from "./import-plan.js";
import {
  importRecordPath,
  parseImportRecord,
  serializeImportRecord,
  type ImportRecord,
  type RecordedNote,
} from "./import-record.js";
import type { ImportFailure, ImportedNoteOutcome, ImportReport } from "./import-report.js";

/** Options of {@link importMemory}. */
export interface ImportMemoryOptions {
  /** The note tier the notes are written through (its lock, compare-and-swap and commit). */
  readonly memory: NotesMemory;
  /** The same memory root's files: the import record is read and written through it. */
  readonly persistence: Persistence;
  readonly kind: ImportKind;
  /** The source's files, as the kind wants them (`kind.pathIs`, `kind.wants`). */
  readonly files: readonly SourceFile[];
  /**
   * The source's name, which with the kind names its record: a re-import under the same name
   * updates, under another name makes new notes. The CLI passes PATH's base name. Default: the kind's name.
   */
  readonly source?: string;
  /** Where new notes go. Default "inbox": they wait for consolidation like captured notes. */
  readonly status?: "inbox" | "active";
  /** Plan only: read everything, write and commit nothing. */
  readonly dryRun?: boolean;
  /** Whether to commit (the memory needs git). Default true. */
  readonly commit?: boolean;
  /** The id source, for tests. Default: crypto-random ids. */
  readonly generateId?: () => string;
}

/** New notes written per hold of the memory lock. */
const CREATE_BATCH = 500;

const NO_COUNTS: Readonly<Record<ImportAction, number>> = {
  create: 0,
  update: 0,
  unchanged: 0,
  edited: 0,
  conflict: 0,
};

/**
 * Imports a source's notes into the memory.
 *
 * @returns The report; Err when the memory cannot be listed, the record is damaged, or a
 *   write fails for a reason other than the note's input (then the message says how many
 *   notes were written: run the same import again to finish).
 * @example
 * ```ts
 * import { importKinds, importMemory } from "agent-memory/migrate";
 * const kind = importKinds.find((k) => k.name === "obsidian");
 * const report = await importMemory({ memory, persistence, kind, files, dryRun: true });
 * if (report.isOk()) report.value.counts.create; // notes a real run creates
 * ```
 */
export function importMemory(options: ImportMemoryOptions): ResultAsync<ImportReport, MemoryError> {
  return new ResultAsync(run(options));
}

async function run(options: ImportMemoryOptions): Promise<Result<ImportReport, MemoryError>> {
  const { memory, persistence, kind } = options;
  const source = options.source ?? kind.name;
  const status = options.status ?? "inbox";
  const recordPath = importRecordPath(kind.name, source);
  const record = await readRecord(persistence, recordPath);
  if (record.isErr()) return err(record.error);
  const listed = await memory.list();
  if (listed.isErr()) return err(listed.error);
  const current = new Map(listed.value.map((meta) => [meta.id, meta]));
  const taken = new Set([
    ...current.keys(),
    ...Object.values(record.value?.notes ?? {}).map((n) => n.id),
  ]);
  const generate = options.generateId ?? (() => randomId());
  const freshId = (): string => {
    let id = generate();
    while (taken.has(id)) id = generate();
    taken.add(id);
    return id;
  };
  const plan = planImport(kind.read(options.files), { record: record.value, freshId });
  const decisions = plan.notes.map((note) => decide(note, current.get(note.id), record.value));

  const base = {
    dryRun: options.dryRun === true,
    kind: kind.name,
    source,
    status,
    record: recordPath,
    links: plan.links,
    splits: plan.splits,
    redactions: plan.notes
      .filter((note) => Object.keys(note.redacted).length > 0)
      .map((note) => ({ key: note.key, id: note.id, kinds: note.redacted })),
    problems: plan.problems,
  };
  if (options.dryRun === true) {
    const notes = decisions.map((d) =>
      outcome(d, current.get(d.note.id)?.path ?? pathForStatus(status, fileOf(d))),
    );
    return ok({ ...base, notes, counts: countActions(decisions), failed: [], commit: null });
  }

  // The ids first: a run stopped after this gives every key the same id again.
  const entries: Record<string, RecordedNote> = { ...record.value?.notes };
  const creates = decisions.filter((d) => d.action === "create");
  if (creates.some((d) => entries[d.note.key]?.id !== d.note.id)) {
    for (const d of creates) entries[d.note.key] = entryOf(d);
    const written = await writeRecord(persistence, recordPath, kind.name, source, entries);
    if (written.isErr()) return err(written.error);
  }

  const failed: ImportFailure[] = [];
  const done: ImportDecision[] = [];
  const touched = new Set<string>([recordPath]);
  const remember = (d: ImportDecision, hash?: string): void => {
    entries[d.note.key] = entryOf(d, hash);
  };
  // The new notes in batches: one lock and one listing per batch, not per note (n captures
  // would list a growing memory n times). A batch bounds how long other processes wait.
  let processed = 0;
  for (let at = 0; at < creates.length; at += CREATE_BATCH) {
    const batch = creates.slice(at, at + CREATE_BATCH);
    const captured = await memory.captureMany(
      batch.map((d) => ({
        input: { title: d.note.title, body: d.note.body, tags: d.note.tags },
        status,
        id: d.note.id,
      })),
    );
    if (captured.isErr()) return err(stopped(captured.error, processed, decisions.length));
    for (const [index, item] of captured.value.items.entries()) {
      const d = batch[index];
      if (d === undefined) continue;
      processed++;
      if ("refused" in item) {
        failed.push({ key: d.note.key, reason: item.refused.message });
        continue;
      }
      touched.add(item.note.path);
      done.push({ ...d, note: { ...d.note, hash: item.note.hash } });
      remember(d, item.note.hash);
    }
    if (captured.value.stopped !== undefined)
      return err(stopped(captured.value.stopped, processed, decisions.length));
  }
  for (const d of decisions) {
    if (d.action === "create") continue;
    const applied = await apply(memory, d, touched);
    if (applied.isErr()) {
      if (applied.error.code !== "INVALID_INPUT")
        return err(stopped(applied.error, processed, decisions.length));
      failed.push({ key: d.note.key, reason: applied.error.message });
      processed++;
      continue;
    }
    processed++;
    done.push(applied.value);
    if (applied.value.action === "update") remember(d, applied.value.note.hash);
    else if (applied.value.action === "unchanged") remember(d);
  }
  // The report in the source's order, the new notes having been written first.
  const order = new Map(decisions.map((d, index) => [d.note.key, index]));
  const byOrder = (a: { key: string }, b: { key: string }): number =>
    (order.get(a.key) ?? 0) - (order.get(b.key) ?? 0);
  done.sort((a, b) => byOrder(a.note, b.note));
  failed.sort(byOrder);
  const written = await writeRecord(persistence, recordPath, kind.name, source, entries);
  if (written.isErr()) return err(stopped(written.error, decisions.length, decisions.length));

  const after = await memory.list();
  if (after.isErr()) return err(after.error);
  const paths = new Map(after.value.map((meta) => [meta.id, meta.path]));
  const notes = done.map((d) => outcome(d, paths.get(d.note.id)));
  const report = { ...base, notes, counts: countActions(done), failed };
  if (options.commit === false) return ok({ ...report, commit: null });
  // Every note of the record, not only this run's writes: a run that finishes a stopped one
  // commits what that one wrote too, so the import is one commit either way.
  for (const entry of Object.values(entries)) {
    const path = paths.get(entry.id);
    if (path !== undefined) touched.add(path);
  }
  const committed = await memory.commit(importCommitMessage(report), [...touched].toSorted());
  if (committed.isErr())
    return ok({
      ...report,
      commit: null,
      notCommitted: `${committed.error.message} The notes are written but not committed; run the same import again (or commit them with git).`,
    });
  return ok({ ...report, commit: committed.value });
}

async function apply(
  memory: NotesMemory,
  d: ImportDecision,
  touched: Set<string>,
): Promise<Result<ImportDecision & { note: { hash: string } }, MemoryError>> {
  const { note } = d;
  if (d.action !== "update") return ok(d);
  const updated = await memory.update(
    note.id,
    { body: note.body, tags: note.tags },
    d.expectedHash === undefined ? {} : { expectedHash: d.expectedHash },
  );
  if (updated.isErr()) {
    // Changed between the listing and the write: an edit, left alone like any other.
    if (updated.error.code === "CONFLICT") return ok({ ...d, action: "conflict" });
    return err(updated.error);
  }
  touched.add(updated.value.path);
  let hash = updated.value.hash;
  if (updated.value.title !== note.title) {
    const renamed = await memory.rename(note.id, note.title);
    if (renamed.isErr()) return err(renamed.error);
    for (const file of renamed.value.files) touched.add(file);
    const read = await memory.read(note.id);
    if (read.isErr()) return err(read.error);
    hash = read.value.hash;
  }
  return ok({ ...d, note: { ...note, hash } });
}

async function readRecord(
  persistence: Persistence,
  path: string,
): Promise<Result<ImportRecord | undefined, MemoryError>> {
  const text = await persistence.read(path);
  if (text.isErr()) return text.error.code === "NOT_FOUND" ? ok(undefined) : err(text.error);
  const record = parseImportRecord(text.value);
  if (record !== undefined) return ok(record);
  return err(
    new InvalidInputError(
      `${path} is not an import record this version reads, so a re-import could not tell which notes it made before. ` +
        "Restore it from git (git checkout -- <path>), or move it away to import everything as new notes.",
    ),
  );
}

function writeRecord(
  persistence: Persistence,
  path: string,
  kind: ImportKind["name"],
  source: string,
  notes: Record<string, RecordedNote>,
) {
  return persistence.write(path, serializeImportRecord({ kind, source, notes }));
}

/** The error that stopped the run, its code kept, its message saying how to finish. */
function stopped(error: MemoryError, done: number, total: number): MemoryError {
  const message =
    `The import stopped after ${done} of ${total} notes: ${error.message} ` +
    "What it wrote is kept; run the same import again to finish it (nothing is imported twice).";
  if (error.code === "PERSISTENCE") return new PersistenceError(message, { cause: error });
  if (error.code === "GIT") return new GitError(message, { cause: error });
  if (error.code === "LOCKED") return new LockError(message, { cause: error });
  return error;
}

function outcome(d: ImportDecision, path: string | undefined): ImportedNoteOutcome {
  return {
    key: d.note.key,
    id: d.note.id,
    title: d.note.title,
    action: d.action,
    ...(path === undefined ? {} : { path }),
    file: d.note.source.file,
    ...(d.note.source.section === undefined ? {} : { section: d.note.source.section }),
  };
}

function fileOf(d: ImportDecision): string {
  return buildFilename(d.note.title, d.note.id);
}

function countActions(decisions: readonly ImportDecision[]): Record<ImportAction, number> {
  const counts = { ...NO_COUNTS };
  for (const d of decisions) counts[d.action]++;
  return counts;
}

/** The record entry of a note the import wrote (or found as it would write it). */
function entryOf(d: ImportDecision, note = d.note.hash): RecordedNote {
  return {
    id: d.note.id,
    file: d.note.source.file,
    ...(d.note.source.section === undefined ? {} : { section: d.note.source.section }),
    source: d.note.sourceHash,
    note,
  };
}
