import { err, ok, type Result } from "neverthrow";
import type { MemoryError } from "../../errors.js";
import type { Persistence } from "../../ports/persistence.js";
import { JOURNAL_FOLDERS, randomSuffix, REASON_SUFFIX } from "../journal/journal-paths.js";

/**
 * Sets a saved plan aside in `journal/invalid/run-<key>.json` with a reason file beside it
 * (`memory journal list` shows both), so a plan that cannot be written is never resumed
 * forever. The reason is written first: a crash between the two leaves the plan where it
 * was, never in invalid/ without its reason. Resolves to the new path.
 */
export async function quarantinePlan(
  persistence: Persistence,
  path: string,
  reason: string,
  at: string,
): Promise<Result<string, MemoryError>> {
  const name = path.slice(path.lastIndexOf("/") + 1).replace(/\.json$/, "");
  const existing = await persistence.list(JOURNAL_FOLDERS.invalid);
  if (existing.isErr()) return err(existing.error);
  const taken = new Set(existing.value.map((file) => file.path));
  const base = `run-${name}`;
  const id = taken.has(`${JOURNAL_FOLDERS.invalid}/${base}.json`)
    ? `${base}-${randomSuffix()}`
    : base;
  const wrote = await persistence.write(
    `${JOURNAL_FOLDERS.invalid}/${id}${REASON_SUFFIX}`,
    `${reason}\n\nQuarantined from ${path} at ${at}. The notes it wrote before stopping are kept; ` +
      `its journal entries stay pending and the next run asks the model again. Read the plan, ` +
      `apply by hand what you want of it, then delete both files.\n`,
  );
  if (wrote.isErr()) return err(wrote.error);
  const target = `${JOURNAL_FOLDERS.invalid}/${id}.json`;
  const moved = await persistence.move(path, target);
  if (moved.isErr() && moved.error.code !== "NOT_FOUND") return err(moved.error);
  return ok(target);
}
