/**
 * Before the CLI adapter resets files a failed merge left behind, it keeps any text that
 * exists only in the work tree (a hand edit made while the merge ran): principle 8, nothing
 * written is lost. Text equal to a committed version needs no copy: git still has it.
 */
import { copyFile, mkdir, rm, stat } from "node:fs/promises";
import { dirname, join } from "node:path";
import { err, ok, type Result } from "neverthrow";
import { GitError } from "../../errors.js";
import type { Exec } from "./git-cli-run.js";

/**
 * Copies every path of `paths` (repository-relative) whose work-tree content matches none of
 * `revisions` to `<dir>/<timestamp>/<path>`; returns the copies made.
 */
export async function saveUnknownText(
  exec: Exec,
  cwd: string,
  paths: readonly string[],
  revisions: readonly string[],
  dir: string,
): Promise<Result<string[], GitError>> {
  const present: string[] = [];
  for (const path of paths) if (await isFile(join(cwd, path))) present.push(path);
  if (present.length === 0) return ok([]);
  const hashed = await exec(["hash-object", "--stdin-paths"], {
    cwd,
    input: present.map((path) => `${path}\n`).join(""),
  });
  if (hashed.isErr()) return err(hashed.error);
  const known = new Set<string>();
  for (const revision of revisions) {
    const listed = await exec(["ls-tree", "-r", "-z", revision], { cwd });
    if (listed.isErr()) return err(listed.error);
    // "<mode> blob <sha>\t<path>": the blob ids a path holds in that commit.
    for (const entry of listed.value.split("\0")) {
      const [meta = "", path = ""] = entry.split("\t");
      const sha = meta.split(" ")[2];
      if (sha !== undefined) known.add(`${path}\0${sha}`);
    }
  }
  const shas = hashed.value.split("\n");
  const stamp = new Date().toISOString().replace(/[:.]/g, "-");
  const saved: string[] = [];
  for (const [index, path] of present.entries()) {
    if (known.has(`${path}\0${shas[index] ?? ""}`)) continue;
    const copy = join(dir, stamp, path);
    try {
      await mkdir(dirname(copy), { recursive: true });
      await copyFile(join(cwd, path), copy);
    } catch (cause) {
      return err(new GitError(`Could not save ${path} to ${copy}: ${String(cause)}`, { cause }));
    }
    saved.push(copy);
  }
  return ok(saved);
}

/** Removes a file the failed merge created; a missing one is fine. */
export async function safeRemove(path: string): Promise<Result<void, GitError>> {
  try {
    await rm(path, { force: true });
    return ok(undefined);
  } catch (cause) {
    return err(new GitError(`Could not remove ${path}: ${String(cause)}`, { cause }));
  }
}

async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}
