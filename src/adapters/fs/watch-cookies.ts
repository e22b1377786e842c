/**
 * Sync cookies for a folder watch: `settled()` writes a uniquely named file into a watched
 * folder and resolves when the watcher reports it. Events arrive in the order they happened,
 * so everything changed before the cookie was written has been reported by then.
 */

/** The file operations a cookie needs. */
export interface CookieFs {
  writeFileSync(path: string, data: string): void;
  unlinkSync(path: string): void;
}

/** Options of {@link createWatchCookies}. */
export interface WatchCookiesOptions {
  readonly fs: CookieFs;
  /** The watched folder the cookies are written into. */
  readonly folder: string;
  /** How long a cookie may take to be reported before it counts as lost. */
  readonly timeoutMs: number;
  /** Called when a cookie could not be written or was not reported in time. */
  readonly onLost: () => void;
}

/** The cookies of one watcher. */
export interface WatchCookies {
  /** Resolves once a cookie written now has been reported (or counted as lost). */
  settled(): Promise<void>;
  /** Tells of a name the folder's watch reported. */
  seen(name: string): void;
  /** Resolves every waiting cookie as lost. */
  close(): void;
}

const COOKIE_PREFIX = "watch-cookie-";

/**
 * The cookies for a folder.
 *
 * @example
 * ```ts
 * const cookies = createWatchCookies({ fs, folder, timeoutMs: 2_000, onLost: () => memory.filesChanged() });
 * fs.watch(folder, {}, (_event, name) => cookies.seen(String(name)));
 * await cookies.settled();
 * ```
 */
export function createWatchCookies(options: WatchCookiesOptions): WatchCookies {
  const waiting = new Map<string, { done: () => void; timer: ReturnType<typeof setTimeout> }>();
  let next = 0;
  // Unique across processes sharing the folder, even in separate pid namespaces (containers).
  const prefix = `${COOKIE_PREFIX}${process.pid}-${Math.random().toString(36).slice(2, 10)}-`;
  const finish = (name: string, lost: boolean): void => {
    const entry = waiting.get(name);
    if (entry === undefined) return;
    waiting.delete(name);
    clearTimeout(entry.timer);
    try {
      options.fs.unlinkSync(`${options.folder}/${name}`);
    } catch {
      // Already gone (a cleanup, a replaced folder): nothing is left behind either way.
    }
    if (lost) options.onLost();
    entry.done();
  };
  return {
    settled: () =>
      new Promise<void>((done) => {
        const name = `${prefix}${next++}`;
        const timer = setTimeout(() => finish(name, true), options.timeoutMs);
        waiting.set(name, { done, timer });
        try {
          options.fs.writeFileSync(`${options.folder}/${name}`, "");
        } catch {
          finish(name, true);
        }
      }),
    seen: (name) => {
      if (name.startsWith(COOKIE_PREFIX)) finish(name, false);
    },
    close: () => {
      for (const name of waiting.keys()) finish(name, true);
    },
  };
}
