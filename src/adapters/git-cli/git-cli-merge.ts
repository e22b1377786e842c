/**
 * The merge step of pull for the CLI adapter: either the remote's commits are merged, or the
 * repository is put back as it was (no MERGE_HEAD, no staged change, no half-merged file)
 * and the error says which step failed and in what state it left the repository.
 *
 * Order of the way back, gentlest first:
 * 1. `git merge --abort`, retried while another git process holds index.lock for a moment.
 * 2. If git still refuses (say, a file the merge wrote was edited by hand meanwhile): every
 *    path the merge could have touched (those that differ between the pre-merge HEAD and
 *    MERGE_HEAD) is reset to the pre-merge HEAD, after its working copy is saved under
 *    `.agent-memory/recovered/` when that copy is neither side's committed text. Nothing
 *    else in the work tree is touched: never a `reset --hard`. Only while HEAD is still the
 *    pre-merge commit: a commit made since (the merge's own) is never undone in the files.
 * 3. If even that fails, the error says where the repository is and what to run.
 */
import { err, ok, type Result } from "neverthrow";
import { ConflictError, GitError } from "../../errors.js";
import { wasKilled, type Exec } from "./git-cli-run.js";
import { safeRemove, saveUnknownText } from "./git-cli-recovered.js";
import { join, relative, sep } from "node:path";
import { MERGE_DRIVER } from "../../model/merge/merge-attributes.js";
import { settleAndCommitMerge } from "./git-cli-settle.js";
import { recordMerges } from "./merge-log.js";

/** Where and how to merge. */
export interface MergeTarget {
  readonly exec: Exec;
  /** The repository's top level. */
  readonly cwd: string;
  /** The remote-tracking ref to merge, e.g. `origin/main`. */
  readonly ref: string;
  /** HEAD before the merge (a sha). */
  readonly before: string;
  /** Author and committer of the merge commit. */
  readonly env: Record<string, string>;
  /** Absolute folder where text that only the work tree held is saved before a reset. */
  readonly recoveredDir: string;
  /** The memory root (absolute), whose private merge record lists the notes settled here. */
  readonly memoryRoot?: string;
}

const AS_BEFORE = "the repository is as it was before the pull (HEAD, index and files unchanged)";

/** Merges `ref`; on failure leaves the repository as before and says so. */
export async function mergeOrRestore(
  target: MergeTarget,
): Promise<Result<"merged", GitError | ConflictError>> {
  const { exec, cwd, ref, before } = target;
  // Never committed by git itself: a merge git calls clean may still hold one note at two
  // paths (a rename on each clone too big for its rename detection), settled before the commit.
  const merged = await retryingStagingLock(() =>
    exec(["merge", "--no-edit", "--no-commit", ref], { cwd, env: target.env }),
  );
  const mergeHead = await revision(exec, cwd, "MERGE_HEAD");
  // A fast-forward, or nothing to merge.
  if (merged.isOk() && mergeHead === undefined) return ok("merged");
  if (merged.isErr() && mergeHead === undefined) {
    // No merge in progress: either git refused before writing anything (index.lock, an
    // untracked file in the way), or the merge commit exists and only a later part failed.
    const head = await revision(exec, cwd, "HEAD");
    if (head !== undefined && head !== before) return ok("merged");
    // Git killed after it wrote the merged files and the index but before MERGE_HEAD (during
    // its pre-merge-commit hook, say): left there, the next commit takes them for changes by
    // hand and the re-run merges the remote into them again, keeping a sentence changed on
    // both sides twice. Nothing says how far it got, so its paths are put back.
    const upstream = wasKilled(merged.error) ? await revision(exec, cwd, ref) : undefined;
    if (upstream !== undefined) {
      const undone = await unwriteMerge(target, upstream);
      if (undone.isErr()) {
        return err(
          new GitError(
            `Merging ${ref} was stopped (git was killed) and putting back the files it may ` +
              `have written failed: ${undone.error.message}. Run \`git status\` in ${cwd}; ` +
              `\`git checkout HEAD -- .\` puts the last commit's files back.`,
            { cause: merged.error },
          ),
        );
      }
      const saved =
        undone.value.length === 0
          ? ""
          : ` Text found only in the work tree was saved first: ${undone.value.join(", ")}.`;
      return err(
        new GitError(
          `Merging ${ref} was stopped (git was killed); the files it may have written were put ` +
            `back, so ${AS_BEFORE}.${saved} Sync again to merge.`,
          { cause: merged.error },
        ),
      );
    }
    return err(
      new GitError(
        `Merging ${ref} failed before it started; ${AS_BEFORE}. ${merged.error.message}`,
        {
          cause: merged.error,
        },
      ),
    );
  }
  if (mergeHead === undefined) return ok("merged");
  const conflicted = await exec(["diff", "--name-only", "--diff-filter=U"], { cwd });
  const files = conflicted.isOk() ? conflicted.value.split("\n").filter((f) => f !== "") : [];
  // A note renamed on both clones, or changed on one and deleted on the other: one id, one note.
  const settled =
    conflicted.isErr() || (merged.isErr() && files.length === 0)
      ? undefined
      : await settleAndCommitMerge(exec, cwd, files, before, mergeHead, target.env);
  if (settled !== undefined) {
    const root = target.memoryRoot;
    if (root !== undefined) {
      await recordMerges(
        root,
        settled.map(({ path, kind, marked, decisions }) => ({
          path: relative(root, join(cwd, path)).split(sep).join("/"),
          kind,
          marked,
          decisions,
        })),
      );
    }
    return ok("merged");
  }
  // A clean merge whose settling or commit failed has no error of git's merge to name.
  const cause = merged.isErr()
    ? merged.error
    : new GitError(`git merged ${ref} cleanly, but settling its notes or committing it failed`);
  const what =
    files.length > 0
      ? `Pulling ${ref} conflicts in ${files.join(", ")}`
      : merged.isErr()
        ? `Merging ${ref} failed (${cause.message})`
        : `Committing the merge of ${ref} failed (${cause.message})`;
  // Asked before the abort: the attributes of the merged tree are in the work tree now.
  const advice = await driverAdvice(exec, cwd, files);
  const aborted = await retryingStagingLock(() => exec(["merge", "--abort"], { cwd }));
  if (aborted.isOk() && (await revision(exec, cwd, "MERGE_HEAD")) === undefined) {
    return err(
      failure(files, `${what}; the merge was aborted and ${AS_BEFORE}.${advice}`, cause, {
        cwd,
        ref,
      }),
    );
  }
  const restored = await restorePaths(target, mergeHead);
  if (restored.isErr()) {
    if ((await revision(exec, cwd, "MERGE_HEAD")) === undefined)
      return err(
        new GitError(`${what}; the merge was not undone: ${restored.error.message}`, { cause }),
      );
    return err(
      new GitError(
        `${what}; undoing the merge failed too, so the repository is still mid-merge ` +
          `(MERGE_HEAD present): ${restored.error.message}. Run \`git merge --abort\` in ${cwd} ` +
          `once nothing else uses the repository, then sync again.`,
        { cause },
      ),
    );
  }
  const saved =
    restored.value.length === 0
      ? ""
      : ` Text found only in the work tree was saved first: ${restored.value.join(", ")}.`;
  return err(
    failure(
      files,
      `${what}; \`git merge --abort\` was refused, so the files the merge touched were ` +
        `reset to the pre-merge commit and the merge forgotten: HEAD and the index are as ` +
        `before the pull.${saved}${advice}`,
      cause,
    ),
  );
}

