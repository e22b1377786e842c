/**
 * Finding and sizing the transcript file a journal entry points at, with the errors the
 * `file` and `jsonl` readers share.
 */
import { isAbsolute, resolve } from "node:path";
import { err, ok, type Result } from "neverthrow";
import type { JournalEntry } from "../../model/records/journal-entry.js";
import { InvalidInputError, NotFoundError, SessionReadError } from "../../errors.js";
import { errnoCode } from "../fs/fs-like.js";
import type { SessionFs } from "./session-fs.js";
import { budgetProblem } from "../../model/records/session-budget.js";
import { messageOf } from "../../shared/message-of.js";
import { insideRoots } from "./session-roots.js";

/**
 * The transcript path of `entry`: `retrieval.sessionPath`, resolved against
 * `context.cwd` when it is relative and the cwd is absolute.
 *
 * @example
 * ```ts
 * transcriptPath({ ...entry, retrieval: { method: "file", sessionPath: "notes.md" }, context: { cwd: "/p" } }); // Ok("/p/notes.md")
 * ```
 */
export function transcriptPath(entry: JournalEntry): Result<string, InvalidInputError> {
  const { sessionPath } = entry.retrieval;
  if (sessionPath === undefined) {
    return err(
      new InvalidInputError(
        `The journal entry has no retrieval.sessionPath, which the "${entry.retrieval.method}" reader needs.`,
      ),
    );
  }
  const cwd = entry.context.cwd;
  if (isAbsolute(sessionPath) || cwd === undefined || !isAbsolute(cwd)) return ok(sessionPath);
  return ok(resolve(cwd, sessionPath));
}

/**
 * The size of the transcript at `path`, or why it cannot be read.
 *
 * @example
 * ```ts
 * const size = await transcriptSize(fs, "/tmp/s.jsonl");
 * ```
 */
export async function transcriptSize(
  fs: SessionFs,
  path: string,
): Promise<Result<number, NotFoundError | InvalidInputError | SessionReadError>> {
  try {
    const stats = await fs.promises.stat(path);
    if (!stats.isFile()) {
      return err(new InvalidInputError(`The session transcript ${path} is not a file.`));
    }
    return ok(Number(stats.size));
  } catch (cause) {
    if (errnoCode(cause) === "ENOENT") {
      return err(
        new NotFoundError(
          `The session transcript ${path} does not exist (moved, deleted, or on another machine).`,
          { cause },
        ),
      );
    }
    return err(readFailure(path, cause));
  }
}

/**
 * What both file readers check first: a usable budget, the entry's transcript path, and the
 * transcript's size.
 *
 * @example
 * ```ts
 * const found = await locateTranscript(fs, entry, 32 * 1024); // Ok({ source: "/p/s.jsonl", total: 1234 })
 * ```
 */
export async function locateTranscript(
  fs: SessionFs,
  entry: JournalEntry,
  budgetBytes: number,
  allowedRoots?: readonly string[],
): Promise<
  Result<{ source: string; total: number }, NotFoundError | InvalidInputError | SessionReadError>
> {
  const budget = budgetProblem(budgetBytes);
  if (budget !== undefined) return err(budget);
  const path = transcriptPath(entry);
  if (path.isErr()) return err(path.error);
  const allowed = insideRoots(path.value, allowedRoots);
  if (allowed.isErr()) return err(allowed.error);
  if (allowedRoots !== undefined) {
    // The real paths too: a symbolic link inside a root must not lead outside it.
    const roots = await Promise.all(allowedRoots.map((root) => realPathOf(fs, root)));
    const real = insideRoots(await realPathOf(fs, allowed.value), roots);
    if (real.isErr()) return err(real.error);
  }
  const size = await transcriptSize(fs, path.value);
  return size.map((total) => ({ source: path.value, total }));
}

/** The path with its symbolic links resolved, when the fs can say; else the path itself. */
async function realPathOf(fs: SessionFs, path: string): Promise<string> {
  const promises: object = fs.promises;
  if (!("realpath" in promises) || typeof promises.realpath !== "function") return path;
  const real: unknown = await Promise.resolve(promises.realpath(path)).catch(() => path);
  return typeof real === "string" ? real : path;
}

/**
 * The error for content that is not text.
 *
 * @example
 * ```ts
 * binaryContent("/tmp/photo.png", 12);
 * ```
 */
export function binaryContent(path: string, offset: number): SessionReadError {
  return new SessionReadError(
    `The session transcript ${path} looks binary (a NUL byte at byte ${offset}); ` +
      "point the journal entry at a text or JSON Lines transcript.",
  );
}

/**
 * The error for a read the caller aborted.
 *
 * @example
 * ```ts
 * if (signal?.aborted) return err(aborted(path));
 * ```
 */
export function aborted(source: string): SessionReadError {
  return new SessionReadError(`Reading the session ${source} was aborted.`);
}

/**
 * The error for an unexpected failure reading `path`.
 *
 * @example
 * ```ts
 * catch (cause) { return err(readFailure(path, cause)); }
 * ```
 */
export function readFailure(path: string, cause: unknown): SessionReadError {
  const reason = messageOf(cause);
  return new SessionReadError(`Could not read the session transcript ${path}: ${reason}`, {
    cause,
  });
}
