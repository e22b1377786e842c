import { err, ok, type Result } from "neverthrow";
import { ConflictError, type GitError } from "../../errors.js";
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
 * `git fetch` then a merge of the remote branch of the same name. A conflict is aborted
 * (`git merge --abort`), so the working tree and history are exactly as before, and reported.
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
  if (fetched.isErr()) return err(fetched.error);
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
  const merged = await deps.exec(["merge", "--no-edit", ref], {
    cwd,
    env: identityEnv(who.value, deps.now),
  });
  if (merged.isOk()) return ok("merged");
  const conflicted = await deps.exec(["diff", "--name-only", "--diff-filter=U"], { cwd });
  await deps.exec(["merge", "--abort"], { cwd });
  const files = conflicted.isOk()
    ? conflicted.value
        .trim()
        .split("\n")
        .filter((f) => f !== "")
    : [];
  if (files.length === 0) return err(merged.error);
  return err(
    new ConflictError(
      `Pulling ${ref} conflicts in ${files.join(", ")}; the merge was aborted and nothing changed. ` +
        `Resolve it by hand (git pull, fix the files, commit), then run again.`,
      { cause: merged.error },
    ),
  );
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
