/**
 * The clone's record of the merges made by meaning: one JSON line per file, appended to the
 * private `.agent-memory/merged.jsonl` of the memory root by the merge driver (a file two
 * clones changed) and by the pull (a note renamed on both clones, or edited on one and
 * deleted on the other). Git throws away what a merge driver prints, so this is how
 * `memory sync` learns what its pull merged and reports it. A report, never the memory's
 * content: a line that cannot be written leaves the merge as it is, and the file may be
 * deleted at any time.
 *
 * @module
 */

import { appendFile, open, stat } from "node:fs/promises";
import { join } from "node:path";
import { PRIVATE_FOLDER } from "../../model/layout.js";

/** The record's file name in the memory root's private folder. */
const MERGE_LOG = "merged.jsonl";

/** How a file was merged by meaning. */
export type MergeRecordKind =
  | "note"
  | "index"
  | "session-log"
  | "journal"
  | "markdown"
  | "rename-rename"
  | "edit-delete";

/** One file merged by meaning. */
export interface MergeRecord {
  /** The path under the memory root, `/`-separated. */
  readonly path: string;
  readonly kind: MergeRecordKind;
  /** Places kept as two versions between `> [!conflict]` marks (left to a person). */
  readonly marked: number;
  /** What the merge decided, one sentence each. */
  readonly decisions: readonly string[];
}

/**
 * Appends `records` to the record of the memory at `root`. Only where the private folder
 * already exists (every command run in the memory makes it), so a merge never creates a
 * stray folder; false when nothing was written.
 *
 * @example
 * ```ts
 * await recordMerges("/repo/memory", [{ path: "index.md", kind: "index", marked: 0, decisions: [] }]);
 * ```
 */
export async function recordMerges(
  root: string,
  records: readonly MergeRecord[],
): Promise<boolean> {
  if (records.length === 0) return true;
  const folder = join(root, PRIVATE_FOLDER);
  try {
    if (!(await stat(folder)).isDirectory()) return false;
    const at = new Date().toISOString();
    const lines = records.map((record) => `${JSON.stringify({ at, ...record })}\n`).join("");
    // One append call: lines from two processes never interleave within a line (O_APPEND).
    await appendFile(join(folder, MERGE_LOG), lines, { mode: 0o600 });
    return true;
  } catch {
    return false;
  }
}

/**
 * Where the record of the memory at `root` ends now: pass it to `mergesSince` after a pull
 * to read what that pull merged.
 *
 * @example
 * ```ts
 * const mark = await mergeLogEnd(root); // ... pull ...
 * const merged = await mergesSince(root, mark);
 * ```
 */
export async function mergeLogEnd(root: string): Promise<number> {
  try {
    return (await stat(join(root, PRIVATE_FOLDER, MERGE_LOG))).size;
  } catch {
    return 0;
  }
}

/**
 * The records appended to the memory at `root` since `end` (from `mergeLogEnd`); a line that
 * is not a record (torn by a crash) is skipped.
 *
 * @example
 * ```ts
 * (await mergesSince(root, mark)).length; // files merged by meaning since the mark
 * ```
 */
export async function mergesSince(root: string, end: number): Promise<MergeRecord[]> {
  let text: string;
  try {
    const file = await open(join(root, PRIVATE_FOLDER, MERGE_LOG), "r");
    try {
      const size = (await file.stat()).size;
      // A file shorter than the mark was deleted and started again: read it all.
      const from = size < end ? 0 : end;
      const buffer = Buffer.alloc(size - from);
      await file.read(buffer, 0, buffer.length, from);
      text = buffer.toString("utf8");
    } finally {
      await file.close();
    }
  } catch {
    return [];
  }
  const records: MergeRecord[] = [];
  for (const line of text.split("\n")) {
    const record = recordOf(line);
    if (record !== undefined) records.push(record);
  }
  return records;
}

const KINDS: ReadonlySet<string> = new Set<MergeRecordKind>([
  "note",
  "index",
  "session-log",
  "journal",
  "markdown",
  "rename-rename",
  "edit-delete",
]);

function recordOf(line: string): MergeRecord | undefined {
  if (line.trim() === "") return undefined;
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return undefined;
  }
  if (typeof value !== "object" || value === null) return undefined;
  const { path, kind, marked, decisions } = value as Record<string, unknown>;
  if (typeof path !== "string" || typeof kind !== "string" || !KINDS.has(kind)) return undefined;
  return {
    path,
    kind: kind as MergeRecordKind,
    marked: typeof marked === "number" ? marked : 0,
    decisions: Array.isArray(decisions)
      ? decisions.filter((d): d is string => typeof d === "string")
      : [],
  };
}
