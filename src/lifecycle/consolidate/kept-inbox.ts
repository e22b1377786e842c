import { type } from "arktype";
import { err, ok, type Result } from "neverthrow";
import type { MemoryError } from "../../errors.js";
import type { Persistence } from "../../ports/persistence.js";

/** Where the inbox notes the model chose to keep are remembered, with the version it saw. */
export const KEPT_INBOX_PATH = "journal/kept.json";

/** A kept note is shown to the model again after this long even if unchanged: 7 days. */
export const KEPT_RECHECK_MS = 7 * 86_400_000;

const keptSchema = type({ "[string]": { hash: "string", at: "number" } });

/** Kept inbox notes by id: the version the model decided on, and when (epoch ms). */
export type KeptInbox = Readonly<Record<string, { readonly hash: string; readonly at: number }>>;

/**
 * The kept notes on record. A missing or unreadable record is empty: the cost is one more
 * question to the model, never a wrong answer.
 */
export async function readKept(persistence: Persistence): Promise<Result<KeptInbox, MemoryError>> {
  const text = await persistence.read(KEPT_INBOX_PATH);
  if (text.isErr()) return text.error.code === "NOT_FOUND" ? ok({}) : err(text.error);
  try {
    const checked = keptSchema(JSON.parse(text.value));
    return ok(checked instanceof type.errors ? {} : checked);
  } catch {
    return ok({});
  }
}

/** Whether an inbox note can skip this run: kept at this very version, recently. */
export function stillKept(kept: KeptInbox, id: string, hash: string, now: number): boolean {
  const record = kept[id];
  return record !== undefined && record.hash === hash && now - record.at < KEPT_RECHECK_MS;
}

/**
 * Records this run's keep decisions and forgets notes no longer in the inbox. Resolves to
 * whether the file changed (so the run's commit includes it).
 */
export async function recordKept(
  persistence: Persistence,
  keeps: Readonly<Record<string, string>>,
  inboxIds: ReadonlySet<string>,
  now: number,
): Promise<Result<boolean, MemoryError>> {
  const current = await readKept(persistence);
  if (current.isErr()) return err(current.error);
  const next: Record<string, { hash: string; at: number }> = {};
  for (const [id, record] of Object.entries(current.value)) if (inboxIds.has(id)) next[id] = record;
  for (const [id, hash] of Object.entries(keeps)) next[id] = { hash, at: now };
  const text = serialize(next);
  if (serialize(current.value) === text) return ok(false);
  const written = await persistence.write(KEPT_INBOX_PATH, text);
  return written.isErr() ? err(written.error) : ok(true);
}

/** Sorted by id: the same record, the same bytes. */
function serialize(kept: KeptInbox): string {
  const sorted = Object.fromEntries(Object.entries(kept).toSorted(([a], [b]) => (a < b ? -1 : 1)));
  return `${JSON.stringify(sorted, null, 2)}\n`;
}
