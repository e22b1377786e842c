/**
 * commit() for the CLI adapter: stage exactly the requested paths and commit only them.
 *
 * Never committed: the private folder, an interrupted atomic write's temp file, git's
 * temporary merge sides a crash left (git-cli-dead-step.ts).
 *
 * Sequence (a fixed number of processes, whatever the number of files):
 * 1. `git status` under the memory root finds what changed; the requested paths filter it.
 *    Asking status first is what lets a deleted path that was never tracked pass silently,
 *    where `git add -- <path>` would fail on it.
 * 2. `git add -A` of those files (pathspecs on stdin: no argv length limit).
 * 3. `git diff --cached` tells which of them now differ from HEAD; none means no commit.
 * 4. `git commit -- <those files>` commits only them (git's --only semantics), so
 *    whatever the user staged elsewhere stays staged and uncommitted.
 * 5. `git rev-parse HEAD` for the new sha.
 */
import { err, ok, type Result } from "neverthrow";
import { GitError } from "../../errors.js";
import type { GitAuthor } from "../../ports/git.js";
import type { RepoLocation } from "./git-cli-repo.js";
import type { Exec } from "./git-cli-run.js";
import { PRIVATE_FOLDER } from "../../model/layout.js";
import { parseStatusZ, type StatusEntry } from "./git-cli-status-parser.js";
import { repoPath, splitRelativePath } from "../../shared/relative-path.js";
import { isTempName } from "../fs/fs-temp-name.js";
import { isMergeSide } from "./git-cli-dead-step.js";
import { noteIdsOf } from "../git-history/note-ids-of.js";
import { noteIdFromPath } from "../git-history/note-id-from-path.js";

/**
 * What the commit flow needs from the adapter.
 *
 * @example
 * ```ts
 * const deps: CliCommitDeps = { exec, location, author, now: undefined, dir: "/repo" };
 * ```
 */
export interface CliCommitDeps {
  readonly exec: Exec;
  readonly location: () => Promise<Result<RepoLocation, GitError>>;
  readonly author: () => Promise<Result<GitAuthor, GitError>>;
  readonly now: (() => number) | undefined;
  readonly dir: string;
}

/** Pathspecs are passed verbatim (no glob magic) and read NUL-separated from stdin. */
const FROM_STDIN = ["--pathspec-from-file=-", "--pathspec-file-nul"];

/**
 * Stages and commits `paths` (relative to the memory root; default the whole root).
 *
 * @returns The new commit's sha, or null when none of the paths changed.
 *
 * @example
 * ```ts
 * await commitWithCli(deps, "memory: capture", ["topics/a id__Kf9mNp.md"]); // Ok("9fceb02...")
 * ```
 */
export async function commitWithCli(
  deps: CliCommitDeps,
  message: string,
  paths?: readonly string[],
): Promise<Result<string | null, GitError>> {
  for (const path of paths ?? []) {
    const valid = splitRelativePath(path);
    if (valid.isErr()) return err(new GitError(`Invalid path to commit: ${valid.error}.`));
  }
  const repo = await deps.location();
  if (repo.isErr()) return err(repo.error);
  const { toplevel, prefix } = repo.value;
  const root = repoPath(prefix, "");
  const wanted = (paths ?? [""]).map((path) => repoPath(prefix, path));
  const privateFolder = repoPath(prefix, PRIVATE_FOLDER);
  const touchedIds = noteIdsOf(paths);
  // The temp file of an interrupted atomic write is never part of the memory.
  const inScope = (file: string, deleted: boolean): boolean =>
    !file.startsWith(`${privateFolder}/`) &&
    !isTempName(file.slice(file.lastIndexOf("/") + 1)) &&
    !isMergeSide(file.slice(file.lastIndexOf("/") + 1)) &&
    (wanted.some((spec) => spec === "." || file === spec || file.startsWith(`${spec}/`)) ||
      (deleted && touchedIds.has(noteIdFromPath(file) ?? "")));
  const git = (args: readonly string[], input?: string, env?: Record<string, string>) =>
    deps.exec(args, {
      cwd: toplevel,
      ...(input === undefined ? {} : { input }),
      ...(env === undefined ? {} : { env }),
    });

  const status = await git([
    "--literal-pathspecs",
    "--no-optional-locks",
    "status",
    "--porcelain=v1",
    "-z",
    "--untracked-files=all",
    "--no-renames",
    "--",
    root,
  ]);
  if (status.isErr()) return err(status.error);
  const changed = unique(
    parseStatusZ(status.value)
      .filter((entry) => inScope(entry.path, isDeletion(entry)))
      .map((entry) => entry.path),
  );
  if (changed.length === 0) return ok(null);

  const added = await git(["--literal-pathspecs", "add", "-A", ...FROM_STDIN], nulList(changed));
  if (added.isErr()) return err(added.error);
  const staged = await git([
    "--literal-pathspecs",
    "diff",
    "--cached",
    "--name-only",
    "-z",
    "--no-renames",
    "--",
    root,
  ]);
  if (staged.isErr()) return err(staged.error);
  const changedSet = new Set(changed);
  const toCommit = staged.value.split("\0").filter((file) => changedSet.has(file));
  if (toCommit.length === 0) return ok(null);

  const who = await deps.author();
  if (who.isErr()) return err(who.error);
  const committed = await git(
    [
      "--literal-pathspecs",
      "commit",
      "--quiet",
      "--cleanup=whitespace",
      "-m",
      message,
      ...FROM_STDIN,
    ],
    nulList(toCommit),
    identityEnv(who.value, deps.now),
  );
  if (committed.isErr()) return err(committed.error);
  const head = await git(["rev-parse", "HEAD"]);
  return head.isErr() ? err(head.error) : ok(head.value.trim());
}

/** Author and committer for the spawned git, so no global identity is ever needed. */
export function identityEnv(
  author: GitAuthor,
  now: (() => number) | undefined,
): Record<string, string> {
  const env: Record<string, string> = {
    GIT_AUTHOR_NAME: author.name,
    GIT_AUTHOR_EMAIL: author.email,
    GIT_COMMITTER_NAME: author.name,
    GIT_COMMITTER_EMAIL: author.email,
  };
  if (now !== undefined) {
    const date = `@${Math.floor(now() / 1000)} +0000`;
    env["GIT_AUTHOR_DATE"] = date;
    env["GIT_COMMITTER_DATE"] = date;
  }
  return env;
}

function nulList(paths: readonly string[]): string {
  return paths.map((path) => `${path}\0`).join("");
}

function unique(values: readonly string[]): string[] {
  return [...new Set(values)];
}

/** Whether a status entry is a deletion (staged or in the work tree). */
function isDeletion(entry: StatusEntry): boolean {
  return entry.xy.includes("D");
}
