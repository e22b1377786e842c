/**
 * Running the git binary: no shell (arguments go straight to execFile, so nothing in a
 * path or message is ever interpreted) and a generous output bound for large histories.
 */
import { execFile } from "node:child_process";
import { err, ok, type Result } from "neverthrow";
import type { GitError } from "../../errors.js";

/**
 * Large enough for the name-status log of a long history; bounded so a runaway cannot eat memory.
 *
 * @example
 * ```ts
 * execFile("git", ["log"], { maxBuffer: GIT_MAX_OUTPUT_BYTES });
 * ```
 */
export const GIT_MAX_OUTPUT_BYTES = 512 * 1024 * 1024;

/**
 * How to run git.
 *
 * @example
 * ```ts
 * const options: GitRunOptions = { binary: "git", cwd: "/repo", env: process.env, input: "a.md\0" };
 * ```
 */
export interface GitRunOptions {
  /** The git executable. */
  readonly binary: string;
  /** Working directory of the process. */
  readonly cwd: string;
  /** The complete environment of the process. */
  readonly env: NodeJS.ProcessEnv;
  /** Written to git's stdin (e.g. a NUL-separated pathspec list); stdin is closed either way. */
  readonly input?: string;
}

/**
 * What a successful git run printed.
 *
 * @example
 * ```ts
 * const out: GitOutput = { stdout: "9fceb02\n", stderr: "" };
 * ```
 */
export interface GitOutput {
  readonly stdout: string;
  readonly stderr: string;
}

/**
 * A failed run: the exit code when git ran at all, its stderr, and the raw error.
 *
 * @example
 * ```ts
 * const failure: GitRunFailure = { exitCode: 128, stderr: "fatal: not a git repository", cause };
 * ```
 */
export interface GitRunFailure {
  readonly exitCode: number | undefined;
  readonly stderr: string;
  readonly cause: unknown;
}

/**
 * Runs `git <args>`; never rejects.
 *
 * @example
 * ```ts
 * const out = await runGit(["rev-parse", "HEAD"], { binary: "git", cwd: dir, env: process.env });
 * if (out.isOk()) sha = out.value.stdout.trim();
 * ```
 */
export function runGit(
  args: readonly string[],
  options: GitRunOptions,
): Promise<Result<GitOutput, GitRunFailure>> {
  return new Promise((resolve) => {
    const child = execFile(
      options.binary,
      args,
      {
        cwd: options.cwd,
        env: options.env,
        maxBuffer: GIT_MAX_OUTPUT_BYTES,
        encoding: "utf8",
        windowsHide: true,
      },
      (error, stdout, stderr) => {
        if (error === null) {
          resolve(ok({ stdout, stderr }));
          return;
        }
        const exitCode = typeof error.code === "number" ? error.code : undefined;
        resolve(err({ exitCode, stderr, cause: error }));
      },
    );
    // git may exit before reading stdin (e.g. on a usage error); the resulting EPIPE is
    // reported through the exit status, so it must not become an unhandled 'error' event.
    child.stdin?.on("error", () => undefined);
    child.stdin?.end(options.input ?? "");
  });
}

/**
 * Options of one git run inside the CLI adapter.
 *
 * @example
 * ```ts
 * await exec(["config", "user.name"], { cwd: "/repo", allowExit: 1 });
 * ```
 */
export interface ExecOptions {
  /** Working directory; default the memory root. */
  readonly cwd?: string;
  readonly input?: string;
  /** Extra environment for this run only. */
  readonly env?: Readonly<Record<string, string>>;
  /** An exit code that means "nothing found" rather than failure (stdout is then ""). */
  readonly allowExit?: number;
}

/**
 * Runs git and returns stdout or a GitError.
 *
 * @example
 * ```ts
 * const head = await exec(["rev-parse", "HEAD"]); // Ok("9fceb02...\n")
 * ```
 */
export type Exec = (
  args: readonly string[],
  options?: ExecOptions,
) => Promise<Result<string, GitError>>;
