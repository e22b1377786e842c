/**
 * Parser for the one `git log` walk the CLI adapter runs:
 * `git log -z --name-status --format=%x1e%H %at`.
 *
 * With `-z` every field ends in NUL and paths are never quoted, so spaces, unicode,
 * tabs and quotes in file names come through verbatim. The stream looks like
 * `\x1e<sha> <author time>\0` then, per changed file, `\n?<status>\0<path>\0`
 * (renames and copies carry two paths, though the adapter asks for none).
 */
import { err, ok, type Result } from "neverthrow";
import { commitTimeMs } from "../../shared/commit-time.js";

/** Starts every commit header; a byte that never begins a status letter. */
const LOG_COMMIT_MARKER = "\x1e";

/**
 * The `--format` argument that produces the headers this parser reads.
 *
 * @example
 * ```ts
 * execFile("git", ["log", "-z", "--name-status", LOG_FORMAT_ARG]);
 * ```
 */
export const LOG_FORMAT_ARG = "--format=%x1e%H %at";

/**
 * One file change in a commit.
 *
 * @example
 * ```ts
 * const change: LogChange = { status: "A", path: "topics/a id__Kf9mNp.md" };
 * ```
 */
export interface LogChange {
  /** The status letter(s): A, M, D, T, or R/C with a score. */
  readonly status: string;
  /** Path relative to the repository root. */
  readonly path: string;
}

/**
 * One commit from the walk.
 *
 * @example
 * ```ts
 * const commit: LogCommit = { sha: "9fceb02", authorTimeMs: 1700000000000, changes: [] };
 * ```
 */
export interface LogCommit {
  readonly sha: string;
  /** Author time in epoch milliseconds. */
  readonly authorTimeMs: number;
  readonly changes: LogChange[];
}

/**
 * Parses `git log -z --name-status --format=%x1e%H %at` output.
 *
 * @returns The commits in output order, or a description of the first malformed token.
 *
 * @example
 * ```ts
 * parseGitLog("\x1eabc 1700000000\0\nA\0topics/a id__Kf9mNp.md\0");
 * // Ok([{ sha: "abc", authorTimeMs: 1700000000000,
 * //       changes: [{ status: "A", path: "topics/a id__Kf9mNp.md" }] }])
 * ```
 */
export function parseGitLog(output: string): Result<LogCommit[], string> {
  const tokens = output.split("\0");
  const commits: LogCommit[] = [];
  let current: LogCommit | undefined;
  let i = 0;
  while (i < tokens.length) {
    // Newlines separate a header from its file list; they are never part of a status.
    const token = (tokens[i] ?? "").replace(/^\n+/, "");
    i += 1;
    if (token === "") continue;
    if (token.startsWith(LOG_COMMIT_MARKER)) {
      const header = parseHeader(token.slice(LOG_COMMIT_MARKER.length));
      if (header.isErr()) return err(header.error);
      current = header.value;
      commits.push(current);
      continue;
    }
    if (current === undefined) return err(`expected a commit header, got ${JSON.stringify(token)}`);
    const pathCount = /^[RC]/.test(token) ? 2 : 1;
    for (let k = 0; k < pathCount; k += 1) {
      const path = tokens[i + k];
      if (path === undefined || path === "") {
        return err(`status ${JSON.stringify(token)} of commit ${current.sha} has no path`);
      }
      current.changes.push({ status: token, path });
    }
    i += pathCount;
  }
  return ok(commits);
}

function parseHeader(header: string): Result<LogCommit, string> {
  const match = /^([0-9a-f]{7,64}) (-?\d+)\n?$/.exec(header);
  if (match === null || match[1] === undefined || match[2] === undefined) {
    return err(`malformed commit header ${JSON.stringify(header)}`);
  }
  return ok({ sha: match[1], authorTimeMs: commitTimeMs(Number(match[2])), changes: [] });
}
