/**
 * Failed git runs turned into GitError: git's stderr plus a hint a person can act on.
 */
import { GitError } from "../../errors.js";
import { GIT_MAX_OUTPUT_BYTES, type GitRunFailure } from "./git-cli-run.js";
import { messageOf } from "../../shared/message-of.js";

/**
 * Where and what was run, for messages.
 *
 * @example
 * ```ts
 * const invocation: GitInvocation = { binary: "git", dir: "/repo", args: ["log"] };
 * ```
 */
export interface GitInvocation {
  readonly binary: string;
  readonly dir: string;
  readonly args: readonly string[];
}

/**
 * Turns a failed run into a GitError whose message says what to do next.
 *
 * @example
 * ```ts
 * const error = gitErrorFrom(failure, { binary: "git", dir: "/memory", args: ["log"] });
 * error.message; // "Not a git repository: /memory ... run `git init` ..."
 * ```
 */
export function gitErrorFrom(failure: GitRunFailure, invocation: GitInvocation): GitError {
  const stderr = failure.stderr.trim();
  const command = `${invocation.binary} ${subcommand(invocation.args)}`;
  const detail = stderr === "" ? messageOf(failure.cause) : stderr;
  return new GitError(`${hint(failure, invocation, stderr)} (${command}: ${detail})`, {
    cause: failure.cause,
  });
}

function hint(failure: GitRunFailure, invocation: GitInvocation, stderr: string): string {
  const code = errorCode(failure.cause);
  if (code === "ENOENT") {
    return (
      `Could not run "${invocation.binary}" for the memory at ${invocation.dir}: is git installed and on PATH? ` +
      "(Or pass gitBinary with the path of the git executable.)"
    );
  }
  if (code === "ERR_CHILD_PROCESS_STDIO_MAXBUFFER") {
    return `git printed more than ${GIT_MAX_OUTPUT_BYTES} bytes; the history under ${invocation.dir} is too large to read in one walk`;
  }
  if (/not a git repository/i.test(stderr)) {
    return `Not a git repository: ${invocation.dir} is not inside a git work tree; run \`git init\` in ${invocation.dir} (or a parent folder)`;
  }
  if (/dubious ownership/i.test(stderr)) {
    return (
      `git refuses to work in ${invocation.dir} because another user owns it; ` +
      `run \`git config --global --add safe.directory <repository>\` if you trust it`
    );
  }
  if (/index\.lock/.test(stderr)) {
    return (
      "Another git process is using the repository (index.lock exists); wait for it to finish, " +
      "or delete .git/index.lock if no git process is running"
    );
  }
  return (
    `git failed in ${invocation.dir}` +
    (failure.exitCode === undefined ? "" : ` with exit code ${failure.exitCode}`)
  );
}

/** The git subcommand in an argument list, skipping global options and `-c <value>` pairs. */
function subcommand(args: readonly string[]): string {
  for (let i = 0; i < args.length; i += 1) {
    const arg = args[i] ?? "";
    if (arg === "-c" || arg === "-C") i += 1;
    else if (!arg.startsWith("-")) return arg;
  }
  return "";
}

function errorCode(cause: unknown): unknown {
  return typeof cause === "object" && cause !== null && "code" in cause ? cause.code : undefined;
}
