/**
 * commit() for the isomorphic-git adapter.
 *
 * 1. `statusMatrix` under the memory root finds what changed; the requested paths filter it.
 * 2. The changed files are staged in one `git.add`, the deleted ones unstaged in one
 *    `git.remove` (see isomorphic-git-stage.ts).
 * 3. The commit's tree is HEAD's tree with exactly those files replaced (see
 *    isomorphic-git-tree.ts), so whatever else is staged stays staged and uncommitted.
 * 4. Same tree as HEAD means nothing changed: no commit, `null`.
 */
import { PRIVATE_FOLDER, STATUS_FOLDERS } from "../../model/layout.js";
import * as git from "isomorphic-git";
import { err, ok, type Result } from "neverthrow";
import { GitError } from "../../errors.js";
import type { GitAuthor } from "../../ports/git.js";
import { headOid, objectAccess, type IsoRepo } from "./isomorphic-git-repo.js";
import { stageFiles } from "./isomorphic-git-stage.js";
import { applyChanges, type FileChange } from "./isomorphic-git-tree.js";
import { repoPath, splitRelativePath } from "../../shared/relative-path.js";
import { isTempName } from "../fs/fs-temp-name.js";
import { noteIdsOf } from "../git-history/note-ids-of.js";
import { noteIdFromPath } from "../git-history/note-id-from-path.js";

/**
 * What the commit flow needs from the adapter.
 *
 * @example
 * ```ts
 * const deps: IsoCommitDeps = { repo, author: DEFAULT_AUTHOR, now: undefined };
 * ```
 */
export interface IsoCommitDeps {
  readonly repo: IsoRepo;
  readonly author: GitAuthor;
  readonly now: (() => number) | undefined;
}

/**
 * Stages and commits `paths` (relative to the memory root; default the whole root).
 *
 * @returns The new commit's oid, or null when none of the paths changed.
 *
 * @example
 * ```ts
 * await commitWithIso({ repo, author, now: undefined }, "memory: capture"); // Ok("9fceb02...")
 * ```
 */
export async function commitWithIso(
  deps: IsoCommitDeps,
  message: string,
  paths?: readonly string[],
): Promise<Result<string | null, GitError>> {
  for (const path of paths ?? []) {
    const valid = splitRelativePath(path);
    if (valid.isErr()) return err(new GitError(`Invalid path to commit: ${valid.error}.`));
  }
  const { repo } = deps;
  const cache = {};
  const base = { fs: repo.fs, dir: repo.root, cache };
  const wanted = (paths ?? [""]).map((path) => repoPath(repo.prefix, path));
  const privateFolder = repoPath(repo.prefix, PRIVATE_FOLDER);
  const touchedIds = noteIdsOf(paths);
  const isWanted = (file: string): boolean =>
    wanted.some((spec) => spec === "." || file === spec || file.startsWith(`${spec}/`));
  const carriesTouchedId = (file: string): boolean => touchedIds.has(noteIdFromPath(file) ?? "");
  // The temp file of an interrupted atomic write is never part of the memory.
  const inScope = (file: string, work: number): boolean =>
    !file.startsWith(`${privateFolder}/`) &&
    !isTempName(file.slice(file.lastIndexOf("/") + 1)) &&
    (isWanted(file) || (work === 0 && carriesTouchedId(file)));

  // Explicit paths limit the status walk to them (and to the status folders' files carrying
  // the same note ids, for a deletion an earlier uncommitted move left), so a small commit
  // costs little in a big memory.
  const statusFolders = Object.values(STATUS_FOLDERS).map((folder) =>
    repoPath(repo.prefix, folder),
  );
  const filepaths =
    paths === undefined
      ? [repoPath(repo.prefix, "")]
      : [...wanted, ...(touchedIds.size === 0 ? [] : statusFolders)];
  const rows = await git.statusMatrix({
    ...base,
    filepaths,
    filter: (file) => paths === undefined || isWanted(file) || carriesTouchedId(file),
  });
  const dirty = rows.filter(
    ([file, head, work, stage]) =>
      inScope(file, work) && !(head === 1 && work === 1 && stage === 1),
  );
  if (dirty.length === 0) return ok(null);

  const present = dirty.filter(([, , work]) => work !== 0).map(([file]) => file);
  const gone = dirty.filter(([, , work]) => work === 0);
  const blobs = await stageFiles(
    repo,
    cache,
    present,
    gone.map(([file]) => file),
  );
  const changes = new Map<string, FileChange>();
  for (const [file, head] of gone) if (head === 1) changes.set(file, null);
  for (const file of present) {
    const blob = blobs.get(file);
    if (blob === undefined) throw new Error(`${file} was staged but is missing from the index`);
    changes.set(file, blob);
  }

  const parent = await headOid(repo);
  const { readTree, readCommit, writeTree } = objectAccess(repo, cache);
  const parentTree = parent === undefined ? undefined : (await readCommit(parent))?.tree;
  const tree = await applyChanges(readTree, writeTree, parentTree, changes);
  if (tree === parentTree || (parent === undefined && tree === undefined)) return ok(null);

  const timestamp =
    deps.now === undefined ? {} : { timestamp: Math.floor(deps.now() / 1000), timezoneOffset: 0 };
  const who = { name: deps.author.name, email: deps.author.email, ...timestamp };
  const oid = await git.commit({
    ...base,
    message,
    tree: tree ?? (await writeTree([])),
    parent: parent === undefined ? [] : [parent],
    author: who,
    committer: who,
  });
  return ok(oid);
}
