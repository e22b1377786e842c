/**
 * Tree objects read in place: one pass records where each entry starts and where its name
 * ends, and nothing else is decoded until a caller asks for that entry (a walk compares
 * thousands of unchanged entries per commit and decodes only the few that changed).
 *
 * An entry is `<mode> <name>\0<20-byte oid>`; entries are sorted by name, a folder's name
 * compared as if it ended with `/`.
 */

/**
 * A parsed tree: its bytes and the entry boundaries.
 *
 * @example
 * ```ts
 * const tree = parseRawTree(content);
 * entryName(tree, 0); // "index.md"
 * ```
 */
export interface RawTree {
  readonly bytes: Buffer;
  /**
   * The offset of the NUL ending entry i's name; its oid is the 20 bytes after it and the
   * next entry starts right after that, so this one array gives every boundary.
   */
  readonly nameEnds: Int32Array;
}

/** The shortest entry: a 5-digit mode, a space, a 1-byte name, the NUL and the oid. */
const SHORTEST_ENTRY = 28;

const SPACE = 0x20;
const DIGIT_1 = 0x31;
const DIGIT_4 = 0x34;
const DIGIT_6 = 0x36;

/** Parses a tree object's content; undefined when it is malformed. */
export function parseRawTree(bytes: Buffer): RawTree | undefined {
  // Sized for the most entries the bytes could hold, so the pass never grows an array.
  const nameEnds = new Int32Array(Math.ceil(bytes.length / SHORTEST_ENTRY));
  let count = 0;
  let at = 0;
  while (at < bytes.length) {
    const nul = bytes.indexOf(0, at);
    if (nul < 0 || nul + 21 > bytes.length || count >= nameEnds.length) return undefined;
    nameEnds[count++] = nul;
    at = nul + 21;
  }
  return { bytes, nameEnds: nameEnds.subarray(0, count) };
}

/** Where entry i starts; with i = the entry count, where the tree ends. */
export function entryStart(tree: RawTree, i: number): number {
  return i === 0 ? 0 : (tree.nameEnds[i - 1] ?? 0) + 21;
}

/** The number of entries. */
export function entryCount(tree: RawTree): number {
  return tree.nameEnds.length;
}

/** Where entry i's name starts (after the mode and its space). */
export function nameStart(tree: RawTree, i: number): number {
  return tree.bytes.indexOf(SPACE, entryStart(tree, i)) + 1;
}

/** Entry i's name. */
export function entryName(tree: RawTree, i: number): string {
  return tree.bytes.toString("utf8", nameStart(tree, i), tree.nameEnds[i] ?? 0);
}

/** Entry i's oid, hex. */
export function entryOid(tree: RawTree, i: number): string {
  const nul = tree.nameEnds[i] ?? 0;
  return tree.bytes.toString("hex", nul + 1, nul + 21);
}

/** Whether entry i is a folder (mode 40000). */
export function isFolder(tree: RawTree, i: number): boolean {
  const start = entryStart(tree, i);
  return tree.bytes[start] === DIGIT_4;
}

/** Whether entry i is a file or symlink (modes 100644, 100755, 120000), not a submodule. */
export function isFile(tree: RawTree, i: number): boolean {
  const start = entryStart(tree, i);
  return tree.bytes[start] === DIGIT_1 && tree.bytes[start + 1] !== DIGIT_6;
}

/** The oid of the folder named `name` in `tree`, or undefined when there is none. */
export function folderOid(tree: RawTree, name: string): string | undefined {
  const wanted = Buffer.from(name, "utf8");
  for (let i = 0; i < entryCount(tree); i++) {
    const start = nameStart(tree, i);
    const end = tree.nameEnds[i] ?? 0;
    if (
      end - start === wanted.length &&
      tree.bytes.compare(wanted, 0, wanted.length, start, end) === 0
    )
      return isFolder(tree, i) ? entryOid(tree, i) : undefined;
  }
  return undefined;
}

/**
 * Git's order of tree entries i of `a` and j of `b`: by name bytes, a folder's name
 * compared as if followed by `/`. Negative, zero or positive.
 */
export function compareEntries(a: RawTree, i: number, b: RawTree, j: number): number {
  const aStart = nameStart(a, i);
  const aEnd = a.nameEnds[i] ?? 0;
  const bStart = nameStart(b, j);
  const bEnd = b.nameEnds[j] ?? 0;
  const common = Math.min(aEnd - aStart, bEnd - bStart);
  // Buffer#compare takes the target's range first, then the source's (here `a`'s).
  const order = a.bytes.compare(b.bytes, bStart, bStart + common, aStart, aStart + common);
  if (order !== 0) return order;
  const aNext =
    aStart + common < aEnd ? (a.bytes[aStart + common] ?? 0) : isFolder(a, i) ? 0x2f : 0;
  const bNext =
    bStart + common < bEnd ? (b.bytes[bStart + common] ?? 0) : isFolder(b, j) ? 0x2f : 0;
  return aNext - bNext;
}

/** Whether entries i to i + count of `a` are byte for byte entries j to j + count of `b`. */
export function sameEntries(a: RawTree, i: number, b: RawTree, j: number, count: number): boolean {
  const aStart = entryStart(a, i);
  const aEnd = entryStart(a, i + count);
  const bStart = entryStart(b, j);
  const bEnd = entryStart(b, j + count);
  return (
    aEnd - aStart === bEnd - bStart && a.bytes.compare(b.bytes, bStart, bEnd, aStart, aEnd) === 0
  );
}
