/**
 * The project repository port over a git checkout: the file list from `git ls-files` (the
 * working tree as it is: tracked and untracked-but-not-ignored files, minus the ones deleted
 * from disk), files read from disk, remotes from the git config, and the installed
 * `node_modules/.bin`. The memory's own folder, when it lives in the same repository, is left
 * out of the list: notes are not the code they describe.
 */
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { err, ok, ResultAsync, type Result } from "neverthrow";
import { GitError, PersistenceError } from "../../errors.js";
import type { ProjectRepository } from "../../ports/project-repository.js";
import { messageOf } from "../../shared/message-of.js";
import { onceOk } from "../../shared/once-ok.js";
import { errnoCode } from "../fs/fs-like.js";
import { gitErrorFrom } from "./git-cli-errors.js";
import { locateRepo } from "./git-cli-repo.js";
import { gitEnv, runGit, type Exec } from "./git-cli-run.js";

/**
 * Where the project is, and where the memory sits in it.
 *
 * @example
 * ```ts
 * const options: GitProjectRepositoryOptions = { dir: "/src/app", memoryRoot: "/src/app/.memory" };
 * ```
 */
export interface GitProjectRepositoryOptions {
  /** A folder inside the project's checkout (its top level is found with git). */
  readonly dir: string;
  /** The memory root, when it may lie in the same repository: its files are left out. */
  readonly memoryRoot?: string;
  /** The git executable (default "git"). */
  readonly gitBinary?: string;
}

/**
 * The project repository at `dir`. Nothing runs until the first call; the top level and the
 * memory's folder are found once.
 *
 * @example
 * ```ts
 * const repository = gitProjectRepository({ dir: process.cwd(), memoryRoot: "/src/app/.memory" });
 * const files = await repository.files(); // Ok(["package.json", "src/index.ts", ...])
 * ```
 */
export function gitProjectRepository(options: GitProjectRepositoryOptions): ProjectRepository {
  const binary = options.gitBinary ?? "git";
  const env = gitEnv();
  const exec: Exec = async (args, run = {}) => {
    const out = await runGit(args, { binary, cwd: run.cwd ?? options.dir, env });
    if (out.isOk()) return ok(out.value.stdout);
    if (run.allowExit !== undefined && out.error.exitCode === run.allowExit) return ok("");
    return err(gitErrorFrom(out.error, { binary, dir: run.cwd ?? options.dir, args }));
  };
  const where = onceOk(
    async (): Promise<Result<{ toplevel: string; skip: string | null }, GitError>> => {
      const project = await locateRepo(exec, options.dir);
      if (project.isErr()) return err(project.error);
      const { toplevel } = project.value;
      if (options.memoryRoot === undefined) return ok({ toplevel, skip: null });
      const memory = await locateRepo(exec, options.memoryRoot);
      // A memory in another repository (or none) shares no files with the project.
      if (memory.isErr() || memory.value.toplevel !== toplevel) return ok({ toplevel, skip: null });
      return ok({ toplevel, skip: memory.value.prefix });
    },
  );
  const toplevel = () => ResultAsync.fromSafePromise(where()).andThen((found) => found);
  return {
    location: options.dir,
    files: () =>
      toplevel().andThen(({ toplevel: cwd, skip }) =>
        ResultAsync.fromSafePromise(
          Promise.all([
            exec(["ls-files", "-z", "--cached", "--others", "--exclude-standard"], { cwd }),
            exec(["ls-files", "-z", "--deleted"], { cwd }),
          ]),
        ).andThen(([listed, deleted]) => {
          if (listed.isErr()) return err(listed.error);
          if (deleted.isErr()) return err(deleted.error);
          const gone = new Set(deleted.value.split("\0"));
          const files = new Set(
            listed.value
              .split("\0")
              .filter((path) => path !== "" && !gone.has(path) && !inFolder(path, skip)),
          );
          return ok([...files]);
        }),
      ),
    read: (path) =>
      toplevel()
        .mapErr((error) => new PersistenceError(error.message, { cause: error }))
        .andThen(({ toplevel: top }) =>
          ResultAsync.fromPromise(
            readFile(join(top, path), "utf8"),
            (cause) =>
              new PersistenceError(`Could not read ${path} in ${top}: ${messageOf(cause)}`, {
                cause,
              }),
          ),
        ),
    remoteUrls: () =>
      toplevel().andThen(({ toplevel: cwd }) =>
        ResultAsync.fromSafePromise(
          exec(["config", "-z", "--get-regexp", "^remote\\..*\\.url$"], { cwd, allowExit: 1 }),
        ).andThen((out) =>
          out.map((text) =>
            text
              .split("\0")
              .map((record) => record.slice(record.indexOf("\n") + 1).trim())
              .filter((url) => url !== ""),
          ),
        ),
      ),
    installedBinaries: () =>
      toplevel()
        .mapErr((error) => new PersistenceError(error.message, { cause: error }))
        .andThen(({ toplevel: top }) =>
          ResultAsync.fromPromise(
            readdir(join(top, "node_modules", ".bin")).then(
              (names): readonly string[] | null => names,
              (cause: unknown) => {
                if (errnoCode(cause) === "ENOENT" || errnoCode(cause) === "ENOTDIR") return null;
                throw cause;
              },
            ),
            (cause) =>
              new PersistenceError(
                `Could not list node_modules/.bin in ${top}: ${messageOf(cause)}`,
                {
                  cause,
                },
              ),
          ),
        ),
  };
}

/** Whether `path` lies in the folder `skip` ("" is the whole repository; null is no folder). */
function inFolder(path: string, skip: string | null): boolean {
  return skip !== null && (skip === "" || path === skip || path.startsWith(`${skip}/`));
}
