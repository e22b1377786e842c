/**
 * Running the git binary through the adapters' one process runner: no shell (nothing in a
 * path or message is ever interpreted), a generous output bound for large histories, and an
 * environment without the variables that would point git at another repository.
 */
import { err, ok, type Result } from "neverthrow";
import type { GitError } from "../../errors.js";
import { runProcess, scrubbedEnv } from "../process/run-process.js";

/**
 * Large enough for the name-status log of a long history; bounded so a runaway cannot eat memory.
 *
 * @example
 * ```ts
 * execFile("git", ["log"], { maxBuffer: GIT_MAX_OUTPUT_BYTES });
 * ```
 */
export const GIT_MAX_OUTPUT_BYTES = 512 * 1024 * 1024;

/** The end of git's stderr kept for error messages (the lines that say what went wrong). */
const GIT_STDERR_KEEP_BYTES = 64 * 1024;

// Inherited from a git hook these would point every command at another repository.
const REPOSITORY_VARIABLES = [
  "GIT_DIR",
  "GIT_WORK_TREE",
  "GIT_INDEX_FILE",
  "GIT_PREFIX",
  "GIT_COMMON_DIR",
];

/**
 * This process's environment without the variables that point git at a repository (set when
 * the library runs inside a git hook): every git run starts from it.
 *
 * @example
 * ```ts
 * const env = { ...gitEnv(), GIT_AUTHOR_NAME: "agent-memory" };
 * ```
 */
export function gitEnv(): Record<string, string | undefined> {
  return scrubbedEnv(REPOSITORY_VARIABLES);
}

/**
 * How to run git.
 *
 * @example
 * ```ts
 * const options: GitRunOptions = { binary: "git", cwd: "/repo", env: gitEnv(), input: "a.md\0" };
 * ```
 */
export interface GitRunOptions {
  /** The git executable. */
  readonly binary: string;
  /** Working directory of the process. */
  readonly cwd: string;
  /** The complete environment of the process (see {@link gitEnv}). */
  readonly env: Readonly<Record<string, string | undefined>>;
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
 * const out = await runGit(["rev-parse", "HEAD"], { binary: "git", cwd: dir, env: gitEnv() });
 * if (out.isOk()) sha = out.value.stdout.trim();
 * ```
 */
export async function runGit(
  args: readonly string[],
  options: GitRunOptions,
): Promise<Result<GitOutput, GitRunFailure>> {
  const end = await runProcess({
    command: options.binary,
    args,
    cwd: options.cwd,
    env: options.env,
    // stdin is closed either way, so git never waits on the terminal.
    input: options.input ?? "",
    stdout: { keep: "whole", maxBytes: GIT_MAX_OUTPUT_BYTES },
    stderrKeepBytes: GIT_STDERR_KEEP_BYTES,
  });
  switch (end.kind) {
    case "exited": {
      const stdout = Buffer.from(end.stdout).toString("utf8");
      if (end.exitCode === 0) return ok({ stdout, stderr: end.stderr });
      const cause = new Error(`${options.binary} exited with code ${end.exitCode}`);
      return err({ exitCode: end.exitCode, stderr: end.stderr, cause });
    }
    case "killed": {
      const cause = new Error(`${options.binary} was killed by ${end.signal}`);
      return err({ exitCode: undefined, stderr: end.stderr, cause });
    }
    case "too-large": {
      const cause = Object.assign(new Error(`stdout maxBuffer length exceeded`), {
        code: "ERR_CHILD_PROCESS_STDIO_MAXBUFFER",
      });
      return err({ exitCode: undefined, stderr: end.stderr, cause });
    }
    case "spawn-failed":
      return err({ exitCode: undefined, stderr: "", cause: end.error });
    case "timed-out":
    case "aborted":
      // Not reached: a git run has neither a deadline nor a signal.
      return err({ exitCode: undefined, stderr: "", cause: new Error(`git run ${end.kind}`) });
  }
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

/**
 * Whether a git run did not end by itself (a signal: the OOM killer, a person, a fault sweep),
 * so it may have stopped anywhere in what it writes.
 *
 * @example
 * ```ts
 * if (out.isErr() && wasKilled(out.error)) await clearLeftovers();
 * ```
 */
export function wasKilled(error: GitError): boolean {
  return error.cause instanceof Error && / was killed by /.test(error.cause.message);
}
