/**
 * Removing the temp files a killed writer left (issue 28): an atomic write stopped between
 * its temp file and its rename leaves `.name.<pid>.<8 hex>.tmp` beside its target for good.
 *
 * A temp file is removed only when it is provably the library's own and abandoned:
 * - its name has the shape only the library writes (see fs-temp-name.ts), and
 * - it carries this process's pid and no write of this process is writing it (each write
 *   is registered until its rename or its failure), or
 * - it carries another pid and no process of that pid runs on this machine, or
 * - it has the older shape without a pid (written by earlier versions, and by the AGENTS.md
 *   and timestamps files) and is older than an hour: a write takes milliseconds.
 * A file a person named that way by hand is not theirs to lose either way: it is a dot-file
 * the listing never showed. Memory roots shared by several machines over a network file
 * system are out of scope: a pid means nothing on another host, so there only the age rule
 * would be safe.
 */
import { errnoCode, type FsLike } from "./fs-like.js";

const OWNED_TEMP = /\.(\d+)\.[0-9a-f]{8}\.tmp$/;
const LEGACY_STALE_MS = 60 * 60 * 1000;

// The temp files this process is writing, by absolute path (a random part in each name keeps
// two filesystems' paths apart).
const inFlight = new Set<string>();

/**
 * Runs `write` with `temp` registered as in flight, so a sweep never takes it.
 *
 * @example
 * ```ts
 * await whileWriting("/m/topics/.a.md.4242.3f9a0c1e.tmp", () => fs.promises.writeFile(temp, text));
 * ```
 */
export async function whileWriting<T>(temp: string, write: () => Promise<T>): Promise<T> {
  inFlight.add(temp);
  try {
    return await write();
  } finally {
    inFlight.delete(temp);
  }
}

function processRuns(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (cause) {
    // EPERM: it runs, as another user.
    return errnoCode(cause) === "EPERM";
  }
}

async function abandoned(fs: FsLike, abs: string, now: number): Promise<boolean> {
  const pid = OWNED_TEMP.exec(abs)?.[1];
  if (pid !== undefined) {
    const owner = Number(pid);
    if (owner === process.pid) return !inFlight.has(abs);
    return !processRuns(owner);
  }
  const stats = await fs.promises.stat(abs);
  return now - Number(stats.mtimeMs) > LEGACY_STALE_MS;
}

/**
 * Removes those of `temps` (absolute paths of temp-shaped files a listing met) that are
 * abandoned; resolves to how many it removed. Never rejects: a temp file it cannot judge or
 * remove stays, hidden from listings as before.
 *
 * @example
 * ```ts
 * await sweepTemps(fs, ["/m/topics/.a.md.4242.3f9a0c1e.tmp"]); // 1 when pid 4242 is gone
 * ```
 */
export async function sweepTemps(fs: FsLike, temps: readonly string[]): Promise<number> {
  const now = Date.now();
  let removed = 0;
  for (const abs of temps) {
    try {
      if (!(await abandoned(fs, abs, now))) continue;
      await fs.promises.unlink(abs);
      removed++;
    } catch {
      // Gone already (renamed by its writer, removed by another sweep), or unreadable: left.
    }
  }
  return removed;
}
