/**
 * The Git port over the git command-line tool.
 */
import { err, ok, type Result } from "neverthrow";
import { GitError } from "../../errors.js";
import type { Git, GitAuthor } from "../../ports/git.js";
import { createHistoryCache, type HistorySource } from "../git-history/history-cache.js";
import { blameWithCli } from "./git-cli-blame.js";
import { commitWithCli } from "./git-cli-commit.js";
import { pullWithCli, pushWithCli } from "./git-cli-sync.js";
import { guardedStep } from "./git-cli-dead-step.js";
import { resolve } from "node:path";
import { PRIVATE_FOLDER } from "../../model/layout.js";
import { LOG_FORMAT_ARG, parseGitLog } from "./git-cli-log-parser.js";
import { cliTimestampsStore } from "./git-cli-timestamps-file.js";
import { headFromFiles } from "./git-cli-head-file.js";
import { configuredAuthor, locateRepo, type RepoLocation } from "./git-cli-repo.js";
import { gitErrorFrom } from "./git-cli-errors.js";
import { gitEnv, runGit, type Exec } from "./git-cli-run.js";
import { onceOk } from "../../shared/once-ok.js";
import { repoPath, splitRelativePath } from "../../shared/relative-path.js";
import { safeAsync } from "../../shared/safe-async.js";

/**
 * Options of {@link gitCli}.
 *
 * @example
 * ```ts
 * const options: GitCliOptions = { dir: "/repo/orgs/acme", author: { name: "Bot", email: "bot@acme.dev" } };
 * ```
 */
export interface GitCliOptions {
  /** The memory root: the repository's top level or any folder inside it. */
  readonly dir: string;
  /** Who commits; default: the repository's user.name/user.email, else agent-memory. */
  readonly author?: GitAuthor;
  /** The git executable; default `"git"` from PATH. */
  readonly gitBinary?: string;
  /**
   * Extra environment for every git process, over `process.env`. For hosts and tests,
   * e.g. `{ HOME: emptyDir, GIT_CONFIG_NOSYSTEM: "1" }` to ignore the user's git config.
   */
  readonly env?: Readonly<Record<string, string>>;
  /** The clock for commit times, epoch ms; default: git's own clock. For tests and replays. */
  readonly now?: () => number;
  /**
   * Keep the timestamp walk in `<gitdir>/agent-memory/` so the next process with the same
   * HEAD reads it instead of running `git log` over the whole history (default true). The
   * file is derived state, checked by HEAD and shallow boundary; deleting it is always safe.
   */
  readonly persistTimestamps?: boolean;
}

/**
 * How old the HEAD seen when locating the repository may be for a history lookup to use it:
 * an answer is a snapshot of some moment anyway, and a second within the one `rev-parse`
 * that opened the repository is as current as a CLI call can see.
 */
const LOCATED_HEAD_MS = 1_000;

/** The single history walk: name-status per commit, author times, NUL-separated, no renames. */
const LOG_ARGS = [
  "-c",
  "log.showSignature=false",
  "-c",
  "log.follow=false",
  "--literal-pathspecs",
  "log",
  "--ignore-missing",
  "--full-history",
  "--no-merges",
  "--no-renames",
  "--no-color",
  "--no-ext-diff",
  "--name-status",
  "-z",
  LOG_FORMAT_ARG,
];

/**
 * Git over the `git` CLI. Spawns one `git log` per {@link Git.timestamps} call (plus one
 * `rev-parse` the first time) and a handful of processes per commit, never one per file.
 *
 * @example
 * ```ts
 * import { gitCli } from "agent-memory/adapters";
 *
 * const git = gitCli({ dir: "/home/me/notes/orgs/acme" });
 * const times = await git.timestamps(); // Ok(Map { "id__Kf9mNp" => { createdAt, updatedAt } })
 * const sha = await git.commit("memory: consolidate"); // Ok("9fceb02...") or Ok(null)
 * ```
 */
export function gitCli(options: GitCliOptions): Git {
  return createGitCli(options).git;
}

/**
 * {@link gitCli} over `options.dir` when that folder lies in a git repository, else
 * undefined (also when git is not installed). The check is the adapter's own first
 * `rev-parse`, so a caller that asks first pays no extra process.
 *
 * @example
 * ```ts
 * const git = await gitCliIfRepository({ dir: "/home/me/notes" });
 * const memory = createMemory({ persistence, ...(git === undefined ? {} : { git }) });
 * ```
 */
export async function gitCliIfRepository(options: GitCliOptions): Promise<Git | undefined> {
  const { git, location } = createGitCli(options);
  const repo = await location();
  return repo.isOk() ? git : undefined;
}

