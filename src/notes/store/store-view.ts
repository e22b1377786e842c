import { okAsync, ResultAsync } from "neverthrow";
import { PersistenceError } from "../../errors.js";
import type { Freshness, LookStart } from "./freshness.js";
import type { NoteFacts } from "./note-facts.js";
import type { Snapshot } from "./note-snapshot.js";

/**
 * One view of the store: shares a refresh already in flight for the same generation when the
 * freshness mode allows (never one begun before a change it was told of), and reuses the last
 * snapshot while the mode allows and nothing was written since.
 */
export function createView<N extends NoteFacts>(
  freshness: Freshness,
  generation: () => number,
  build: () => Promise<Snapshot<N>>,
): () => ResultAsync<Snapshot<N>, PersistenceError> {
  let inFlight:
    | {
        generation: number;
        look: LookStart;
        result: ResultAsync<Snapshot<N>, PersistenceError>;
      }
    | undefined;
  // Each view keeps its own look: another view's newer look says nothing about this snapshot.
  let last: { generation: number; snapshot: Snapshot<N>; look: LookStart } | undefined;
  const lookOrReuse = (): ResultAsync<Snapshot<N>, PersistenceError> => {
    if (last !== undefined && last.generation === generation() && freshness.canReuse(last.look)) {
      return okAsync(last.snapshot);
    }
    if (
      inFlight !== undefined &&
      inFlight.generation === generation() &&
      freshness.mayJoin(inFlight.look)
    ) {
      return inFlight.result;
    }
    const startedAt = generation();
    const look = freshness.startLook();
    const result = ResultAsync.fromPromise(build(), asPersistenceError).andTee((snapshot) => {
      last = { generation: startedAt, snapshot, look };
    });
    const entry = { generation: startedAt, look, result };
    inFlight = entry;
    const clear = () => {
      if (inFlight === entry) inFlight = undefined;
    };
    return result.andTee(clear).orTee(clear);
  };
  const { settled } = freshness;
  if (settled === undefined) return lookOrReuse;
  return () => ResultAsync.fromSafePromise(settled()).andThen(lookOrReuse);
}

/** A scan's failure as a PersistenceError. */
export function asPersistenceError(error: unknown): PersistenceError {
  return error instanceof PersistenceError
    ? error
    : new PersistenceError(`Could not scan the memory's notes: ${String(error)}`, { cause: error });
}