/**
 * When the conflicted files are memory files routed to the merge driver but this clone's git
 * config does not name it, git merged them line by line: the sentence saying so and how to
 * set the driver up (empty otherwise).
 */
async function driverAdvice(exec: Exec, cwd: string, files: readonly string[]): Promise<string> {
  if (files.length === 0) return "";
  const driver = await exec(["config", "--get", `merge.${MERGE_DRIVER}.driver`], { cwd });
  if (driver.isOk() && driver.value.trim() !== "") return "";
  const attributes = await exec(["check-attr", "merge", "--", ...files], { cwd });
  if (attributes.isErr() || !attributes.value.includes(`: merge: ${MERGE_DRIVER}`)) return "";
  return (
    ` This clone has no merge driver configured (git config merge.${MERGE_DRIVER}.driver), so ` +
    `git merged the memory's files line by line: run \`memory sync\` (or \`memory init\`) once ` +
    `in this clone to set it up, then sync again, and these files merge by meaning.`
  );
}

function failure(files: readonly string[], message: string, cause: GitError, how?: FinishBy) {
  const hint =
    how === undefined
      ? " Resolve it by hand (git pull, fix the files, commit), then run again."
      : ` To finish it by hand: \`cd ${quoted(how.cwd)} && git merge ${how.ref}\`, edit ` +
        `${files.map(quoted).join(" ")} to keep what both sides wrote, then ` +
        `\`git add -- ${files.map(quoted).join(" ")} && git commit --no-edit\`, then sync again.`;
  return files.length === 0
    ? new GitError(message, { cause })
    : new ConflictError(message + hint, { cause });
}

/** Where and what to merge again by hand. */
interface FinishBy {
  readonly cwd: string;
  readonly ref: string;
}

/** A path or folder as a shell word a person can paste. */
function quoted(path: string): string {
  return /^[\w./@%+=:,-]+$/.test(path) ? path : `'${path.replace(/'/g, "'\\''")}'`;
}

/**
 * Resets the paths that differ between `before` and `mergeHead` to `before` in the index and
 * the work tree, then forgets the merge. Returns the copies it saved. Only while HEAD is still
 * `before`: once a commit was made since (the merge commit itself, written by a git that was
 * then killed in its post-commit hook), those paths reset to `before` would put the pre-merge
 * files back under it, so nothing is touched and the error says where HEAD is.
 */
