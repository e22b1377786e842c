/**
 * Applying a plan's supersede ops: each marks its old note with the supersession line
 * (`memory.supersede`, no commit of its own: the run's commit takes the file). A mark the
 * memory refuses (the note is already superseded by another, a loop, an archived or missing
 * successor) is reported as a refusal and the run goes on; the same mark again writes nothing,
 * so a resumed run does not mark twice.
 */
import { err, ok, type Result } from "neverthrow";
import type { MemoryError } from "../../errors.js";
import type { NotesMemory } from "../../notes/notes-memory.js";
import type { PlannedSupersede, PlanRefusal } from "./supersede-plan.js";

/** A supersede that was applied: `id` is now marked as replaced by `by`. */
export interface AppliedSupersede {
  readonly id: string;
  readonly by: string;
  readonly date: string;
  readonly reason?: string;
}

/** Codes of a refusal the memory gives for one mark: that op is refused, the run goes on. */
const REFUSALS = new Set(["CONFLICT", "INVALID_INPUT", "NOT_FOUND"]);

/**
 * Marks every planned old note; `ids` resolves `new:<key>` successors.
 *
 * @example
 * ```ts
 * const done = await writeSupersedes(memory, plan.supersedes ?? [], ids, files);
 * ```
 */
export async function writeSupersedes(
  memory: NotesMemory,
  supersedes: readonly PlannedSupersede[],
  ids: Readonly<Record<string, string>>,
  files: Set<string>,
): Promise<Result<{ applied: AppliedSupersede[]; refused: PlanRefusal[] }, MemoryError>> {
  const applied: AppliedSupersede[] = [];
  const refused: PlanRefusal[] = [];
  for (const [i, op] of supersedes.entries()) {
    const by = op.by.startsWith("new:") ? ids[op.by.slice(4)] : op.by;
    if (by === undefined) continue;
    const marked = await memory.supersede(op.id, by, {
      ...(op.reason === undefined ? {} : { reason: op.reason }),
      ...(op.date === undefined ? {} : { date: op.date }),
    });
    if (marked.isErr()) {
      if (!REFUSALS.has(marked.error.code)) return err(marked.error);
      refused.push({
        where: `supersede[${i}]`,
        op: "supersede",
        id: op.id,
        rule: "refused",
        reason: marked.error.message,
      });
      continue;
    }
    if (marked.value.changed) files.add(marked.value.path);
    applied.push({
      id: op.id,
      by,
      date: marked.value.date,
      ...(marked.value.reason === undefined ? {} : { reason: marked.value.reason }),
    });
  }
  return ok({ applied, refused });
}
