/**
 * The two halves of the merge driver's registration: the `.gitattributes` rules under the
 * memory root, committed so every clone routes its memory files to `agent-memory`, and the
 * clone's own `git config merge.agent-memory.driver`, which git never copies between clones.
 * `memory init` and `memory sync` set both up (idempotent); `doctor` reports what is missing.
 * A clone without the config merges as git always did (a conflict stops sync, nothing lost).
 *
 * @module
 */

import { execFile } from "node:child_process";
import { realpathSync } from "node:fs";
import { readFile, rename, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { NotesMemory } from "../../index.js";
import { MERGE_DRIVER, ROOT_ATTRIBUTES_FILE, withMergeRules } from "../../model/index.js";

/** The attributes file under the memory root. */
export const ATTRIBUTES_FILE = ROOT_ATTRIBUTES_FILE;

/** The commit message of the attributes file. */
export const ATTRIBUTES_COMMIT_MESSAGE =
  "memory: merge notes, the index, session logs and journal files by meaning (.gitattributes)";

/** What the set-up did. */
export interface MergeDriverSetup {
  /** The attributes file was written (null: it already held the rules). */
  readonly attributes: "written" | null;
  /** The commit of the attributes file, when one was made. */
  readonly committed: string | null;
  /** The clone's config was set (null: it already was, or there is no CLI path to point at). */
  readonly config: "set" | null;
}

/** The command git runs: this node and this CLI, by absolute path (undefined when unknown). */
export function driverCommand(): string | undefined {
  const script = process.argv[1];
  if (script === undefined) return undefined;
  let path: string;
  try {
    path = realpathSync(script);
  } catch {
    return undefined;
  }
  return `${shellQuoted(process.execPath)} ${shellQuoted(path)} merge-driver %O %A %B %P`;
}

function shellQuoted(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

/**
 * Writes the rules and the clone's config where missing; commits the attributes file alone
 * when it was clean before. Never fails a command: what could not be done is left undone.
 */
export async function ensureMergeDriver(
  root: string,
  memory: Pick<NotesMemory, "commit"> | undefined,
  env: NodeJS.ProcessEnv,
): Promise<MergeDriverSetup> {
  const path = join(root, ATTRIBUTES_FILE);
  const next = withMergeRules(await readFile(path, "utf8").catch(() => undefined));
  let attributes: "written" | null = null;
  let committed: string | null = null;
  if (next !== undefined) {
    const clean =
      memory !== undefined &&
      (await git(root, env, ["status", "--porcelain", "--", ATTRIBUTES_FILE])) === "";
    try {
      const temp = `${path}.${process.pid}.tmp`;
      await writeFile(temp, next);
      await rename(temp, path);
      attributes = "written";
    } catch {
      // A read-only root: left as it was; doctor says what is missing.
    }
    if (attributes === "written" && clean && memory !== undefined) {
      const made = await memory.commit(ATTRIBUTES_COMMIT_MESSAGE, [ATTRIBUTES_FILE]);
      committed = made.isOk() ? made.value : null;
    }
  }
  let config: "set" | null = null;
  const wanted = driverCommand();
  const current = await git(root, env, ["config", "--get", `merge.${MERGE_DRIVER}.driver`]);
  // A driver someone set by hand (not ours) is theirs to keep.
  const ours =
    current === undefined || current === "" || current.includes(" merge-driver %O %A %B %P");
  if (wanted !== undefined && current !== wanted && ours) {
    const name = await git(root, env, [
      "config",
      `merge.${MERGE_DRIVER}.name`,
      "agent-memory: notes merged by meaning",
    ]);
    const set = await git(root, env, ["config", `merge.${MERGE_DRIVER}.driver`, wanted]);
    if (name !== undefined && set !== undefined) config = "set";
  }
  return { attributes, committed, config };
}

/**
 * What is missing for merges by meaning in the clone at `root` (empty when nothing): one
 * sentence each, for doctor. Undefined when `root` is not in a git repository.
 */
export async function missingMergeDriver(
  root: string,
  env: NodeJS.ProcessEnv,
): Promise<string[] | undefined> {
  if ((await git(root, env, ["rev-parse", "--git-dir"])) === undefined) return undefined;
  const missing: string[] = [];
  const attributes = await readFile(join(root, ATTRIBUTES_FILE), "utf8").catch(() => undefined);
  if (withMergeRules(attributes) !== undefined) {
    missing.push(`${ATTRIBUTES_FILE} under the memory root lacks the merge=${MERGE_DRIVER} rules`);
  }
  const driver = await git(root, env, ["config", "--get", `merge.${MERGE_DRIVER}.driver`]);
  if (driver === undefined || driver === "") {
    missing.push(`this clone's git config has no merge.${MERGE_DRIVER}.driver`);
  } else {
    const script = /^'[^']*' '([^']*)' merge-driver /.exec(driver)?.[1];
    if (
      script !== undefined &&
      (await readFile(script).then(
        () => false,
        () => true,
      ))
    ) {
      missing.push(`merge.${MERGE_DRIVER}.driver runs ${script}, which no longer exists`);
    }
  }
  return missing;
}

/** Runs git in `cwd`; its trimmed stdout, or undefined when it failed. */
function git(cwd: string, env: NodeJS.ProcessEnv, args: string[]): Promise<string | undefined> {
  return new Promise((done) => {
    execFile("git", args, { cwd, env }, (error, stdout) =>
      done(error === null ? stdout.trim() : undefined),
    );
  });
}
