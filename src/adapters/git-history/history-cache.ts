import { err, ok, type Result } from "neverthrow";
import type { GitError } from "../../errors.js";
import type { CommittedTimes } from "../../ports/git.js";
import { recordTouch, type TimesById } from "./committed-times.js";
import { copyTimes } from "./packed-times.js";

/** One commit's touched paths, as a history walk reports them. */
export interface WalkedCommit {
  readonly authorTimeMs: number;
  readonly paths: readonly string[];
}

/** A walk's commits, and what the next walk needs to start where this one ended. */
export interface Walked<Handle> {
  readonly commits: readonly WalkedCommit[];
  readonly handle: Handle;
}

/** How an adapter reads its history for one prefix. */
export interface HistorySource<Handle> {
  /** The current HEAD commit id, or undefined in a repository with no commits. */
  head(): Promise<Result<string | undefined, GitError>>;
  /**
   * The commits reachable from `head` but not from the walk that produced `since` (every
   * commit without `since`). Resolves to undefined when that earlier HEAD is not an ancestor
   * of `head` (the history was rewritten), so the caller walks everything again.
   */
  walk(
    head: string,
    since: Handle | undefined,
  ): Promise<Result<Walked<Handle> | undefined, GitError>>;
}

/**
 * The times at one HEAD, and the handle an incremental walk from there starts with.
 *
 * @example
 * ```ts
 * const state: HistoryState<string> = { head: "9fceb02...", handle: "9fceb02...", times: new Map() };
 * ```
 */
export interface HistoryState<Handle> {
  readonly head: string;
  readonly handle: Handle;
  readonly times: TimesById;
}

/**
 * Keeps a {@link HistoryState} between processes. Both methods never reject: a state that
 * cannot be read is undefined (the walk runs again) and a failed save is only a lost cache.
 *
 * @example
 * ```ts
 * const store: HistoryStore<string> = { load: async () => undefined, save: async () => {} };
 * ```
 */
export interface HistoryStore<Handle> {
  load(): Promise<HistoryState<Handle> | undefined>;
  save(state: HistoryState<Handle>): Promise<void>;
}

/**
 * Memoises id-keyed times by HEAD: an unchanged HEAD costs one look at HEAD, and a HEAD that
 * moved forward costs a walk of the new commits only. Without it every `read` and `list`
 * would walk the whole history again, seconds on a long one with isomorphic-git.
 * With a `store`, the first call starts from the state a previous process saved (same HEAD:
 * no walk; a HEAD that moved forward: only the new commits) and every walk is saved.
 * The result is a fresh Map each time, so callers may keep or change it.
 */
export function createHistoryCache<Handle>(
  source: HistorySource<Handle>,
  store?: HistoryStore<Handle>,
): () => Promise<Result<TimesById, GitError>> {
  let cached: HistoryState<Handle> | undefined;
  let loaded = false;
  return async () => {
    const head = await source.head();
    if (head.isErr()) return err(head.error);
    if (head.value === undefined) {
      cached = undefined;
      return ok(new Map<string, CommittedTimes>());
    }
    if (!loaded && store !== undefined) {
      // Once per instance: after that, this instance's own state is at least as recent.
      loaded = true;
      cached ??= await store.load();
    }
    const previous = cached?.head === head.value ? cached : undefined;
    if (previous !== undefined) return ok(copyTimes(previous.times));

    let base: TimesById = new Map();
    let walked: Walked<Handle> | undefined;
    if (cached !== undefined) {
      const incremental = await source.walk(head.value, cached.handle);
      if (incremental.isErr()) return err(incremental.error);
      if (incremental.value !== undefined) {
        walked = incremental.value;
        base = copyTimes(cached.times);
      }
    }
    if (walked === undefined) {
      const full = await source.walk(head.value, undefined);
      if (full.isErr()) return err(full.error);
      if (full.value === undefined) return ok(new Map<string, CommittedTimes>());
      walked = full.value;
    }
    for (const commit of walked.commits) {
      for (const path of commit.paths) recordTouch(base, path, commit.authorTimeMs);
    }
    cached = { head: head.value, handle: walked.handle, times: base };
    await store?.save(cached);
    return ok(new Map(base));
  };
}
