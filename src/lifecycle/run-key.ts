import { createHash } from "node:crypto";

const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

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
 * The id a run gives the note it creates under `key`: derived from the run's seed (see
 * {@link idSeed}), so a re-run creates the same ids. `attempt` moves to the next candidate when
 * an id is taken.
 */
export function plannedId(run: string, key: string, attempt = 0): string {
  const digest = createHash("sha256").update(`${run}\n${key}\n${attempt}`).digest();
  let body = "";
  for (let i = 0; body.length < 6 && i < digest.length; i++) {
    const byte = digest[i] ?? 0;
    // 248 = 4 x 62: bytes above it would make some characters likelier than others.
    if (byte < 248) body += BASE62[byte % 62];
  }
  return `id__${body.padEnd(6, "0")}`;
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
