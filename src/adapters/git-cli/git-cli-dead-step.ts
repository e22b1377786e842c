/**
 * What a git write of this adapter leaves when it is stopped dead (the process killed: power
 * lost, an OOM kill, git itself killed), and how the next step clears it. Git removes its
 * lock files (index.lock, HEAD.lock, refs/.../*.lock, next-index-*.lock), a merge's state
 * (MERGE_HEAD) and the temporary sides it hands a merge driver (.merge_file_XXXXXX) only when
 * it ends normally; left behind, every later commit or merge refuses ("remove the file
 * manually"; "cannot do a partial commit during a merge"), so `memory sync` would stop at
 * once every time until a person cleans up (the sync fault sweep, test/torture/sync-sweep).
 *
 * So each writing step (commit, pull, push) first records itself in the git dir: pid, host,
 * start time, step. The record is removed when the step ends. A record of a process of this
 * host that no longer runs is a step that died: before the next step, what git left since
 * that step started is its own and is cleared (lock files and git's temporary merge sides),
 * and a merge it left in progress is undone as a failed merge is (see git-cli-merge.ts: text
 * only the work tree held is saved first); the pull then merges again. A git process this
 * step ran that was killed while the step goes on is cleared the same way at once. Nothing is
 * cleared for a record of a live process or of another host (a pid means nothing there), nor
 * anything older than the dead step: another git user's lock or merge is theirs.
 */
import { readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import { hostname } from "node:os";
import { join } from "node:path";
import { err, ok, type Result } from "neverthrow";
import type { GitError } from "../../errors.js";
import { abandonMerge, revision, unwriteMerge } from "./git-cli-merge.js";
import type { RepoLocation } from "./git-cli-repo.js";
import { wasKilled, type Exec } from "./git-cli-run.js";

/** The record of the step in flight, in the git dir. */
const RECORD = "agent-memory-step.json";

/** File times may be coarser than the clock: a leftover this much older than its step is still its. */
const SLACK_MS = 1_000;

/** Git's temporary side of a merge driver, and a driver's own temporary file beside it. */
const MERGE_SIDE = /^\.merge_file_[A-Za-z0-9]{6}$/;
const DRIVER_TEMP = /^\.\.merge_file_[A-Za-z0-9]{6}\.[0-9a-f]{8}\.tmp$/;

/**
 * Whether a file name is git's temporary side of a merge driver (or the driver's own temporary
 * file beside it): never part of the memory, even when a crash left it.
 *
 * @example
 * ```ts
 * isMergeSide(".merge_file_a1B2c3"); // true
 * ```
 */
export function isMergeSide(name: string): boolean {
  return MERGE_SIDE.test(name) || DRIVER_TEMP.test(name);
}

/** A writing step of the adapter. */
export type GitStep = "commit" | "pull" | "push";

interface StepRecord {
  readonly pid: number;
  readonly host: string;
  readonly startedAt: number;
  readonly step: GitStep;
}

/** What a guarded step needs. */
export interface DeadStepDeps {
  readonly exec: Exec;
  readonly location: () => Promise<Result<RepoLocation, GitError>>;
  /** Absolute folder where text only the work tree held is saved before a merge is undone. */
  readonly recoveredDir: string;
}

/**
 * Runs one writing step: clears what a dead earlier step left, records this one, runs it with
 * an `exec` that clears after a git process it ran was killed, and removes the record.
 *
 * @example
 * ```ts
 * const pulled = await guardedStep(deps, "pull", (exec) => pullWithCli({ ...sync, exec }));
 * ```
 */
export async function guardedStep<T, E>(
  deps: DeadStepDeps,
  step: GitStep,
  run: (exec: Exec) => Promise<Result<T, E | GitError>>,
): Promise<Result<T, E | GitError>> {
  const repo = await deps.location();
  const gitdir = repo.isOk() ? repo.value.gitdir : undefined;
  if (repo.isErr() || gitdir === undefined) return run(deps.exec);
  const { toplevel } = repo.value;
  const recovered = await recoverDeadStep(deps, gitdir, toplevel);
  if (recovered.isErr()) return err(recovered.error);
  const record = join(gitdir, RECORD);
  const mine: StepRecord = { pid: process.pid, host: hostname(), startedAt: Date.now(), step };
  // Best effort: without the record a crash is left to a person, as before.
  await writeFile(record, JSON.stringify(mine)).catch(() => undefined);
  const exec: Exec = async (args, options) => {
    const started = Date.now();
    const out = await deps.exec(args, options);
    if (out.isErr() && wasKilled(out.error)) await clearLeftovers(gitdir, toplevel, started);
    return out;
  };
  try {
    return await run(exec);
  } finally {
    await rm(record, { force: true }).catch(() => undefined);
  }
}

/** Clears what a dead step of another process of this host left; Err when its merge could not be undone. */
async function recoverDeadStep(
  deps: DeadStepDeps,
  gitdir: string,
  toplevel: string,
): Promise<Result<void, GitError>> {
  const path = join(gitdir, RECORD);
  const text = await readFile(path, "utf8").catch(() => undefined);
  if (text === undefined) return ok(undefined);
  const record = parseRecord(text);
  // A record cut short: its writer died before its first git run, which left nothing.
  if (record === undefined) {
    await rm(path, { force: true }).catch(() => undefined);
    return ok(undefined);
  }
  if (record.host !== hostname() || record.pid === process.pid || alive(record.pid))
    return ok(undefined);
  const since = record.startedAt - SLACK_MS;
  await clearLeftovers(gitdir, toplevel, record.startedAt);
  const mergeHead = await modifiedSince(join(gitdir, "MERGE_HEAD"), since);
  if (
    record.step === "pull" &&
    !mergeHead &&
    (await modifiedSince(join(gitdir, "ORIG_HEAD"), since))
  ) {
    const unwritten = await unwriteDeadMerge(deps, toplevel);
    if (unwritten.isErr()) return err(unwritten.error);
  }
  if (record.step === "pull" && mergeHead) {
    const head = await deps.exec(["rev-parse", "-q", "--verify", "HEAD"], { cwd: toplevel });
    const merging = await deps.exec(["rev-parse", "-q", "--verify", "MERGE_HEAD"], {
      cwd: toplevel,
    });
    if (head.isErr()) return err(head.error);
    if (merging.isErr()) return err(merging.error);
    const undone = await abandonMerge(
      {
        exec: deps.exec,
        cwd: toplevel,
        ref: "MERGE_HEAD",
        before: head.value.trim(),
        env: {},
        recoveredDir: deps.recoveredDir,
      },
      merging.value.trim(),
    );
    if (undone.isErr()) return err(undone.error);
  }
  await rm(path, { force: true }).catch(() => undefined);
  return ok(undefined);
}

/**
 * A merge killed after it wrote the merged files and the index and before MERGE_HEAD (while
 * its pre-merge-commit hook ran, say) leaves them as uncommitted changes over the pre-merge
 * HEAD, which the next commit would take for changes by hand: the merged text committed as
 * one side, then merged with the remote again (a sentence changed on both sides kept three
 * times). When the merge began in the dead step (ORIG_HEAD written since) and made no commit
 * (HEAD is still ORIG_HEAD), the paths it merged are put back to HEAD (text only the work tree
 * held saved first) and the pull merges again.
 */
async function unwriteDeadMerge(
  deps: DeadStepDeps,
  toplevel: string,
): Promise<Result<void, GitError>> {
  const head = await revision(deps.exec, toplevel, "HEAD");
  const upstream = await revision(deps.exec, toplevel, "@{upstream}");
  if (
    head === undefined ||
    upstream === undefined ||
    head !== (await revision(deps.exec, toplevel, "ORIG_HEAD"))
  )
    return ok(undefined);
  const undone = await unwriteMerge(
    {
      exec: deps.exec,
      cwd: toplevel,
      ref: upstream,
      before: head,
      env: {},
      recoveredDir: deps.recoveredDir,
    },
    upstream,
  );
  return undone.isErr() ? err(undone.error) : ok(undefined);
}

function parseRecord(text: string): StepRecord | undefined {
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== "object" || value === null) return undefined;
    const { pid, host, startedAt, step } = value as Record<string, unknown>;
    if (typeof pid !== "number" || typeof host !== "string" || typeof startedAt !== "number")
      return undefined;
    if (step !== "commit" && step !== "pull" && step !== "push") return undefined;
    return { pid, host, startedAt, step };
  } catch {
    return undefined;
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (cause) {
    // EPERM: it exists but belongs to someone else.
    return (cause as { code?: string }).code === "EPERM";
  }
}

/** Removes git's lock files under `gitdir` and its merge sides in `toplevel` made since `startedAt`. */
async function clearLeftovers(gitdir: string, toplevel: string, startedAt: number): Promise<void> {
  const since = startedAt - SLACK_MS;
  const locks = await lockFiles(gitdir);
  const sides = (await readdir(toplevel).catch(() => [] as string[]))
    .filter(isMergeSide)
    .map((name) => join(toplevel, name));
  for (const path of [...locks, ...sides])
    if (await modifiedSince(path, since)) await rm(path, { force: true }).catch(() => undefined);
}

/** Folders of the git dir with no lock of this work tree's steps (other work trees' are theirs). */
const NOT_WALKED = new Set(["objects", "hooks", "worktrees", "modules", "lfs"]);

/** Every `*.lock` under the git dir, outside the folders above. */
async function lockFiles(dir: string): Promise<string[]> {
  const found: string[] = [];
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  for (const entry of entries) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!NOT_WALKED.has(entry.name)) found.push(...(await lockFiles(path)));
    } else if (entry.name.endsWith(".lock")) found.push(path);
  }
  return found;
}

async function modifiedSince(path: string, since: number): Promise<boolean> {
  const info = await stat(path).catch(() => undefined);
  return info !== undefined && info.mtimeMs >= since;
}
