import { err, ok, type Result } from "neverthrow";
import type { NotesMemory } from "../../notes/notes-memory.js";
import type { MemoryError } from "../../errors.js";
import { plannedId } from "../run-key.js";
import { NEW_NOTE_LINK } from "./consolidation-answer.js";
import type { ConsolidationPlan, PlannedInboxAction, PlannedUpdate } from "./consolidation-plan.js";
import { scrubNewText } from "../secret-scrubber.js";
import { creationOrder } from "./creation-order.js";
import type { PlanRefusal } from "./supersede-plan.js";
import { writeSupersedes, type AppliedSupersede } from "./write-supersedes.js";

/** A planned update that found its note changed: both texts are kept. */
export interface KeptConflict {
  /** The note the plan meant to rewrite (left as it is). */
  readonly id: string;
  /** The inbox note holding the model's version, linked to the original. */
  readonly keptAs: string;
}

/** What writing a plan changed. */
export interface WriteSummary {
  /** Ids of the notes created. */
  readonly created: readonly string[];
  /** Ids of the existing notes rewritten or appended to. */
  readonly updated: readonly string[];
  /** What happened to each inbox note decided on. */
  readonly inbox: readonly PlannedInboxAction[];
  /** Every path written, moved or removed, for the commit. */
  readonly files: readonly string[];
  /** How many secrets the scrubber removed from the text this run added. */
  readonly redactions: number;
  /** Updates not applied because their note changed since the prompt showed it. */
  readonly conflicts?: readonly KeptConflict[];
  /** Notes marked as superseded by this run. */
  readonly superseded?: readonly AppliedSupersede[];
  /** Ops refused one by one: by validation (in the plan) and by the memory when applied. */
  readonly refused?: readonly PlanRefusal[];
  /**
   * Set when the plan was an interrupted run's, resumed: steps it finished are not written
   * again, so `files` misses them, and the commit takes every change (commitRun).
   */
  readonly resumed?: true;
}

/** What a plan is written with. */
export interface PlanWriting {
  /** The run key, named in the text of a conflict copy. */
  readonly run: string;
  /**
   * What conflict copies' ids derive from (the run key and its salt, see `idSeed`), so a
   * re-run makes none twice and another clone none the same.
   */
  readonly seed: string;
  /** The id each created note gets, by its key. */
  readonly ids: Readonly<Record<string, string>>;
  /** The version of each note as the prompt showed it. */
  readonly expected: Readonly<Record<string, string>>;
}

/**
 * Writes a validated plan through the memory's safe operations, safe to run again over its
 * own partial result and over newer text:
 * - a create whose id exists already (a re-run) is left as it is;
 * - an update is a compare-and-swap on the version the prompt showed: applied when the note
 *   is still that version, skipped when it already holds the planned body, and otherwise
 *   (a person or the plan's own merge changed it) left alone, with the model's version
 *   kept as a new inbox note linked to it;
 * - an append adds its section unless the note holds it already;
 * - inbox decisions (merge, archive) are idempotent.
 * Only the text the run adds passes the secret scrubber; text already in a note is never
 * touched. Links to `new:<key>` become links to the created ids; new notes are written after
 * the new notes they link to (creation-order.ts).
 */
export async function writePlan(
  memory: NotesMemory,
  plan: ConsolidationPlan,
  writing: PlanWriting,
): Promise<Result<WriteSummary, MemoryError>> {
  const { ids } = writing;
  const files = new Set<string>();
  let redactions = 0;
  const resolve = (text: string): string =>
    text.replace(NEW_NOTE_LINK, (match, key: string, tail: string) => {
      const id = ids[key];
      return id === undefined ? match : `[[${id}${tail}`;
    });
  const clean = (text: string, existing = ""): string => {
    const scrubbed = scrubNewText(resolve(text), existing);
    redactions += scrubbed.redacted.length;
    return scrubbed.text;
  };
  const created: string[] = [];
  const updated: string[] = [];
  const conflicts: KeptConflict[] = [];

  // Link targets first: a run stopped between two creates leaves no link dangling.
  for (const note of creationOrder(plan.creates)) {
    const id = ids[note.key];
    if (id === undefined) continue;
    const exists = await memory.read(id);
    if (exists.isErr()) {
      if (exists.error.code !== "NOT_FOUND") return err(exists.error);
      const captured = await memory.capture(
        { title: clean(note.title), body: clean(note.body), tags: note.tags },
        { status: "active", id },
      );
      if (captured.isErr()) return err(captured.error);
      files.add(captured.value.path);
    }
  }
  for (const note of plan.creates) {
    const id = ids[note.key];
    if (id !== undefined) created.push(id);
  }
  for (const note of plan.updates) {
    const done = await applyUpdate(memory, note, writing, clean, files);
    if (done.isErr()) return err(done.error);
    if (done.value === "applied") updated.push(note.id);
    else conflicts.push(done.value);
  }
  for (const section of plan.appends ?? []) {
    const current = await memory.read(section.id);
    if (current.isErr()) return err(current.error);
    const body = clean(section.body, current.value.body);
    if (!current.value.body.includes(body.trim())) {
      const appended = await memory.append(section.id, { body });
      if (appended.isErr()) return err(appended.error);
      files.add(appended.value.path);
    }
    updated.push(section.id);
  }
  // After the creates (a successor may be new), before the inbox merges move notes away.
  const marks = await writeSupersedes(memory, plan.supersedes ?? [], ids, files);
  if (marks.isErr()) return err(marks.error);
  for (const decision of plan.inbox) {
    const applied = await applyInboxDecision(memory, decision, ids);
    if (applied.isErr()) return err(applied.error);
    for (const file of applied.value) files.add(file);
  }
  return ok({
    created,
    updated: [...new Set(updated)],
    // The ids the decisions resolved to, not the model's temporary keys.
    inbox: plan.inbox.map((decision) => {
      const key = decision.into?.startsWith("new:") === true ? decision.into.slice(4) : undefined;
      const id = key === undefined ? undefined : ids[key];
      return id === undefined ? decision : { ...decision, into: id };
    }),
    files: [...files].toSorted(),
    redactions,
    conflicts,
    superseded: marks.value.applied,
    refused: [...(plan.refused ?? []), ...marks.value.refused],
  });
}