async function restorePaths(
  target: MergeTarget,
  mergeHead: string,
): Promise<Result<string[], GitError>> {
  const { exec, cwd, before } = target;
  const head = await revision(exec, cwd, "HEAD");
  if (head !== before) {
    return err(
      new GitError(
        `HEAD is no longer the pre-merge commit ${before} but ${head ?? "nothing"}: a commit ` +
          `was made since the merge began (the merge's own, if git stopped after writing it), ` +
          `and putting the merged paths back to the pre-merge commit would undo it in the ` +
          `work tree. Nothing was reset. Run \`git status\` and \`git log -2\` in ${cwd} to ` +
          `see where the repository is, then sync again.`,
      ),
    );
  }
  const listed = await exec(["diff", "--name-only", "-z", "--no-renames", before, mergeHead], {
    cwd,
  });
  if (listed.isErr()) return err(listed.error);
  const paths = listed.value.split("\0").filter((path) => path !== "");
  const saved = await saveUnknownText(exec, cwd, paths, [before, mergeHead], target.recoveredDir);
  if (saved.isErr()) return err(saved.error);
  const stdin = { cwd, input: paths.map((path) => `${path}\0`).join("") };
  const fromStdin = ["--pathspec-from-file=-", "--pathspec-file-nul"];
  // Index first (this also drops paths the merge added), then the files of the old commit.
  const index = await exec(["--literal-pathspecs", "reset", "-q", before, ...fromStdin], stdin);
  if (index.isErr()) return err(index.error);
  const inBefore = await exec(["ls-tree", "-r", "-z", "--name-only", before], { cwd });
  if (inBefore.isErr()) return err(inBefore.error);
  const tracked = new Set(inBefore.value.split("\0"));
  const kept = paths.filter((path) => tracked.has(path));
  // Files only the merge brought are untracked now: remove them (their text was saved above
  // unless it was the remote's committed text, which the remote still has).
  for (const path of paths.filter((p) => !tracked.has(p))) {
    const removed = await safeRemove(join(cwd, path));
    if (removed.isErr()) return err(removed.error);
  }
  if (kept.length > 0) {
    const files = await exec(["--literal-pathspecs", "checkout", before, ...fromStdin], {
      cwd,
      input: kept.map((path) => `${path}\0`).join(""),
    });
    if (files.isErr()) return err(files.error);
  }
  const quit = await exec(["merge", "--quit"], { cwd });
  if (quit.isErr()) return err(quit.error);
  return ok(saved.value);
}

/**
 * Undoes a merge in progress (MERGE_HEAD present) as {@link mergeOrRestore} does after a
 * failure: `git merge --abort`, else the merged paths reset to `before` (text only the work
 * tree held saved first). Returns the copies saved.
 *
 * @example
 * ```ts
 * await abandonMerge({ exec, cwd, ref: "MERGE_HEAD", before: head, env: {}, recoveredDir }, mergeHead);
 * ```
 */
export async function abandonMerge(
  target: MergeTarget,
  mergeHead: string,
): Promise<Result<string[], GitError>> {
  const { exec, cwd } = target;
  const aborted = await retryingStagingLock(() => exec(["merge", "--abort"], { cwd }));
  if (aborted.isOk() && (await revision(exec, cwd, "MERGE_HEAD")) === undefined) return ok([]);
  return restorePaths(target, mergeHead);
}

/**
 * Puts back to `target.before` the paths that differ between it and `merged` (the ref a merge
 * that stopped before writing MERGE_HEAD was merging), after saving text only the work tree
 * held. Returns the copies saved.
 *
 * @example
 * ```ts
 * await unwriteMerge({ exec, cwd, ref: "origin/main", before: head, env: {}, recoveredDir }, upstream);
 * ```
 */
export function unwriteMerge(
  target: MergeTarget,
  merged: string,
): Promise<Result<string[], GitError>> {
  return restorePaths(target, merged);
}

/**
 * The sha `name` names, or undefined when it names nothing (no MERGE_HEAD, no upstream).
 *
 * @example
 * ```ts
 * const mergeHead = await revision(exec, cwd, "MERGE_HEAD");
 * ```
 */
export async function revision(exec: Exec, cwd: string, name: string): Promise<string | undefined> {
  const out = await exec(["rev-parse", "-q", "--verify", name], { cwd, allowExit: 1 });
  const sha = out.isOk() ? out.value.trim() : "";
  return sha === "" ? undefined : sha;
}

/** Another git process (an editor, a prompt) may hold index.lock for a moment: wait a little. */
async function retryingStagingLock<T>(
  run: () => Promise<Result<T, GitError>>,
): Promise<Result<T, GitError>> {
  let result = await run();
  for (let attempt = 1; attempt <= 4 && result.isErr(); attempt += 1) {
    if (!/index\.lock/.test(result.error.message)) break;
    await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
    result = await run();
  }
  return result;
}
