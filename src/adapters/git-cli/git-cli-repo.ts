/**
 * What the CLI adapter learns about the repository once: where its top level is, where
 * the memory root sits inside it, and which identity commits should carry.
 */
import { stat } from "node:fs/promises";
import { basename, dirname, resolve } from "node:path";
import { err, ok, type Result } from "neverthrow";
import type { GitAuthor } from "../../ports/git.js";
import { DEFAULT_AUTHOR } from "../git-history/default-author.js";
import { errnoCode } from "../fs/fs-like.js";
import type { Exec } from "./git-cli-run.js";
import type { GitError } from "../../errors.js";

/**
 * The repository around a memory root.
 *
 * @example
 * ```ts
 * const location: RepoLocation = { toplevel: "/repo", prefix: "orgs/acme" };
 * ```
 */
export interface RepoLocation {
  /** Absolute path of the work tree's top level, as git prints it. */
  readonly toplevel: string;
  /** The memory root relative to the top level: `""` or `"orgs/acme"` (no trailing slash). */
  readonly prefix: string;
  /** Absolute path of the git dir (where the persisted walk lives), when git printed it. */
  readonly gitdir?: string;
  /**
   * HEAD as the same `rev-parse` saw it (undefined before the first commit) and when: the
   * first history lookup of a short-lived process reuses it instead of spawning git again.
   */
  readonly head?: { readonly commit: string | undefined; readonly at: number };
}

const LOCATE = ["rev-parse", "--show-toplevel", "--show-prefix", "--absolute-git-dir"];

/**
 * Finds the top level and the memory root's prefix with one `git rev-parse`.
 *
 * The memory root may not exist yet (a host opens a new memory before its first note);
 * git then runs in the nearest existing ancestor and the missing folders are appended
 * to the prefix. The prefix comes from git itself (not from comparing paths), so a
 * memory reached through a symlink still maps onto the right folder.
 *
 * @example
 * ```ts
 * await locateRepo(exec, "/repo/orgs/acme"); // Ok({ toplevel: "/repo", prefix: "orgs/acme" })
 * ```
 */
export async function locateRepo(
  exec: Exec,
  dir: string,
  now: () => number = Date.now,
): Promise<Result<RepoLocation, GitError>> {
  const { folder, missing } = await nearestExisting(resolve(dir));
  // HEAD rides along (each spawn costs a cold CLI call 10-20 ms); git exits 1 when HEAD is
  // unborn, and the location is then asked again without it.
  const withHead = await exec([...LOCATE, "--verify", "-q", "HEAD"], { cwd: folder, allowExit: 1 });
  if (withHead.isErr()) return err(withHead.error);
  const out = withHead.value === "" ? await exec(LOCATE, { cwd: folder }) : withHead;
  if (out.isErr()) return err(out.error);
  const [toplevel = "", gitPrefix = "", gitdir = "", commit = ""] = out.value.split("\n");
  const prefix = [gitPrefix.replace(/\/$/, ""), ...missing].filter((part) => part !== "").join("/");
  return ok({
    toplevel,
    prefix,
    ...(gitdir === "" ? {} : { gitdir }),
    head: { commit: commit === "" ? undefined : commit, at: now() },
  });
}

/** The closest folder at or above `dir` that exists, and the names below it that do not. */
async function nearestExisting(dir: string): Promise<{ folder: string; missing: string[] }> {
  const missing: string[] = [];
  let folder = dir;
  for (;;) {
    try {
      await stat(folder);
      return { folder, missing };
    } catch (cause) {
      const parent = dirname(folder);
      if (errnoCode(cause) !== "ENOENT" || parent === folder) return { folder, missing };
      missing.unshift(basename(folder));
      folder = parent;
    }
  }
}

/**
 * The repository's configured user.name / user.email (local, global or system config),
 * each falling back to {@link DEFAULT_AUTHOR} so a machine without a git identity still commits.
 *
 * @example
 * ```ts
 * await configuredAuthor(exec, toplevel); // Ok({ name: "Ada", email: "ada@example.com" })
 * ```
 */
export async function configuredAuthor(
  exec: Exec,
  cwd: string,
): Promise<Result<GitAuthor, GitError>> {
  // Exit code 1 means "no such key", which is the normal case on a fresh machine.
  const out = await exec(["config", "-z", "--get-regexp", "^user\\.(name|email)$"], {
    cwd,
    allowExit: 1,
  });
  if (out.isErr()) return err(out.error);
  let { name, email } = DEFAULT_AUTHOR;
  for (const record of out.value.split("\0")) {
    const newline = record.indexOf("\n");
    const key = record.slice(0, newline);
    const value = record.slice(newline + 1).trim();
    if (newline < 0 || value === "") continue;
    if (key === "user.name") name = value;
    if (key === "user.email") email = value;
  }
  return ok({ name, email });
}
