/**
 * Makes sure the memory root's `.gitignore` ignores `.agent-memory/`, so the library's locks
 * and caches never show up untracked in a clone nor get committed by a `git add -A`. Every
 * command that opens a memory in a repository calls it; the line is written once.
 *
 * @module
 */

import { execFile } from "node:child_process";
import { readFile, rename, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { NotesMemory } from "../../index.js";
import { PRIVATE_IGNORE_RULE, ROOT_IGNORE_FILE, withPrivateIgnoreRule } from "../../model/index.js";

/** What became of the rule. */
export type IgnoreOutcome =
  | { readonly written: false }
  | { readonly written: true; readonly committed: string | null; readonly why?: string };

/** The commit message of the rule. */
export const IGNORE_COMMIT_MESSAGE = `memory: ignore ${PRIVATE_IGNORE_RULE} (locks and caches) in every clone`;

/**
 * Adds the rule to `<root>/.gitignore` when no line ignores the folder yet. The file is
 * committed alone when it was clean before (a `.gitignore` with someone's uncommitted edits is
 * left for them to commit). Never fails a command: a read-only root stays as it was.
 */
export async function ensurePrivateIgnored(
  root: string,
  memory: Pick<NotesMemory, "commit"> | undefined,
  env: NodeJS.ProcessEnv,
): Promise<IgnoreOutcome> {
  const path = join(root, ROOT_IGNORE_FILE);
  const current = await readFile(path, "utf8").catch(() => undefined);
  const next = withPrivateIgnoreRule(current);
  if (next === undefined) return { written: false };
  const clean = memory !== undefined && (await cleanInGit(root, env));
  try {
    const temp = `${path}.${process.pid}.tmp`;
    await writeFile(temp, next);
    await rename(temp, path);
  } catch {
    return { written: false };
  }
  if (memory === undefined) return { written: true, committed: null, why: "no repository" };
  if (!clean) {
    return { written: true, committed: null, why: `${ROOT_IGNORE_FILE} had uncommitted changes` };
  }
  const committed = await memory.commit(IGNORE_COMMIT_MESSAGE, [ROOT_IGNORE_FILE]);
  return committed.isOk()
    ? { written: true, committed: committed.value }
    : { written: true, committed: null, why: committed.error.message };
}

/** Whether the root's .gitignore has no uncommitted change (or does not exist). */
function cleanInGit(root: string, env: NodeJS.ProcessEnv): Promise<boolean> {
  return new Promise((done) => {
    execFile(
      "git",
      ["status", "--porcelain", "--", ROOT_IGNORE_FILE],
      { cwd: root, env },
      (error, stdout) => done(error === null && stdout.trim() === ""),
    );
  });
}
