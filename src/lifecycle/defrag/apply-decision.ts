import { err, ok, type Result } from "neverthrow";
import type { NotesMemory } from "../../notes/notes-memory.js";
import type { MemoryError } from "../../errors.js";
import type { DefragAction, DefragDecision } from "./defrag-decision.js";
import { scrubNewText } from "../secret-scrubber.js";
import { splitStub } from "./dry-run-decision.js";
import { missingSentences } from "../../model/markdown/sentences.js";
import { replacedText } from "./action-checks.js";

/** What applying a decision changed. */
export interface AppliedDefrag {
  readonly applied: readonly DefragAction[];
  /** Ids created by splits. */
  readonly created: readonly string[];
  /** Every path written, moved or removed, for the commit. */
  readonly files: readonly string[];
  /** Body-changing actions left out because their notes changed since the decision and the new body would drop the newer text. */
  readonly skipped?: readonly DefragAction[];
  /** How many secrets the scrubber removed from the text the model wrote. */
  readonly redactions?: number;
}

/** Applies a validated decision through the safe operations only. */
export async function applyDecision(
  memory: NotesMemory,
  decision: DefragDecision,
  splitIds: (id: string, part: number) => string,
): Promise<Result<AppliedDefrag, MemoryError>> {
  const files = new Set<string>();
  const created: string[] = [];
  const applied: DefragAction[] = [];
  const skipped: DefragAction[] = [];
  // In the decision's order, which is the order the validator's dry run checked. The text
  // the model adds passes the secret scrubber, whatever the model did; the text it keeps
  // from the notes it rewrites is never touched.
  let redactions = 0;
  for (const proposed of decision.actions) {
    const current = await currentText(memory, proposed);
    if (current.isErr()) return err(current.error);
    if (!current.value.keeps) {
      skipped.push(proposed);
      continue;
    }
    const action = scrubAction(proposed, (text) => {
      const scrubbed = scrubNewText(text, current.value.originals);
      redactions += scrubbed.redacted.length;
      return scrubbed.text;
    });
    const done = await applyOne(memory, action, splitIds, created);
    if (done.isErr()) return err(done.error);
    for (const file of done.value) files.add(file);
    applied.push(action);
  }
  return ok({ applied, created, files: [...files].toSorted(), skipped, redactions });
}

/**
 * The validator checked the bodies as analysed; a person may have edited them since. A
 * body-changing action applies only if it still keeps every sentence of the notes now.
 */
async function currentText(
  memory: NotesMemory,
  action: DefragAction,
): Promise<Result<{ keeps: boolean; originals: string }, MemoryError>> {
  const ids =
    action.type === "merge"
      ? [action.target, ...action.sources]
      : "id" in action
        ? [action.id]
        : [];
  const notes = new Map<string, { id: string; body: string }>();
  for (const id of ids) {
    const note = await memory.read(id);
    if (note.isErr()) {
      if (note.error.code === "NOT_FOUND") continue;
      return err(note.error);
    }
    notes.set(id, { id, body: note.value.body });
  }
  const originals = [...notes.values()].map((note) => note.body).join("\n");
  const replaced = replacedText(action, notes);
  if (replaced === undefined) return ok({ keeps: true, originals });
  const keeps = replaced.originals.every(
    ({ body }) => missingSentences(body, replaced.kept).length === 0,
  );
  return ok({ keeps, originals });
}

async function applyOne(
  memory: NotesMemory,
  action: DefragAction,
  splitIds: (id: string, part: number) => string,
  created: string[],
): Promise<Result<readonly string[], MemoryError>> {
  switch (action.type) {
    case "rename": {
      const renamed = await memory.rename(action.id, action.title);
      return renamed.map((r) => r.files);
    }
    case "retag": {
      const updated = await memory.update(action.id, { tags: action.tags });
      return updated.map((meta) => [meta.path]);
    }
    case "relink": {
      const updated = await memory.update(action.id, { body: action.body });
      return updated.map((meta) => [meta.path]);
    }
    case "archive": {
      const moved = await memory.archive(action.id);
      return moved.map((m) => m.files);
    }
    case "merge": {
      const merged = await memory.merge(
        action.sources,
        action.target,
        action.body === undefined ? {} : { body: action.body },
      );
      return merged.map((m) => m.files);
    }
    case "split": {
      const paths: string[] = [];
      const parts: { id: string; title: string }[] = [];
      for (const [i, part] of action.parts.entries()) {
        const id = splitIds(action.id, i);
        const existing = await memory.read(id);
        // A part already there under its id (written earlier in this same run) is kept, not duplicated.
        if (existing.isErr()) {
          const captured = await memory.capture(
            { title: part.title, body: part.body, tags: part.tags },
            { status: "active", id },
          );
          if (captured.isErr()) return err(captured.error);
          paths.push(captured.value.path);
          created.push(id);
        }
        parts.push({ id, title: part.title });
      }
      // The original last: until then its inbound links still find the full text.
      const stub = await memory.update(action.id, { body: splitStub(parts) });
      if (stub.isErr()) return err(stub.error);
      return ok([...paths, stub.value.path]);
    }
  }
}

function scrubAction(action: DefragAction, clean: (text: string) => string): DefragAction {
  switch (action.type) {
    case "rename":
      return { ...action, title: clean(action.title) };
    case "relink":
      return { ...action, body: clean(action.body) };
    case "merge":
      return action.body === undefined ? action : { ...action, body: clean(action.body) };
    case "split":
      return {
        ...action,
        parts: action.parts.map((part) => ({
          ...part,
          title: clean(part.title),
          body: clean(part.body),
        })),
      };
    default:
      return action;
  }
}