function createGitCli(options: GitCliOptions): {
  git: Git;
  location: () => Promise<Result<RepoLocation, GitError>>;
} {
  const { dir } = options;
  const binary = options.gitBinary ?? "git";
  const exec: Exec = async (args, run = {}) => {
    const env = { ...gitEnv(), ...options.env, ...run.env };
    const input = run.input === undefined ? {} : { input: run.input };
    const out = await runGit(args, { binary, cwd: run.cwd ?? dir, env, ...input });
    if (out.isOk()) return ok(out.value.stdout);
    if (run.allowExit !== undefined && out.error.exitCode === run.allowExit) return ok("");
    return err(gitErrorFrom(out.error, { binary, dir, args }));
  };
  const location = onceOk(() => locateRepo(exec, dir));
  // The HEAD the location saw, for the first history lookup only, and only while it is
  // young and nothing this adapter did may have moved it.
  let headSeenAtLocate = true;
  const takeLocatedHead = async (): Promise<{ commit: string | undefined } | undefined> => {
    if (!headSeenAtLocate) return undefined;
    headSeenAtLocate = false;
    const repo = await location();
    const head = repo.isOk() ? repo.value.head : undefined;
    return head !== undefined && Date.now() - head.at <= LOCATED_HEAD_MS ? head : undefined;
  };
  const moved = (): void => {
    headSeenAtLocate = false;
  };
  const author = onceOk(async (): Promise<Result<GitAuthor, GitError>> => {
    if (options.author !== undefined) return ok(options.author);
    const repo = await location();
    return repo.isErr() ? err(repo.error) : configuredAuthor(exec, repo.value.toplevel);
  });
  const unexpected = (action: string) => (cause: unknown) =>
    new GitError(`Unexpected failure while ${action} in ${dir}: ${String(cause)}`, { cause });
  const histories = new Map<string, ReturnType<typeof createHistoryCache<string>>>();
  // A step stopped dead is cleared up by the next one (git-cli-dead-step.ts).
  const steps = { exec, location, recoveredDir: resolve(dir, PRIVATE_FOLDER, "recovered") };

  const git: Git = {
    timestamps(prefix = "") {
      return safeAsync(async () => {
        const valid = splitRelativePath(prefix);
        if (valid.isErr()) return err(new GitError(`Invalid timestamps prefix: ${valid.error}.`));
        const repo = await location();
        if (repo.isErr()) return err(repo.error);
        const spec = repoPath(repo.value.prefix, prefix);
        let history = histories.get(spec);
        if (history === undefined) {
          const { gitdir } = repo.value;
          // A host's own GIT_DIR or GIT_COMMON_DIR may put the refs elsewhere: git then reads them.
          const redirected =
            options.env?.GIT_DIR !== undefined || options.env?.GIT_COMMON_DIR !== undefined;
          const headFiles = redirected ? undefined : gitdir;
          const store =
            options.persistTimestamps === false || gitdir === undefined
              ? undefined
              : cliTimestampsStore(gitdir, spec);
          history = createHistoryCache(
            cliHistory(exec, repo.value.toplevel, spec, dir, takeLocatedHead, headFiles),
            store,
          );
          histories.set(spec, history);
        }
        return history();
      }, unexpected("reading history"));
    },

    blame(path) {
      return safeAsync(async () => {
        const valid = splitRelativePath(path);
        if (valid.isErr() || path === "")
          return err(
            new GitError(`Invalid blame path "${path}": ${valid.isErr() ? valid.error : "empty"}.`),
          );
        const repo = await location();
        if (repo.isErr()) return err(repo.error);
        return blameWithCli(exec, repo.value.toplevel, repoPath(repo.value.prefix, path));
      }, unexpected("blaming"));
    },

    pull() {
      return safeAsync(() => {
        moved();
        return guardedStep(steps, "pull", (stepExec) =>
          pullWithCli({ exec: stepExec, location, author, now: options.now, dir }),
        );
      }, unexpected("pulling"));
    },

    push() {
      return safeAsync(() => {
        moved();
        return guardedStep(steps, "push", (stepExec) =>
          pushWithCli({ exec: stepExec, location, author, now: options.now, dir }),
        );
      }, unexpected("pushing"));
    },

    commit(message, paths) {
      return safeAsync(() => {
        moved();
        return guardedStep(steps, "commit", (stepExec) =>
          commitWithCli(
            { exec: stepExec, location, author, now: options.now, dir },
            message,
            paths,
          ),
        );
      }, unexpected("committing"));
    },
  };
  return { git, location };
}

/**
 * Variables that point git at a specific repository or index. Inherited from a git hook
 * (say, a pre-commit hook that runs the memory CLI) they would redirect every command
 * away from the memory root, so they are dropped; a host that needs them passes `env`.
 */
/**
 * The history of one pathspec through the git CLI: one `git log` walk, limited to the
 * commits after the previously walked HEAD when that one is still an ancestor.
 */
function cliHistory(
  exec: Exec,
  toplevel: string,
  spec: string,
  dir: string,
  takeLocatedHead: () => Promise<{ commit: string | undefined } | undefined>,
  gitdir: string | undefined,
): HistorySource<string> {
  return {
    async head() {
      const located = await takeLocatedHead();
      if (located !== undefined) return ok(located.commit);
      // Read from the files where they say it plainly: no process per read of a long-lived one.
      const fromFiles = gitdir === undefined ? undefined : await headFromFiles(gitdir);
      if (fromFiles !== undefined) return ok(fromFiles.commit);
      const out = await exec(["rev-parse", "--verify", "-q", "HEAD"], {
        cwd: toplevel,
        allowExit: 1,
      });
      return out.map((text) => (text.trim() === "" ? undefined : text.trim()));
    },
    async walk(head, since) {
      if (since !== undefined) {
        // A saved HEAD may name a commit this repository no longer has (history rewritten and
        // pruned): any failure here means "not an ancestor", and the whole history is walked.
        const base = await exec(["merge-base", since, head], { cwd: toplevel, allowExit: 1 });
        if (base.isErr() || base.value.trim() !== since) return ok(undefined);
      }
      // A pathspec costs git a tree comparison per commit (about +50% on 300 commits), so
      // when the memory is the whole repository the walk runs without one.
      const limit = spec === "." ? [] : ["--", spec];
      const range = since === undefined ? head : `${since}..${head}`;
      const out = await exec([...LOG_ARGS, range, ...limit], { cwd: toplevel });
      if (out.isErr()) return err(out.error);
      const commits = parseGitLog(out.value);
      if (commits.isErr()) {
        return err(
          new GitError(`Could not read the output of git log in ${dir}: ${commits.error}`),
        );
      }
      return ok({
        handle: head,
        commits: commits.value.map((commit) => ({
          authorTimeMs: commit.authorTimeMs,
          paths: commit.changes.map((change) => change.path),
        })),
      });
    },
  };
}