async function applyUpdate(
  memory: NotesMemory,
  note: PlannedUpdate,
  writing: PlanWriting,
  clean: (text: string, existing?: string) => string,
  files: Set<string>,
): Promise<Result<"applied" | KeptConflict, MemoryError>> {
  const current = await memory.read(note.id);
  if (current.isErr() && current.error.code !== "NOT_FOUND") return err(current.error);
  const existing = current.isOk() ? current.value.body : "";
  const title = clean(note.title, current.isOk() ? current.value.title : "");
  const body = clean(note.body, existing);
  const expected = writing.expected[note.id];
  if (current.isErr()) return keepBeside(memory, note, title, body, writing, files);
  // Compare-and-swap: written only over the version the prompt showed. A plan saved before
  // versions existed has none: never written blind.
  const written =
    expected === undefined
      ? undefined
      : await memory.update(note.id, { body, tags: note.tags }, { expectedHash: expected });
  if (written !== undefined && written.isErr() && written.error.code !== "CONFLICT")
    return err(written.error);
  if (written !== undefined && written.isOk()) files.add(written.value.path);
  // Changed since: by this very plan before an interruption (the note holds the planned
  // body, perhaps with a merged section after it), or by someone else (both texts kept).
  else if (!existing.includes(body.trim()))
    return keepBeside(memory, note, title, body, writing, files);
  if (current.value.title !== title) {
    const renamed = await memory.rename(note.id, title);
    if (renamed.isErr()) return err(renamed.error);
    for (const file of renamed.value.files) files.add(file);
  }
  return ok("applied");
}

/** The model's version of a note that changed meanwhile, as an inbox note linked to it. */
async function keepBeside(
  memory: NotesMemory,
  note: PlannedUpdate,
  title: string,
  body: string,
  writing: PlanWriting,
  files: Set<string>,
): Promise<Result<KeptConflict, MemoryError>> {
  const { run } = writing;
  const keptAs = plannedId(writing.seed, `conflict:${note.id}`);
  const exists = await memory.read(keptAs);
  if (exists.isOk()) return ok({ id: note.id, keptAs });
  if (exists.error.code !== "NOT_FOUND") return err(exists.error);
  const captured = await memory.capture(
    {
      title: `${title} (consolidation's version)`.slice(0, 200),
      body:
        `Consolidation run ${run} meant to rewrite [[${note.id}|${title.replace(/\]\]/g, "] ]")}]], ` +
        `but it had changed since the model read it, so it was left as it is. The model's version ` +
        `follows: merge what is worth keeping by hand, then archive this note.\n\n${body}`,
      tags: note.tags,
    },
    { status: "inbox", id: keptAs },
  );
  if (captured.isErr()) return err(captured.error);
  files.add(captured.value.path);
  return ok({ id: note.id, keptAs });
}

async function applyInboxDecision(
  memory: NotesMemory,
  decision: PlannedInboxAction,
  ids: Readonly<Record<string, string>>,
): Promise<Result<readonly string[], MemoryError>> {
  if (decision.action === "keep") return ok([]);
  // A re-run finds the inbox note already merged or archived: nothing left to do.
  const current = await memory.read(decision.id);
  if (current.isErr()) return current.error.code === "NOT_FOUND" ? ok([]) : err(current.error);
  if (current.value.status !== "inbox") return ok([]);
  if (decision.action === "archive") {
    const moved = await memory.archive(decision.id);
    return moved.isErr() ? err(moved.error) : ok(moved.value.files);
  }
  const into =
    decision.into?.startsWith("new:") === true ? ids[decision.into.slice(4)] : decision.into;
  if (into === undefined) return ok([]);
  // The inbox note's text is already in the memory: it moves as it is, never re-scrubbed.
  const merged = await memory.merge([decision.id], into);
  return merged.isErr() ? err(merged.error) : ok(merged.value.files);
}
