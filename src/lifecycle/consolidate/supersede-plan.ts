/**
 * The `supersede` part of a consolidation answer: "this shown note no longer holds; that note
 * (one the answer creates, or one shown) replaces it". Each op is checked on its own: one the
 * prompt does not justify is refused with its rule and reason, and the rest of the answer is
 * applied (issue 31: refusals one action at a time). Applying marks the old note with the
 * file format's supersession line (model/supersession/supersession.ts); its text stays.
 */
import { isValidId } from "../../model/id.js";
import { isIsoDate } from "../../model/supersession/supersession.js";

/** A supersede op as the model wrote it (shape checked by the answer schema). */
export interface SupersedeOp {
  /** The note that no longer holds. */
  readonly id: string;
  /** What replaces it: `new:<key>` of a note this answer creates, or a shown note's id. */
  readonly by: string;
  readonly reason?: string;
  /** `YYYY-MM-DD`: when the session says it changed. */
  readonly date?: string;
}

/** A supersede the plan will apply; `by` is an id or `new:<key>`. */
export interface PlannedSupersede {
  readonly id: string;
  readonly by: string;
  readonly reason?: string;
  readonly date?: string;
}

/** An op of the answer that was refused, and why; the rest of the answer still applies. */
export interface PlanRefusal {
  /** Where in the answer: `supersede[0]`. */
  readonly where: string;
  readonly op: "supersede";
  /** The note the op was about. */
  readonly id: string;
  /** The rule it broke: `not-shown`, `successor-unknown`, `self`, `twice`, `bad-date`, `bad-reason`, and at write time `refused`. */
  readonly rule: string;
  readonly reason: string;
}

/** What the ops are checked against. */
export interface SupersedeScope {
  /** Ids the prompt showed (whole or cut); undefined: every updatable note counts as shown. */
  readonly shownIds: ReadonlySet<string> | undefined;
  readonly updatableIds: ReadonlySet<string>;
  /** Keys of the notes the answer creates. */
  readonly keys: ReadonlySet<string>;
}

/**
 * Splits the ops into those to apply and those refused.
 *
 * @example
 * ```ts
 * checkSupersedes([{ id: "id__Old001", by: "new:cache" }], { shownIds: new Set(["id__Old001"]), updatableIds, keys: new Set(["cache"]) });
 * // { planned: [{ id: "id__Old001", by: "new:cache" }], refused: [] }
 * ```
 */
export function checkSupersedes(
  ops: readonly SupersedeOp[],
  scope: SupersedeScope,
): { planned: PlannedSupersede[]; refused: PlanRefusal[] } {
  const planned: PlannedSupersede[] = [];
  const refused: PlanRefusal[] = [];
  const seen = new Set<string>();
  const shown = (id: string) =>
    isValidId(id) &&
    scope.updatableIds.has(id) &&
    (scope.shownIds === undefined || scope.shownIds.has(id));
  for (const [i, op] of ops.entries()) {
    const refuse = (rule: string, reason: string) =>
      refused.push({ where: `supersede[${i}]`, op: "supersede", id: op.id, rule, reason });
    const key = op.by.startsWith("new:") ? op.by.slice(4) : undefined;
    if (!shown(op.id)) {
      refuse(
        "not-shown",
        `${op.id} was not shown in this prompt, so the model cannot know it no longer holds.`,
      );
    } else if (key === undefined ? !shown(op.by) : !scope.keys.has(key)) {
      refuse(
        "successor-unknown",
        `"${op.by}" is neither a note shown in this prompt nor "new:<key>" of a note the answer creates.`,
      );
    } else if (op.by === op.id) {
      refuse("self", `${op.id} cannot supersede itself.`);
    } else if (seen.has(op.id)) {
      refuse("twice", `${op.id} is superseded twice in one answer; one successor only.`);
    } else if (op.date !== undefined && !isIsoDate(op.date)) {
      refuse("bad-date", `"${op.date}" is not a date (YYYY-MM-DD).`);
    } else if (op.reason !== undefined && /[\r\n]/.test(op.reason)) {
      refuse("bad-reason", "the reason must be one line.");
    } else {
      seen.add(op.id);
      planned.push({
        id: op.id,
        by: key === undefined ? op.by : `new:${key}`,
        ...(op.reason === undefined || op.reason.trim() === "" ? {} : { reason: op.reason.trim() }),
        ...(op.date === undefined ? {} : { date: op.date }),
      });
    }
  }
  return { planned, refused };
}
