import { okAsync, type ResultAsync } from "neverthrow";
import type { GitError } from "../../errors.js";
import type { CommittedTimes, Git } from "../../ports/git.js";
import type { NoteTimes } from "./note-meta.js";
import type { NoteFacts } from "./note-facts.js";

/** Looks up a note's times; built once per query from one history walk. */
export type TimesLookup = (stored: NoteFacts) => NoteTimes;

/**
 * Resolves times for notes: git's id-keyed history when there is a git port, else (and
 * for ids git has never seen) the file's mtime, flagged as not committed.
 */
export function loadTimes(
  git: Git | undefined,
  now: () => number,
): ResultAsync<TimesLookup, GitError> {
  const history = git === undefined ? okAsync(new Map<string, CommittedTimes>()) : git.timestamps();
  return history.map((byId) => (stored) => {
    const committed = byId.get(stored.note.id);
    if (committed !== undefined) return { ...committed, committed: true };
    const fallback = stored.mtimeMs > 0 ? stored.mtimeMs : now();
    return { createdAt: fallback, updatedAt: fallback, committed: false };
  });
}
