import { err, ok, type Result } from "neverthrow";
import { resolve } from "node:path";
import { GitError, type ConflictError } from "../../errors.js";
import { PRIVATE_FOLDER } from "../../model/layout.js";
import { mergeOrRestore } from "./git-cli-merge.js";
import type { GitAuthor } from "../../ports/git.js";
import { identityEnv } from "./git-cli-commit.js";
import type { RepoLocation } from "./git-cli-repo.js";
import type { Exec } from "./git-cli-run.js";

/** What pull and push need from the CLI adapter. */
export interface CliSyncDeps {
  readonly exec: Exec;
  readonly location: () => Promise<Result<RepoLocation, GitError>>;
  readonly author: () => Promise<Result<GitAuthor, GitError>>;
  readonly now: (() => number) | undefined;
  /** The memory root (absolute): text a failed merge would drop is saved below it. */
  readonly dir: string;
}

/** The remote to use: the branch's upstream remote, else "origin", else the only one; none without remotes. */
async function remoteOf(
  deps: CliSyncDeps,
  cwd: string,
): Promise<Result<string | undefined, GitError>> {
  const remotes = await deps.exec(["remote"], { cwd });
  if (remotes.isErr()) return err(remotes.error);
  const names = remotes.value
    .split("\n")
    .map((name) => name.trim())
    .filter((name) => name !== "");
  if (names.length === 0) return ok(undefined);
  const upstream = await deps.exec(
    ["rev-parse", "--abbrev-ref", "--symbolic-full-name", "@{upstream}"],
    { cwd, allowExit: 128 },
  );
  const fromUpstream = upstream.isOk() ? upstream.value.trim().split("/")[0] : undefined;
  if (fromUpstream !== undefined && fromUpstream !== "" && names.includes(fromUpstream))
    return ok(fromUpstream);
  return ok(names.includes("origin") ? "origin" : names[0]);
}

/**
 * `git fetch` then a merge of the remote branch of the same name. A failed fetch changes
 * nothing; a failed merge is undone (see git-cli-merge.ts) and the error says which step
 * failed and in what state the repository is.
 */
export async function pullWithCli(
  deps: CliSyncDeps,
): Promise<Result<"none" | "up-to-date" | "merged", GitError | ConflictError>> {
  const repo = await deps.location();
  if (repo.isErr()) return err(repo.error);
  const cwd = repo.value.toplevel;
  const remote = await remoteOf(deps, cwd);
  if (remote.isErr()) return err(remote.error);
  if (remote.value === undefined) return ok("none");
  // symbolic-ref also names the branch of a repository with no commit yet (a fresh clone of an empty remote).
  const branch = await deps.exec(["symbolic-ref", "--short", "HEAD"], { cwd });
  if (branch.isErr()) return err(branch.error);
  const fetched = await deps.exec(["fetch", "--quiet", remote.value], { cwd });
  if (fetched.isErr()) {
    return err(
      new GitError(
        `Fetching from ${remote.value} failed; nothing was merged and the repository is as it was. ${fetched.error.message}`,
        { cause: fetched.error },
      ),
    );
  }
  const ref = `${remote.value}/${branch.value.trim()}`;
  const exists = await deps.exec(["rev-parse", "--verify", "-q", `refs/remotes/${ref}`], {
    cwd,
    allowExit: 1,
  });
  if (exists.isErr()) return err(exists.error);
  if (exists.value.trim() === "") return ok("none"); // the remote has no such branch yet: the push creates it
  const head = await deps.exec(["rev-parse", "--verify", "-q", "HEAD"], { cwd, allowExit: 1 });
  if (head.isErr()) return err(head.error);
  if (head.value.trim() !== "") {
    const behind = await deps.exec(["rev-list", "--count", `HEAD..${ref}`], { cwd });
    if (behind.isErr()) return err(behind.error);
    if (behind.value.trim() === "0") return ok("up-to-date");
  }
  const who = await deps.author();
  if (who.isErr()) return err(who.error);
  const before = head.value.trim();
  if (before === "") {
    // Nothing to undo on an unborn branch: the merge is a checkout of the remote's branch.
    const merged = await deps.exec(["merge", "--no-edit", ref], { cwd });
    return merged.isErr() ? err(merged.error) : ok("merged");
  }
  return mergeOrRestore({
    exec: deps.exec,
    cwd,
    ref,
    before,
    env: identityEnv(who.value, deps.now),
    recoveredDir: resolve(deps.dir, PRIVATE_FOLDER, "recovered"),
    memoryRoot: deps.dir,
  });
}

/** Pushes the current branch to its remote, setting the upstream on the first push. */
export async function pushWithCli(deps: CliSyncDeps): Promise<Result<"none" | "pushed", GitError>> {
  const repo = await deps.location();
  if (repo.isErr()) return err(repo.error);
  const cwd = repo.value.toplevel;
  const remote = await remoteOf(deps, cwd);
  if (remote.isErr()) return err(remote.error);
  if (remote.value === undefined) return ok("none");
  const pushed = await deps.exec(["push", "--quiet", "--set-upstream", remote.value, "HEAD"], {
    cwd,
  });
  return pushed.isErr() ? err(pushed.error) : ok("pushed");
}
