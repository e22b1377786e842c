import { InvalidInputError } from "../../errors.js";
import type { NoteSnapshot } from "../store/note-snapshot.js";

/** A note a change puts in a tier. */
export interface PlacedNote {
  readonly id: string;
  readonly tier: "hot" | "warm";
}

/**
 * Why `placed` may not be tiered, or undefined: an archived note is never top of mind (move it
 * back first), and neither is a superseded one (its successor is the current note; tier that).
 * `archived`: whether archived notes are refused too (`promote`; `set` leaves them to its caller,
 * defrag, which screens them itself).
 *
 * @example
 * ```ts
 * const refused = tierRefusal(snapshot, [{ id: "id__Kf9mNp", tier: "hot" }], { archived: true });
 * ```
 */
export function tierRefusal(
  snapshot: Pick<NoteSnapshot, "byId">,
  placed: readonly PlacedNote[],
  refuse: { readonly archived: boolean },
): InvalidInputError | undefined {
  for (const { id, tier } of placed) {
    const stored = snapshot.byId.get(id)?.[0];
    if (stored === undefined) continue;
    const { note } = stored;
    if (refuse.archived && stored.status === "archived") {
      return new InvalidInputError(
        `${note.id} ("${note.title}") is archived, and an archived note is never top of mind: ` +
          `move it back first (memory move ${note.id} active), then tier it. index.md was not changed.`,
      );
    }
    const successor = stored.supersededBy;
    if (successor !== undefined) {
      const current = snapshot.byId.get(successor)?.[0]?.note.title;
      const named = current === undefined ? successor : `${successor} ("${current}")`;
      return new InvalidInputError(
        `${note.id} ("${note.title}") is superseded by ${named}, and a superseded note is never ` +
          `top of mind: tier the current note instead (memory tier ${successor} ${tier}). ` +
          `index.md was not changed.`,
      );
    }
  }
  return undefined;
}
