/**
 * The Git port over isomorphic-git: pure JavaScript, so it runs on memfs as well as node:fs.
 */
import { err, ok, type Result } from "neverthrow";
import { GitError } from "../../errors.js";
import type { Git, GitAuthor } from "../../ports/git.js";
import type { FsLike } from "../fs/fs-like.js";
import { blameWithIso } from "./isomorphic-git-blame.js";
import { commitWithIso } from "./isomorphic-git-commit.js";
import { walkHistory, type IsoWalkHandle } from "./isomorphic-git-history.js";
import { createHistoryCache, type HistorySource } from "../git-history/history-cache.js";
import { configuredIsoAuthor, findRepo, headOid, type IsoRepo } from "./isomorphic-git-repo.js";
import { timestampsFileStore } from "./isomorphic-git-timestamps-file.js";
import { walkReaders } from "./objects/walk-readers.js";
import { onceOk } from "../../shared/once-ok.js";
import { repoPath, splitRelativePath } from "../../shared/relative-path.js";
import { safeAsync } from "../../shared/safe-async.js";
import { messageOf } from "../../shared/message-of.js";

/**
 * Options of {@link isomorphicGit}.
 *
 * @example
 * ```ts
 * const options: IsomorphicGitOptions = { fs: memfs().fs, dir: "/memory", now: () => 1700000000000 };
 * ```
 */
export interface IsomorphicGitOptions {
  /** The filesystem holding the repository: `node:fs`, `memfs().fs`, ... */
  readonly fs: FsLike;
  /** The memory root: the repository's top level or any folder inside it. */
  readonly dir: string;
  /** Who commits; default: the repository's local user.name/user.email, else agent-memory. */
  readonly author?: GitAuthor;
  /** The clock for commit times, epoch ms; default: the system clock. For tests and replays. */
  readonly now?: () => number;
  /**
   * Keep the timestamp walk between processes; default true. The first `timestamps()` of a
   * memory walks the whole history (about a second for 1,000 commits of 2,000 notes); with
   * this on, the result is saved in the repository's git dir
   * (`<gitdir>/agent-memory/timestamps-<hash>.json`, one per memory prefix: never committed,
   * never in the work tree), keyed by HEAD. A later adapter, in this process or another,
   * with the same HEAD reads that file instead of walking; after new commits it walks only
   * those; after a rewritten history it walks everything again. A missing, corrupt or
   * outdated file is ignored and rewritten. Turn it off for a read-only git dir or to
   * measure the walk itself.
   */
  readonly persistTimestamps?: boolean;
}

/**
 * Git over isomorphic-git, on any {@link FsLike}.
 *
 * @example
 * ```ts
 * import { memfs } from "memfs";
 * import * as git from "isomorphic-git";
 * import { isomorphicGit } from "agent-memory/adapters/isomorphic-git";
 *
 * const { fs } = memfs();
 * await git.init({ fs, dir: "/memory", defaultBranch: "main" });
 * const port = isomorphicGit({ fs, dir: "/memory" });
 * await fs.promises.writeFile("/memory/a id__Kf9mNp.md", "# A\n");
 * await port.commit("memory: first note"); // Ok("9fceb02...")
 * await port.timestamps(); // Ok(Map { "id__Kf9mNp" => { createdAt, updatedAt } })
 * ```
 */
export function isomorphicGit(options: IsomorphicGitOptions): Git {
  const { fs, dir } = options;
  const location = onceOk(() => findRepo(fs, dir));
  const unexpected = (action: string) => (cause: unknown) =>
    new GitError(`isomorphic-git failed while ${action} in ${dir}: ${messageOf(cause)}`, { cause });
  const histories = new Map<string, ReturnType<typeof createHistoryCache<IsoWalkHandle>>>();

  return {
    timestamps(prefix = "") {
      return safeAsync(async () => {
        const segments = splitRelativePath(prefix);
        if (segments.isErr())
          return err(new GitError(`Invalid timestamps prefix: ${segments.error}.`));
        const repo = await location();
        if (repo.isErr()) return err(repo.error);
        const key = segments.value.join("/");
        let history = histories.get(key);
        if (history === undefined) {
          const source = isoHistory(repo.value, segments.value);
          history = createHistoryCache(
            source.history,
            options.persistTimestamps === false
              ? undefined
              : timestampsFileStore(fs, repo.value.gitdir, source.prefix),
          );
          histories.set(key, history);
        }
        return history();
      }, unexpected("reading history"));
    },

    blame(path) {
      return safeAsync(async () => {
        const segments = splitRelativePath(path);
        if (segments.isErr() || path === "")
          return err(
            new GitError(
              `Invalid blame path "${path}": ${segments.isErr() ? segments.error : "empty"}.`,
            ),
          );
        const repo = await location();
        if (repo.isErr()) return err(repo.error);
        return ok(await blameWithIso(repo.value, repoPath(repo.value.prefix, path)));
      }, unexpected("blaming"));
    },

    commit(message, paths) {
      return safeAsync(async () => {
        const repo: Result<IsoRepo, GitError> = await location();
        if (repo.isErr()) return err(repo.error);
        const author = options.author ?? (await configuredIsoAuthor(repo.value));
        return commitWithIso({ repo: repo.value, author, now: options.now }, message, paths);
      }, unexpected("committing"));
    },
  };
}

/** The history of one folder of the memory, read with isomorphic-git, and its repository path. */
function isoHistory(
  repo: IsoRepo,
  segments: readonly string[],
): { history: HistorySource<IsoWalkHandle>; prefix: string } {
  const walked = [...(repo.prefix === "" ? [] : repo.prefix.split("/")), ...segments];
  const history: HistorySource<IsoWalkHandle> = {
    head: async () => ok(await headOid(repo)),
    walk: async (head, since) => {
      // Readers per walk: packs present now are indexed once, trees kept by oid.
      const { readCommit, readTree } = await walkReaders(repo);
      return ok(await walkHistory({ head, since, segments: walked, readCommit, readTree }));
    },
  };
  return { history, prefix: walked.join("/") };
}
