/**
 * The order a run writes its new notes in: a note after every new note it links to, so a run
 * stopped between two creates leaves no link to a note not yet written (issue 28). Links in a
 * cycle cannot all point backwards: those notes keep the plan's order, and the re-run (which
 * resumes the saved plan) writes the rest.
 */
import { NEW_NOTE_LINK } from "./consolidation-answer.js";
import type { PlannedCreate } from "./consolidation-plan.js";

/**
 * `creates` ordered so link targets come first (depth-first, stable for unrelated notes).
 *
 * @example
 * ```ts
 * creationOrder([{ key: "a", body: "See [[new:b|b]]." ... }, { key: "b", ... }]); // [b, a]
 * ```
 */
export function creationOrder(creates: readonly PlannedCreate[]): PlannedCreate[] {
  const byKey = new Map(creates.map((create) => [create.key, create]));
  const ordered: PlannedCreate[] = [];
  const state = new Map<string, "visiting" | "done">();
  const visit = (create: PlannedCreate): void => {
    if (state.has(create.key)) return; // done, or a cycle back to a note being visited
    state.set(create.key, "visiting");
    for (const match of create.body.matchAll(NEW_NOTE_LINK)) {
      const target = byKey.get(match[1] ?? "");
      if (target !== undefined) visit(target);
    }
    state.set(create.key, "done");
    ordered.push(create);
  };
  for (const create of creates) visit(create);
  return ordered;
}
