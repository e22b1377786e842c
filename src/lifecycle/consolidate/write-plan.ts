import { err, ok, type Result } from "neverthrow";
import type { NotesMemory } from "../../notes/notes-memory.js";
import type { MemoryError } from "../../errors.js";
import { NEW_NOTE_LINK } from "./consolidation-answer.js";
import type { ConsolidationPlan, PlannedInboxAction } from "./consolidation-plan.js";
import { scrubSecrets } from "../secret-scrubber.js";

/** What writing a plan changed. */
export interface WriteSummary {
  /** Ids of the notes created. */
  readonly created: readonly string[];
  /** Ids of the existing notes rewritten. */
  readonly updated: readonly string[];
  /** What happened to each inbox note decided on. */
  readonly inbox: readonly PlannedInboxAction[];
  /** Every path written, moved or removed, for the commit. */
  readonly files: readonly string[];
  /** How many secrets the scrubber removed. */
  readonly redactions: number;
}

/**
 * Writes a validated plan through the memory's safe operations: creates (under the ids the
 * run assigned, so a re-run writes the same notes), updates (a changed title is a rename),
 * then the inbox decisions (merge, archive). Every title and body passes the secret
 * scrubber first. Links to `new:<key>` become links to the created ids. A note that exists
 * already under its planned id (a re-run after a crash) is updated, never duplicated.
 */
export async function writePlan(
  memory: NotesMemory,
  plan: ConsolidationPlan,
  ids: Readonly<Record<string, string>>,
): Promise<Result<WriteSummary, MemoryError>> {
  const files = new Set<string>();
  let redactions = 0;
  const clean = (text: string): string => {
    const scrubbed = scrubSecrets(
      text.replace(NEW_NOTE_LINK, (match, key: string, tail: string) => {
        const id = ids[key];
        return id === undefined ? match : `[[${id}${tail}`;
      }),
    );
    redactions += scrubbed.redacted.length;
    return scrubbed.text;
  };
  const created: string[] = [];
  const updated: string[] = [];

  const rewrite = async (id: string, title: string, tags: readonly string[], body: string) => {
    const current = await memory.read(id);
    if (current.isErr()) return err(current.error);
    if (current.value.title !== title) {
      const renamed = await memory.rename(id, title);
      if (renamed.isErr()) return err(renamed.error);
      for (const file of renamed.value.files) files.add(file);
    }
    const written = await memory.update(id, { body, tags });
    if (written.isErr()) return err(written.error);
    files.add(written.value.path);
    return ok(undefined);
  };

  for (const note of plan.creates) {
    const id = ids[note.key];
    if (id === undefined) continue;
    const title = clean(note.title);
    const body = clean(note.body);
    const exists = await memory.read(id);
    if (exists.isOk()) {
      const done = await rewrite(id, title, note.tags, body);
      if (done.isErr()) return err(done.error);
    } else {
      const captured = await memory.capture(
        { title, body, tags: note.tags },
        { status: "active", id },
      );
      if (captured.isErr()) return err(captured.error);
      files.add(captured.value.path);
    }
    created.push(id);
  }
  for (const note of plan.updates) {
    const done = await rewrite(note.id, clean(note.title), note.tags, clean(note.body));
    if (done.isErr()) return err(done.error);
    updated.push(note.id);
  }
  for (const decision of plan.inbox) {
    const applied = await applyInboxDecision(memory, decision, ids);
    if (applied.isErr()) return err(applied.error);
    for (const file of applied.value) files.add(file);
  }
  return ok({
    created,
    updated,
    // The ids the decisions resolved to, not the model's temporary keys.
    inbox: plan.inbox.map((decision) => {
      const key = decision.into?.startsWith("new:") === true ? decision.into.slice(4) : undefined;
      const id = key === undefined ? undefined : ids[key];
      return id === undefined ? decision : { ...decision, into: id };
    }),
    files: [...files].toSorted(),
    redactions,
  });
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
  if (decision.action === "archive") {
    const moved = await memory.archive(decision.id);
    return moved.isErr() ? err(moved.error) : ok(moved.value.files);
  }
  const into =
    decision.into?.startsWith("new:") === true ? ids[decision.into.slice(4)] : decision.into;
  if (into === undefined) return ok([]);
  const merged = await memory.merge([decision.id], into);
  if (merged.isErr()) return err(merged.error);
  // The merged text came from the inbox note: scrub the result like everything else written.
  const target = await memory.read(into);
  if (target.isErr()) return err(target.error);
  const scrubbed = scrubSecrets(target.value.body);
  if (scrubbed.redacted.length > 0) {
    const rewritten = await memory.update(into, { body: scrubbed.text });
    if (rewritten.isErr()) return err(rewritten.error);
  }
  return ok(merged.value.files);
}
