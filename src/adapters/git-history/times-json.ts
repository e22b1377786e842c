/**
 * Id-keyed times as the persisted walks of both git adapters write them: `{ id: [createdAt,
 * updatedAt] }` sorted by id, read back only when every entry is well formed.
 */
import type { CommittedTimes } from "../../ports/git.js";
import type { TimesById } from "./committed-times.js";
import { isValidId } from "../../model/id.js";

/**
 * The JSON value of `times`.
 *
 * @example
 * ```ts
 * timesToJson(new Map([["id__Kf9mNp", { createdAt: 1, updatedAt: 2 }]])); // { id__Kf9mNp: [1, 2] }
 * ```
 */
export function timesToJson(times: TimesById): Record<string, readonly [number, number]> {
  const json: Record<string, readonly [number, number]> = {};
  for (const id of [...times.keys()].toSorted()) {
    const at = times.get(id);
    if (at !== undefined) json[id] = [at.createdAt, at.updatedAt];
  }
  return json;
}

/**
 * The times in a parsed JSON value, or undefined when any entry is not as written.
 *
 * @example
 * ```ts
 * timesFromJson({ id__Kf9mNp: [1, 2] })?.get("id__Kf9mNp"); // { createdAt: 1, updatedAt: 2 }
 * ```
 */
export function timesFromJson(value: unknown): TimesById | undefined {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return undefined;
  const byId: TimesById = new Map<string, CommittedTimes>();
  for (const [id, entry] of Object.entries(value)) {
    if (!isValidId(id) || !Array.isArray(entry) || entry.length !== 2) return undefined;
    const [createdAt, updatedAt]: unknown[] = entry;
    if (!isTime(createdAt) || !isTime(updatedAt) || createdAt > updatedAt) return undefined;
    byId.set(id, { createdAt, updatedAt });
  }
  return byId;
}

function isTime(value: unknown): value is number {
  return typeof value === "number" && Number.isFinite(value);
}
