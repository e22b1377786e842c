/**
 * One note (one id) that two clones left at different paths, or that one clone deleted while
 * the other changed it: git's rename/rename, rename/delete and modify/delete conflicts, which
 * never reach a content merge driver. The id says they are one note, so they are settled by
 * meaning: a note renamed (or moved) on both clones keeps one path by a rule both clones
 * compute the same and the merged text (the other title kept as text); a note edited on one
 * clone and deleted on the other is kept as edited (principle 8: nothing written is lost).
 * Pure: the three versions in, one path and text out, or undefined for what is left to a
 * person (two different notes with one id, a text conflict for the driver).
 *
 * @module
 */

import { parseFilename } from "../filename.js";
import { mergeMemoryFile } from "./merge-memory-file.js";

/** A note's file on one side of a merge: its path and text. */
export interface NoteSide {
  readonly path: string;
  readonly text: string;
}

/** How the note was settled, with the path and text it keeps. */
export interface SettledNote {
  readonly path: string;
  readonly text: string;
  readonly kind: "rename-rename" | "edit-delete" | "note";
  /** Places kept as two versions between `> [!conflict]` marks. */
  readonly marked: number;
  /** One sentence per decision a person may want to read. */
  readonly decisions: readonly string[];
}

/**
 * Settles one note from its versions in the merge base and on each side (undefined where the
 * side has no file with its id).
 *
 * @example
 * ```ts
 * const base = { path: "topics/deploys id__Ab3xYz.md", text: "# Deploys\n\nMondays.\n" };
 * const ours = { path: "topics/deploy-days id__Ab3xYz.md", text: "# Deploy days\n\nMondays.\n" };
 * const theirs = { path: "topics/release-schedule id__Ab3xYz.md", text: "# Release schedule\n\nMondays.\n" };
 * settleNoteSides(base, ours, theirs)?.path; // "topics/deploy-days id__Ab3xYz.md"
 * ```
 */
export function settleNoteSides(
  base: NoteSide | undefined,
  ours: NoteSide | undefined,
  theirs: NoteSide | undefined,
): SettledNote | undefined {
  // No common version: two notes given one id on two clones, never one note to merge.
  if (base === undefined) return undefined;
  if (ours !== undefined && theirs !== undefined) return settleMoved(base, ours, theirs);
  const kept = ours ?? theirs;
  if (kept === undefined) return undefined;
  if (kept.path === base.path && kept.text === base.text) return undefined;
  const id = parseFilename(kept.path).match(
    (name) => name.id,
    () => "ID",
  );
  return {
    path: kept.path,
    text: kept.text,
    kind: "edit-delete",
    marked: 0,
    decisions: [
      "changed on one clone and deleted on the other: kept as changed, since nothing written " +
        `is lost; delete it again (memory forget ${id} --remove, or memory rm ${id}) if it should go.`,
    ],
  };
}

function settleMoved(base: NoteSide, ours: NoteSide, theirs: NoteSide): SettledNote | undefined {
  // One path on both sides is a text conflict: the merge driver's, not this.
  if (ours.path === theirs.path) return undefined;
  const merged = mergeMemoryFile(ours.path, base.text, ours.text, theirs.text);
  if (merged.isErr()) return undefined;
  const { text, marked, decisions } = merged.value;
  if (ours.path === base.path || theirs.path === base.path) {
    // Moved or renamed on one side only, changed on the other (too much for git to see the move).
    const path = ours.path === base.path ? theirs.path : ours.path;
    return { path, text, kind: "note", marked, decisions };
  }
  // Renamed (or moved) on both: the path whose title is the merged heading, else the first.
  const heading = titleOf(text);
  const named = [ours, theirs].filter((side) => titleOf(side.text) === heading);
  const [first, second] = [ours.path, theirs.path].toSorted();
  const path = named.length === 1 && named[0] !== undefined ? named[0].path : (first ?? ours.path);
  const other = path === first ? second : first;
  return {
    path,
    text,
    kind: "rename-rename",
    marked,
    decisions: [
      `renamed or moved on both clones (the other clone's path was "${other ?? ""}"): kept here, one note with one id.`,
      ...decisions,
    ],
  };
}

function titleOf(text: string): string | undefined {
  const first = text.replace(/\r\n/g, "\n").split("\n", 1)[0] ?? "";
  return first.startsWith("# ") ? first.slice(2).trim() : undefined;
}
