/**
 * What a pull settles by meaning after git merged and before the merge is committed (every
 * pull merges with `--no-commit`, so a merge commit never holds what git could not see):
 *
 * - the conflicts git leaves for a note: renamed (or moved) on both clones, renamed on one and
 *   changed on the other beyond git's rename detection, or changed on one and deleted on the
 *   other. Git never calls a content merge driver for these. All or nothing: when any
 *   conflicted path is something else (a text conflict the driver left, a file that is not a
 *   note, two notes with one id), nothing is touched and the caller undoes the merge as before;
 * - one note at two paths after a merge git called clean: renamed on both clones, each rename
 *   too big for git's rename detection (a short note whose heading changed), so git deleted
 *   the old path on both sides and added both new ones. Settled the same way as a
 *   rename/rename; when it cannot be (two different notes given one id), it is left to
 *   `memory doctor` as before.
 *
 * The note's id says which paths are one note, and `settleNoteSides` (model) decides its path
 * and text.
 *
 * @module
 */

import { mkdir, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { parseFilename } from "../../model/filename.js";
import { mergeFileKind } from "../../model/merge/merge-memory-file.js";
import {
  settleNoteSides,
  type NoteSide,
  type SettledNote,
} from "../../model/merge/merge-note-paths.js";
import { safeRemove } from "./git-cli-recovered.js";
import type { Exec } from "./git-cli-run.js";

/** A settled note and the paths (repository-relative) it replaced. */
export interface SettledAt extends SettledNote {
  readonly replaced: readonly string[];
}

/**
 * Settles every conflicted path of the merge in progress (`files`, between `before` and
 * `mergeHead`) and every note the merge left at two paths, then commits the merge; undefined
 * when it cannot settle every conflicted path or a git step failed (the merge is then still
 * in progress, for the caller to undo).
 */
export async function settleAndCommitMerge(
  exec: Exec,
  cwd: string,
  files: readonly string[],
  before: string,
  mergeHead: string,
  env: Record<string, string>,
): Promise<SettledAt[] | undefined> {
  const conflicted = new Set<string>();
  for (const file of files) {
    const parsed = parseFilename(file);
    if (mergeFileKind(file) !== "note" || parsed.isErr()) return undefined;
    conflicted.add(parsed.value.id);
  }
  const staged = await text(exec, cwd, ["ls-files", "-z"]);
  if (staged === undefined) return undefined;
  const twice = [...notesByIdIn(staged.split("\0"))]
    .filter(([id, paths]) => paths.length > 1 && !conflicted.has(id))
    .map(([id]) => id);
  // Most merges: nothing conflicted, no note at two paths; no tree needs reading.
  const settled =
    conflicted.size === 0 && twice.length === 0
      ? []
      : await settleIds(exec, cwd, conflicted, twice, before, mergeHead);
  if (settled === undefined) return undefined;
  for (const note of settled) if (!(await write(exec, cwd, note))) return undefined;
  const left = await text(exec, cwd, ["diff", "--name-only", "--diff-filter=U"]);
  if (left === undefined || left.trim() !== "") return undefined;
  const committed = await exec(["commit", "--no-edit", "--cleanup=strip", "--quiet"], { cwd, env });
  if (committed.isOk()) return settled;
  // Git killed after it wrote the merge commit (in its post-commit hook, say): the merge is
  // done, and undoing it now would put the pre-merge files back under the merge commit.
  const parents = await text(exec, cwd, ["rev-parse", "HEAD^@"]);
  return parents?.trim().split("\n").join(" ") === `${before} ${mergeHead}` ? settled : undefined;
}

/**
 * The conflicted ids, each settled (undefined when one cannot be), and the ids the merge left
 * at two paths that it can settle.
 */
async function settleIds(
  exec: Exec,
  cwd: string,
  conflicted: ReadonlySet<string>,
  twice: readonly string[],
  before: string,
  mergeHead: string,
): Promise<SettledAt[] | undefined> {
  const base = await text(exec, cwd, ["merge-base", before, mergeHead]);
  if (base === undefined) return undefined;
  const trees = [base.trim(), before, mergeHead];
  const sides: (Map<string, string[]> | undefined)[] = [];
  for (const rev of trees) sides.push(await notesById(exec, cwd, rev));
  // Two paths already on one side were not made by this merge: doctor's, not this.
  const split = twice.filter((id) => sides.every((side) => (side?.get(id) ?? []).length < 2));
  const settled: SettledAt[] = [];
  for (const id of [...conflicted, ...split]) {
    const note = await settleOne(exec, cwd, id, trees, sides);
    if (note !== undefined) settled.push(note);
    else if (conflicted.has(id)) return undefined;
  }
  return settled;
}

/** One id's versions in the base and on both sides, settled; undefined when it cannot be. */
async function settleOne(
  exec: Exec,
  cwd: string,
  id: string,
  trees: readonly string[],
  sides: readonly (Map<string, string[]> | undefined)[],
): Promise<SettledAt | undefined> {
  const versions: (NoteSide | undefined)[] = [];
  for (const [k, rev] of trees.entries()) {
    const paths = sides[k]?.get(id) ?? [];
    // One id at two paths on one side is a collision, never settled here.
    if (paths.length > 1 || sides[k] === undefined) return undefined;
    const [path] = paths;
    const content =
      path === undefined ? undefined : await text(exec, cwd, ["show", `${rev}:${path}`]);
    if (path !== undefined && content === undefined) return undefined;
    versions.push(
      path === undefined || content === undefined ? undefined : { path, text: content },
    );
  }
  const [b, o, t] = versions;
  const note = settleNoteSides(b, o, t);
  if (note === undefined) return undefined;
  const replaced = [...new Set(versions.flatMap((v) => (v === undefined ? [] : [v.path])))];
  return { ...note, replaced };
}

/** Every note path in `rev`'s tree, by id. */
async function notesById(
  exec: Exec,
  cwd: string,
  rev: string,
): Promise<Map<string, string[]> | undefined> {
  const listed = await text(exec, cwd, ["ls-tree", "-r", "-z", "--name-only", rev]);
  return listed === undefined ? undefined : notesByIdIn(listed.split("\0"));
}

/** The note paths among `paths` (unmerged index entries listed once per stage), by id. */
function notesByIdIn(paths: readonly string[]): Map<string, string[]> {
  const byId = new Map<string, string[]>();
  for (const path of new Set(paths)) {
    const parsed = parseFilename(path);
    if (mergeFileKind(path) !== "note" || parsed.isErr()) continue;
    byId.set(parsed.value.id, [...(byId.get(parsed.value.id) ?? []), path]);
  }
  return byId;
}

/** The note's paths out of the index and the work tree, then its text at its path, staged. */
async function write(exec: Exec, cwd: string, note: SettledAt): Promise<boolean> {
  const paths = { cwd, input: note.replaced.map((path) => `${path}\0`).join("") };
  const fromStdin = ["--pathspec-from-file=-", "--pathspec-file-nul"];
  const removed = await exec(
    ["--literal-pathspecs", "rm", "-q", "--cached", "--ignore-unmatch", ...fromStdin],
    paths,
  );
  if (removed.isErr()) return false;
  for (const path of note.replaced) {
    if ((await safeRemove(join(cwd, path))).isErr()) return false;
  }
  try {
    await mkdir(dirname(join(cwd, note.path)), { recursive: true });
    await writeFile(join(cwd, note.path), note.text);
  } catch {
    return false;
  }
  const added = await exec(["--literal-pathspecs", "add", "--", note.path], { cwd });
  return added.isOk();
}

async function text(exec: Exec, cwd: string, args: readonly string[]): Promise<string | undefined> {
  const out = await exec(args, { cwd });
  return out.isOk() ? out.value : undefined;
}
