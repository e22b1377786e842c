import { replaceLink, unlinkId } from "../../model/link-rewrite.js";
import type { NoteStatus } from "../../model/layout.js";
import type { DefragAction } from "./defrag-decision.js";

/** A note as the dry run sees it. */
export interface SimNote {
  readonly id: string;
  readonly title: string;
  readonly tags: readonly string[];
  readonly body: string;
  readonly status: NoteStatus;
}

/** The body a split leaves in the original note: a short note linking to every part. */
export function splitStub(
  parts: readonly { readonly id: string; readonly title: string }[],
): string {
  return `Split into:\n\n${parts.map((p) => `- [[${p.id}|${p.title.replace(/\]\]/g, "] ]")}]]`).join("\n")}`;
}

/** The merged body a merge writes when the decision gives none (as memory.merge does). */
export function mergedBody(target: SimNote, sources: readonly SimNote[]): string {
  return [target.body, ...sources.map((s) => `## ${s.title}\n\n${s.body}`)]
    .filter((part) => part !== "")
    .join("\n\n");
}

/** The state a dry run changes: every note by id and the index note's body. */
export interface SimState {
  readonly notes: Map<string, SimNote>;
  indexBody: string;
}

/**
 * Applies one action to the state, in place, as the real operation would: the validator
 * checks each action against the state the actions kept before it leave. `splitIds(id, i)`
 * gives the id of part i of a split of `id`.
 */
export function simulate(
  state: SimState,
  action: DefragAction,
  splitIds: (id: string, part: number) => string,
): void {
  const sim = state.notes;
  const repointEverywhere = (from: string, to: string) => {
    for (const [id, note] of sim) {
      const body = replaceLink(note.body, from, to);
      if (body !== note.body) sim.set(id, { ...note, body });
    }
    state.indexBody = replaceLink(state.indexBody, from, to);
  };
  const note = "id" in action ? sim.get(action.id) : undefined;
  switch (action.type) {
    case "rename":
      if (note !== undefined) sim.set(action.id, { ...note, title: action.title });
      break;
    case "retag":
      if (note !== undefined) sim.set(action.id, { ...note, tags: action.tags });
      break;
    case "relink":
      if (note !== undefined) sim.set(action.id, { ...note, body: action.body });
      break;
    case "archive":
      if (note !== undefined) sim.set(action.id, { ...note, status: "archived" });
      break;
    case "split": {
      if (note === undefined) break;
      const parts = action.parts.map((part, i) => ({ ...part, id: splitIds(action.id, i) }));
      for (const part of parts)
        sim.set(part.id, { ...part, status: note.status === "archived" ? "archived" : "active" });
      sim.set(action.id, { ...note, body: splitStub(parts) });
      break;
    }
    case "merge": {
      const target = sim.get(action.target);
      const sources = action.sources
        .map((id) => sim.get(id))
        .filter((s): s is SimNote => s !== undefined);
      if (target === undefined) break;
      sim.set(action.target, { ...target, body: action.body ?? mergedBody(target, sources) });
      for (const source of sources) {
        sim.delete(source.id);
        repointEverywhere(source.id, action.target);
      }
      // As memory.merge does: links that now point at the target from itself become words.
      const merged = sim.get(action.target);
      if (merged !== undefined)
        sim.set(action.target, { ...merged, body: unlinkId(merged.body, merged.id, merged.title) });
      break;
    }
  }
}
