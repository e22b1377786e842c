/**
 * When the store looks at the files again.
 * - `always` (the default): every query lists the status folders (one stat per note) and
 *   re-reads what changed. Right for a CLI call or a short-lived process.
 * - `interval`: a long-lived host (an MCP server, a harness) reuses its last look for up to
 *   `ms` milliseconds, so a query costs no stat at all; an edit made behind the library's back
 *   is seen at most `ms` later. The library's own writes are always seen at once.
 * - `watch`: the host calls `changed()` when its file watcher reports anything under the
 *   root (`watchMemoryFiles`, chokidar, ...); until then queries reuse the last look.
 *   `maxMs` bounds the trust in a watcher that missed an event (default 60 s). A watcher
 *   reports an edit some time after it happened; `settled` (`watchMemoryFiles`' own) makes
 *   each query wait until every change made before it has been reported, so none is stale.
 */
export type FreshnessOptions =
  | { readonly mode: "always" }
  | { readonly mode: "interval"; readonly ms: number }
  | {
      readonly mode: "watch";
      readonly maxMs?: number;
      readonly settled?: () => Promise<void>;
    };

/** When a look started, and how many changes had been reported by then. */
export interface LookStart {
  readonly at: number;
  readonly changes: number;
}

/** The store's freshness state. */
export interface Freshness {
  readonly mode: FreshnessOptions["mode"];
  /** Marks the start of a look at the files; keep it with what the look found. */
  startLook(): LookStart;
  /** Whether what a look found may answer the next query instead of a new look. */
  canReuse(look: LookStart): boolean;
  /**
   * Whether a query may wait for a look still in progress instead of starting its own: never
   * when every query must look (the look began before the query was asked), and in watch
   * mode only while no change has been reported since the look began.
   */
  mayJoin(look: LookStart): boolean;
  /** Says something changed under the root: every earlier look is stale. */
  changed(): void;
  /** Waits until the watcher has reported every change made so far; undefined without one. */
  readonly settled: (() => Promise<void>) | undefined;
}

const DEFAULT_WATCH_MAX_MS = 60_000;

/**
 * The freshness state for `options` (default `always`).
 *
 * @example
 * ```ts
 * const freshness = createFreshness({ mode: "interval", ms: 1_000 }, Date.now);
 * const look = freshness.startLook();
 * freshness.canReuse(look); // true for the next second
 * ```
 */
export function createFreshness(
  options: FreshnessOptions | undefined,
  now: () => number,
): Freshness {
  const chosen = options ?? { mode: "always" };
  let changes = 0;
  const window =
    chosen.mode === "interval"
      ? chosen.ms
      : chosen.mode === "watch"
        ? (chosen.maxMs ?? DEFAULT_WATCH_MAX_MS)
        : 0;
  return {
    mode: chosen.mode,
    startLook() {
      return { at: now(), changes };
    },
    canReuse(look) {
      // A change reported since the look started may have come after its listing.
      if (chosen.mode === "always" || look.changes !== changes) return false;
      const age = now() - look.at;
      // A clock that went backwards says nothing about how old the look is.
      return age >= 0 && age < window;
    },
    mayJoin(look) {
      return chosen.mode === "interval" || (chosen.mode === "watch" && look.changes === changes);
    },
    changed() {
      changes++;
    },
    settled: chosen.mode === "watch" ? chosen.settled : undefined,
  };
}
