import { errAsync, okAsync, ResultAsync } from "neverthrow";
import { GitError } from "../../errors.js";
import { gitEnv, runGit } from "./git-cli-run.js";
import { ID_SOURCE } from "../../model/id.js";
import { commitTimeMs } from "../../shared/commit-time.js";

/** One commit in a note's history. */
export interface NoteHistoryCommit {
  /** Author time, epoch ms. */
  readonly date: number;
  /** The commit's subject line. */
  readonly message: string;
}

/** Options of {@link gitNoteHistory}. */
export interface NoteHistoryOptions {
  /** The memory root (any folder inside the repository; only history under it is read). */
  readonly dir: string;
  /** The walk stops after this many commits, newest first. Default 2,000. */
  readonly maxCommits?: number;
  /** At most this many commits kept per note. Default 20. */
  readonly perNote?: number;
  /** The git executable. Default "git". */
  readonly binary?: string;
}

const RECORD = "\u001e";
const FIELD = "\u001f";
const NOTE_FILE_ID = new RegExp(String.raw`(${ID_SOURCE})\.md$`);

/**
 * Each note's latest commits (date and subject), newest first, from ONE bounded `git log`
 * walk under the memory root: the last `maxCommits` commits, never one log per note. Keyed by
 * note id, so a renamed or moved note keeps the history of its earlier names.
 *
 * @example
 * ```ts
 * const history = await gitNoteHistory({ dir: root });
 * if (history.isOk()) history.value.get("id__Kf9mNp")?.[0]?.message;
 * ```
 */
export function gitNoteHistory(
  options: NoteHistoryOptions,
): ResultAsync<Map<string, NoteHistoryCommit[]>, GitError> {
  const maxCommits = options.maxCommits ?? 2_000;
  const perNote = options.perNote ?? 20;
  if (!Number.isInteger(maxCommits) || maxCommits <= 0) {
    return errAsync(new GitError(`maxCommits must be a positive whole number, not ${maxCommits}.`));
  }
  const args = [
    "-c",
    "core.quotePath=false",
    "log",
    `-n${maxCommits}`,
    `--format=${RECORD}%at${FIELD}%s`,
    "--name-only",
    "--no-renames",
    "--",
    ".",
  ];
  return ResultAsync.fromSafePromise(
    runGit(args, { binary: options.binary ?? "git", cwd: options.dir, env: gitEnv() }),
  ).andThen((ran) => {
    if (ran.isErr()) {
      // A repository with no commit yet has no history: an empty one, not an error.
      if (/does not have any commits|bad default revision/.test(ran.error.stderr)) {
        return okAsync(new Map<string, NoteHistoryCommit[]>());
      }
      return errAsync(
        new GitError(`git log failed in ${options.dir}: ${ran.error.stderr.trim()}`, {
          cause: ran.error.cause,
        }),
      );
    }
    return okAsync(parseHistory(ran.value.stdout, perNote));
  });
}

function parseHistory(output: string, perNote: number): Map<string, NoteHistoryCommit[]> {
  const history = new Map<string, NoteHistoryCommit[]>();
  for (const record of output.split(RECORD)) {
    const [head = "", ...files] = record.split("\n");
    const cut = head.indexOf(FIELD);
    if (cut < 0) continue;
    const commit = { date: commitTimeMs(Number(head.slice(0, cut))), message: head.slice(cut + 1) };
    const ids = new Set(files.flatMap((file) => NOTE_FILE_ID.exec(file)?.[1] ?? []));
    for (const id of ids) {
      const list = history.get(id) ?? [];
      if (list.length < perNote) list.push(commit);
      history.set(id, list);
    }
  }
  return history;
}
