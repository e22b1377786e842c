/**
 * `Git.blame` over isomorphic-git, which has no blame of its own: the lines of the file at
 * HEAD are followed back commit by commit (every parent of a merge), each step matching the
 * lines that survived unchanged into the parent's version (matchLines, a longest common
 * subsequence, as git's own blame does). A line stops at the commit where no parent holds
 * it: that commit wrote it. A note renamed or moved is found in the parent by the id in its
 * file name, the way the library names notes.
 */
import * as git from "isomorphic-git";
import type { TreeEntry } from "isomorphic-git";
import { fileLines, matchLines } from "../../model/markdown/line-match.js";
import type { Blame, BlameCommit, BlameLine } from "../../ports/git.js";
import { headOid, type IsoRepo } from "./isomorphic-git-repo.js";
import { ID_SOURCE } from "../../model/id.js";
import { commitTimeMs } from "../../shared/commit-time.js";

const NOTE_ID = new RegExp(String.raw`(?:^|\s)(${ID_SOURCE})\.md$`);
const STATUS_FOLDERS = ["inbox", "topics", "archive"];

interface Version {
  readonly oid: string;
  readonly path: string;
  readonly blob: string;
  readonly lines: readonly string[];
  /** [position in this version, index at HEAD] of the lines still unattributed. */
  pending: Array<[number, number]>;
}

/**
 * Which commit wrote each line of `path` (relative to the top level) at HEAD, or null when
 * HEAD has no such file.
 *
 * @example
 * ```ts
 * const blame = await blameWithIso(repo, "topics/vpn id__Kf9mNp.md");
 * ```
 */
export async function blameWithIso(repo: IsoRepo, path: string): Promise<Blame | null> {
  const cache = {};
  const base = { fs: repo.fs, dir: repo.root, gitdir: repo.gitdir, cache };
  const trees = new Map<string, Promise<readonly TreeEntry[]>>();
  const readTree = (oid: string): Promise<readonly TreeEntry[]> => {
    let entries = trees.get(oid);
    if (entries === undefined) {
      entries = git.readTree({ ...base, oid }).then((read) => read.tree);
      trees.set(oid, entries);
    }
    return entries;
  };
  const commits = new Map<string, Promise<git.ReadCommitResult | undefined>>();
  const readCommit = (oid: string): Promise<git.ReadCommitResult | undefined> => {
    let read = commits.get(oid);
    if (read === undefined) {
      // A parent missing from a shallow clone ends that line of history.
      read = git.readCommit({ ...base, oid }).catch(() => undefined);
      commits.set(oid, read);
    }
    return read;
  };
  const blobAt = async (treeOid: string, filePath: string): Promise<string | undefined> => {
    let oid = treeOid;
    const segments = filePath.split("/");
    for (const [i, segment] of segments.entries()) {
      const entry = (await readTree(oid)).find((item) => item.path === segment);
      if (entry === undefined) return undefined;
      if (i === segments.length - 1) return entry.type === "blob" ? entry.oid : undefined;
      if (entry.type !== "tree") return undefined;
      oid = entry.oid;
    }
    return undefined;
  };
  const linesOf = async (blob: string): Promise<string[]> => {
    const { blob: bytes } = await git.readBlob({ ...base, oid: blob });
    return fileLines(new TextDecoder().decode(bytes));
  };

  const head = await headOid(repo);
  if (head === undefined) return null;
  const headCommit = await readCommit(head);
  if (headCommit === undefined) return null;
  const headBlob = await blobAt(headCommit.commit.tree, path);
  if (headBlob === undefined) return null;
  const headLines = await linesOf(headBlob);
  const owner: string[] = Array.from({ length: headLines.length }, () => head);
  const queue = new Map<string, Version>();
  queue.set(`${head}\0${path}`, {
    oid: head,
    path,
    blob: headBlob,
    lines: headLines,
    pending: headLines.map((_, i): [number, number] => [i, i]),
  });
  const timeOf = async (oid: string): Promise<number> =>
    (await readCommit(oid))?.commit.author.timestamp ?? 0;

  while (queue.size > 0) {
    // Newest first, so the versions two branches share are met once, with both branches' lines.
    let next: Version | undefined;
    let nextTime = -Infinity;
    for (const version of queue.values()) {
      const time = await timeOf(version.oid);
      if (time > nextTime) {
        next = version;
        nextTime = time;
      }
    }
    if (next === undefined) break;
    queue.delete(`${next.oid}\0${next.path}`);
    const commit = await readCommit(next.oid);
    let left = next.pending;
    for (const parentOid of commit?.commit.parent ?? []) {
      if (left.length === 0) break;
      const parent = await readCommit(parentOid);
      if (parent === undefined) continue;
      const found = await findInParent(parent.commit.tree, next.path, blobAt, readTree);
      if (found === undefined) continue;
      const key = `${parentOid}\0${found.path}`;
      let into = queue.get(key);
      if (into === undefined) {
        const lines = found.blob === next.blob ? next.lines : await linesOf(found.blob);
        into = { oid: parentOid, path: found.path, blob: found.blob, lines, pending: [] };
        queue.set(key, into);
      }
      const matched =
        found.blob === next.blob ? next.lines.map((_, i) => i) : matchLines(into.lines, next.lines);
      const kept: Array<[number, number]> = [];
      for (const [position, final] of left) {
        const before = matched[position] ?? -1;
        if (before >= 0) into.pending.push([before, final]);
        else kept.push([position, final]);
      }
      left = kept;
      if (into.pending.length === 0) queue.delete(key);
    }
    for (const [, final] of left) owner[final] = next.oid;
  }

  const lines: BlameLine[] = headLines.map((text, i) => ({ text, commit: owner[i] ?? head }));
  const named = new Map<string, BlameCommit>();
  for (const id of new Set(owner)) {
    const read = await readCommit(id);
    if (read === undefined) continue;
    const { author, message } = read.commit;
    named.set(id, {
      id,
      author: { name: author.name, email: author.email },
      authorTimeMs: commitTimeMs(author.timestamp),
      message: message.replace(/\n+$/, ""),
    });
  }
  return { lines, commits: named };
}

/** The file in a parent commit: at the same path, else a note file carrying the same id. */
async function findInParent(
  tree: string,
  path: string,
  blobAt: (tree: string, path: string) => Promise<string | undefined>,
  readTree: (oid: string) => Promise<readonly TreeEntry[]>,
): Promise<{ path: string; blob: string } | undefined> {
  const same = await blobAt(tree, path);
  if (same !== undefined) return { path, blob: same };
  const segments = path.split("/");
  const id = NOTE_ID.exec(segments.at(-1) ?? "")?.[1];
  if (id === undefined || segments.length < 2) return undefined;
  const root = segments.slice(0, -2);
  for (const folder of STATUS_FOLDERS) {
    const folderPath = [...root, folder];
    let oid: string | undefined = tree;
    for (const segment of folderPath) {
      if (oid === undefined) break;
      const entry: TreeEntry | undefined = (await readTree(oid)).find(
        (item) => item.path === segment && item.type === "tree",
      );
      oid = entry?.oid;
    }
    if (oid === undefined) continue;
    const file = (await readTree(oid)).find(
      (item) => item.type === "blob" && NOTE_ID.exec(item.path)?.[1] === id,
    );
    if (file !== undefined) return { path: [...folderPath, file.path].join("/"), blob: file.oid };
  }
  return undefined;
}
