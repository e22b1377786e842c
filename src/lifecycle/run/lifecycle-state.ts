import { type } from "arktype";
import { errAsync, okAsync, type ResultAsync } from "neverthrow";
import { PersistenceError } from "../../errors.js";
import type { Persistence } from "../../ports/persistence.js";

/** Where the lifecycle remembers when defrag last ran; committed with the memory. */
export const LIFECYCLE_STATE_PATH = "journal/lifecycle.json";

/** What decides whether defrag is due. */
export interface LifecycleState {
  /** Consolidations that consumed something since the last defrag. */
  readonly consolidationsSinceDefrag: number;
  /** When defrag last ran (ISO-8601), or null before the first one. */
  readonly lastDefragAt: string | null;
}

/** When defrag is due: after this many consolidations, or this many days, whichever comes first. */
export interface DefragSchedule {
  /** Default 5. */
  readonly consolidations?: number;
  /** Default 7. */
  readonly days?: number;
}

const stateSchema = type({
  consolidationsSinceDefrag: "number.integer >= 0",
  lastDefragAt: "string | null",
});
const EMPTY: LifecycleState = { consolidationsSinceDefrag: 0, lastDefragAt: null };

/** Reads the state; a missing file is the empty state, a corrupt one an error (never a silent reset). */
export function readLifecycleState(
  persistence: Persistence,
): ResultAsync<LifecycleState, PersistenceError> {
  return persistence
    .read(LIFECYCLE_STATE_PATH)
    .orElse((error) => (error.code === "NOT_FOUND" ? okAsync(undefined) : errAsync(error)))
    .andThen((text) => {
      if (text === undefined) return okAsync(EMPTY);
      let value: unknown;
      try {
        value = JSON.parse(text);
      } catch {
        value = undefined;
      }
      const checked = stateSchema(value);
      if (checked instanceof type.errors) {
        return errAsync(
          new PersistenceError(
            `${LIFECYCLE_STATE_PATH} is not valid; fix or delete it (defrag will then run on its schedule).`,
          ),
        );
      }
      return okAsync(checked);
    });
}

/** Writes the state atomically, in a stable key order. */
export function writeLifecycleState(
  persistence: Persistence,
  state: LifecycleState,
): ResultAsync<void, PersistenceError> {
  const text = `${JSON.stringify({ consolidationsSinceDefrag: state.consolidationsSinceDefrag, lastDefragAt: state.lastDefragAt }, null, 2)}\n`;
  return persistence.write(LIFECYCLE_STATE_PATH, text);
}

/** Whether defrag is due now. Before the first defrag only the consolidation count counts. */
export function defragDue(state: LifecycleState, schedule: DefragSchedule, now: number): boolean {
  const every = schedule.consolidations ?? 5;
  if (state.consolidationsSinceDefrag >= every) return true;
  if (state.lastDefragAt === null) return false;
  const days = (now - Date.parse(state.lastDefragAt)) / 86_400_000;
  return state.consolidationsSinceDefrag > 0 && days >= (schedule.days ?? 7);
}
