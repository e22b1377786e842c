/**
 * Staging for the isomorphic-git adapter, batched: one `git.add` and one `git.remove`
 * (each rewrites the index once) instead of one index rewrite per file, then one pruned
 * walk of the index to read back the blob oid and mode of every staged file.
 */
import * as git from "isomorphic-git";
import type { IsoRepo } from "./isomorphic-git-repo.js";

/**
 * A staged file's blob.
 *
 * @example
 * ```ts
 * const blob: StagedBlob = { oid: "e69de29bb2d1d6434b8b29ae775ad8c2e48c5391", mode: "100644" };
 * ```
 */
export interface StagedBlob {
  readonly oid: string;
  /** Six octal digits, as in a tree entry: `"100644"`, `"100755"`, `"120000"`. */
  readonly mode: string;
}

/**
 * Stages `present` (files in the work tree) and unstages `gone` (deleted files), and
 * returns the staged blob of each present file.
 *
 * @example
 * ```ts
 * const blobs = await stageFiles(repo, {}, ["topics/a id__Kf9mNp.md"], ["topics/old id__AAAAAA.md"]);
 * blobs.get("topics/a id__Kf9mNp.md"); // { oid: "e69de29...", mode: "100644" }
 * ```
 */
export async function stageFiles(
  repo: IsoRepo,
  cache: object,
  present: readonly string[],
  gone: readonly string[],
): Promise<Map<string, StagedBlob>> {
  const base = { fs: repo.fs, dir: repo.root, cache };
  if (gone.length > 0) await git.remove({ ...base, filepath: [...gone] });
  // force: statusMatrix already left out ignored untracked files, and a tracked file that
  // matches .gitignore must still be staged when it changes.
  if (present.length > 0) await git.add({ ...base, filepath: [...present], force: true });
  return present.length === 0 ? new Map() : stagedBlobs(repo, cache, new Set(present));
}

/** Reads the index entries of `files`, walking only the folders that lead to them. */
async function stagedBlobs(
  repo: IsoRepo,
  cache: object,
  files: ReadonlySet<string>,
): Promise<Map<string, StagedBlob>> {
  const onTheWay = new Set<string>();
  for (const file of files) {
    for (let slash = file.indexOf("/"); slash >= 0; slash = file.indexOf("/", slash + 1)) {
      onTheWay.add(file.slice(0, slash));
    }
  }
  const found = new Map<string, StagedBlob>();
  await git.walk({
    fs: repo.fs,
    dir: repo.root,
    cache,
    trees: [git.STAGE()],
    // Returning undefined keeps walking into a folder; null prunes it.
    map: async (path, [entry]) => {
      if (path === "." || onTheWay.has(path)) return undefined;
      if (!files.has(path) || entry === null || entry === undefined) return null;
      const [oid, mode] = await Promise.all([entry.oid(), entry.mode()]);
      found.set(path, { oid, mode: mode.toString(8).padStart(6, "0") });
      return null;
    },
  });
  return found;
}
