import { createHash } from "node:crypto";
import { generateId } from "../model/id.js";

/**
 * The key of a consolidation run: a digest of what it consumes (journal entry ids and
 * session-log sections). A run that stopped midway and runs again over the same input gets
 * the same key, finds the plan it saved, and writes the same notes under the same ids
 * instead of asking the model again and creating duplicates.
 *
 * @example
 * ```ts
 * runKey(["2026-11-22T10-00-00-000Z-ab12"]) === runKey(["2026-11-22T10-00-00-000Z-ab12"]); // true
 * ```
 */
export function runKey(consumed: readonly string[]): string {
  return createHash("sha256")
    .update([...consumed].toSorted().join("\n"))
    .digest("hex")
    .slice(0, 16);
}

/**
 * The id a run gives the note it creates under `key`: the model's generator fed by a digest
 * of the run's seed (see {@link idSeed}) instead of random bytes, so a re-run creates the same
 * ids, of the width new ids have. `attempt` moves to the next candidate when an id is taken.
 */
export function plannedId(run: string, key: string, attempt = 0): string {
  return generateId(digestBytes(`${run}\n${key}\n${attempt}`));
}

/**
 * A byte source replaying the SHA-256 digest of `seed`, then of `seed` and a counter for as
 * long as the generator asks: the bytes a run's ids are drawn from.
 */
function digestBytes(seed: string): (n: number) => Uint8Array {
  let block = 0;
  let digest = createHash("sha256").update(seed).digest();
  let at = 0;
  return (n) => {
    const bytes = new Uint8Array(n);
    for (let i = 0; i < n; i++) {
      if (at === digest.length) {
        digest = createHash("sha256").update(`${seed}\n${++block}`).digest();
        at = 0;
      }
      bytes[i] = digest[at++] ?? 0;
    }
    return bytes;
  };
}

/**
 * The seed a run's ids derive from: the run key, and the run's random salt when it has one, so
 * the same run resumed in one clone makes the same ids and two clones never make the same.
 *
 * @example idSeed("a1b2c3d4e5f6a7b8", "Xy12Ab34Cd56") // "a1b2c3d4e5f6a7b8:Xy12Ab34Cd56"
 */
export function idSeed(run: string, salt: string | undefined): string {
  return salt === undefined ? run : `${run}:${salt}`;
}
