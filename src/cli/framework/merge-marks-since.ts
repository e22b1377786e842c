/**
 * The places a sync's merges marked: the merge driver keeps both versions of a sentence two
 * clones changed differently between `> [!conflict]` marks, but git throws away what a driver
 * prints, so sync finds them afterwards. It compares the files the run changed (from the
 * commit before it to HEAD) and reports each memory file holding more marked places than
 * before, so a person knows where to choose.
 *
 * @module
 */

import { execFile } from "node:child_process";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { MERGE_MARK, mergeMarkLines } from "../../model/index.js";

/** One file a merge marked: its path under the memory root, the places and their lines. */
export interface MarkedFile {
  readonly path: string;
  /** Places holding two versions now (each opened by a `Version 1 of 2` mark). */
  readonly places: number;
  /** The 1-based lines of those places' first marks. */
  readonly lines: readonly number[];
}

/** HEAD of the repository at `root` (undefined: no commit yet, or not a repository). */
export function headOf(root: string, env: NodeJS.ProcessEnv): Promise<string | undefined> {
  return git(root, env, ["rev-parse", "-q", "--verify", "HEAD"]);
}

/**
 * The memory files under `root` whose marked places grew between `before` and HEAD, sorted
 * by path; empty when nothing changed, or git could not say.
 */
export async function marksSince(
  root: string,
  env: NodeJS.ProcessEnv,
  before: string | undefined,
): Promise<MarkedFile[]> {
  const head = await headOf(root, env);
  if (head === undefined || head === before) return [];
  const range = before === undefined ? [head] : [before, head];
  const changed = await git(root, env, [
    "diff",
    "--name-only",
    "--relative",
    "--no-renames",
    "--diff-filter=AM",
    ...(before === undefined ? ["4b825dc642cb6eb9a060e54bf8d69288fbee4904"] : []),
    ...range,
    "--",
    ".",
  ]);
  if (changed === undefined) return [];
  const marked: MarkedFile[] = [];
  for (const path of changed.split("\n").filter((line) => line.endsWith(".md"))) {
    const now = await readFile(join(root, path), "utf8").catch(() => "");
    const lines = openingMarks(now);
    if (lines.length === 0) continue;
    const then =
      before === undefined ? "" : ((await git(root, env, ["show", `${before}:./${path}`])) ?? "");
    if (lines.length > openingMarks(then).length) {
      marked.push({ path, places: lines.length, lines });
    }
  }
  return marked.toSorted((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

/** The lines of the marks that open a place (`Version 1 of ...`). */
function openingMarks(text: string): number[] {
  const lines = text.split("\n");
  return mergeMarkLines(text).filter((line) =>
    (lines[line - 1] ?? "").startsWith(`${MERGE_MARK} Version 1 of`),
  );
}

function git(cwd: string, env: NodeJS.ProcessEnv, args: string[]): Promise<string | undefined> {
  return new Promise((done) => {
    execFile("git", args, { cwd, env, maxBuffer: 64 * 1024 * 1024 }, (error, stdout) =>
      done(error === null ? stdout.replace(/\n$/, "") : undefined),
    );
  });
}
