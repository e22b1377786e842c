/**
 * The three fields of a commit the history walk needs, read from the object's header
 * without decoding the message or the identities.
 */

/**
 * A commit's tree, parents and author time.
 *
 * @example
 * ```ts
 * const info: CommitInfo = { tree: "4b825dc...", parents: [], authorTime: 1700000000 };
 * ```
 */
export interface CommitInfo {
  readonly tree: string;
  readonly parents: readonly string[];
  /** Author time, epoch seconds. */
  readonly authorTime: number;
}

/**
 * Parses a commit object's header; undefined when it has no tree line.
 *
 * @example
 * ```ts
 * parseRawCommit(Buffer.from("tree 4b82...\nauthor A <a@x> 1700000000 +0000\n\nmsg"));
 * // { tree: "4b82...", parents: [], authorTime: 1700000000 }
 * ```
 */
export function parseRawCommit(content: Buffer): CommitInfo | undefined {
  const headerEnd = content.indexOf("\n\n");
  const header = content.toString("utf8", 0, headerEnd < 0 ? content.length : headerEnd);
  let tree: string | undefined;
  const parents: string[] = [];
  let authorTime = 0;
  for (const line of header.split("\n")) {
    if (line.startsWith("tree ")) tree = line.slice(5, 45);
    else if (line.startsWith("parent ")) parents.push(line.slice(7, 47));
    else if (line.startsWith("author ")) {
      // "author Name <email> 1700000000 +0000": the time is the second field from the end.
      const fields = line
        .slice(line.lastIndexOf(">") + 1)
        .trim()
        .split(" ");
      authorTime = Number(fields[0]);
    }
  }
  if (tree === undefined) return undefined;
  return { tree, parents, authorTime: Number.isFinite(authorTime) ? authorTime : 0 };
}
