/**
 * Folding history into per-note times, shared by both git adapters so they agree exactly:
 * every path a commit touched counts for the note id its file name carries, and per id
 * the earliest author time is createdAt, the latest updatedAt. Because the key is the id
 * and not the path, a rename (new slug) or a move between folders keeps createdAt.
 */
import type { CommittedTimes } from "../../ports/git.js";
import { noteIdFromPath } from "./note-id-from-path.js";

/**
 * createdAt/updatedAt being accumulated, keyed by note id.
 *
 * @example
 * ```ts
 * const times: TimesById = new Map();
 * ```
 */
export type TimesById = Map<string, CommittedTimes>;

/**
 * Records that a commit authored at `timeMs` touched `path`; non-note paths are ignored.
 *
 * @example
 * ```ts
 * const times: TimesById = new Map();
 * recordTouch(times, "topics/a id__Kf9mNp.md", 2000);
 * recordTouch(times, "archive/a id__Kf9mNp.md", 1000);
 * times.get("id__Kf9mNp"); // { createdAt: 1000, updatedAt: 2000 }
 * ```
 */
export function recordTouch(times: TimesById, path: string, timeMs: number): void {
  const id = noteIdFromPath(path);
  if (id === undefined) return;
  const known = times.get(id);
  if (known === undefined) {
    times.set(id, { createdAt: timeMs, updatedAt: timeMs });
  } else if (timeMs < known.createdAt || timeMs > known.updatedAt) {
    times.set(id, {
      createdAt: Math.min(known.createdAt, timeMs),
      updatedAt: Math.max(known.updatedAt, timeMs),
    });
  }
}
