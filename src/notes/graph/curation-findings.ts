/**
 * Doctor's checks of what people leave behind while curating: git conflict markers in a note
 * or in the index note, a hot-tier entry pointing at an archived note, and the empty
 * `id__XXXXXX.md` files Obsidian creates at the root when a link is clicked in a vault
 * without the memory's plugin.
 *
 * @module
 */

import { conflictMarkerLines } from "../../model/merge/conflict-markers.js";
import { ID_PLACEHOLDER, ID_SOURCE, isValidId } from "../../model/id.js";
import { mergeMarkLines } from "../../model/merge/merge-mark.js";
import type { NoteSnapshot } from "../store/note-snapshot.js";
import { readIndexTiers } from "../../model/records/index-note.js";
import type { DoctorFinding } from "./doctor-findings.js";

/** A note or the index note with git's conflict markers in it: an error. */
export function conflictMarkerFindings(snapshot: NoteSnapshot): DoctorFinding[] {
  const found: DoctorFinding[] = [];
  const texts = [
    ...snapshot.notes.map((stored) => ({
      path: stored.path,
      id: stored.note.id,
      text: stored.note.body,
    })),
    ...(snapshot.indexNote === undefined
      ? []
      : [{ path: snapshot.indexNote.path, id: undefined, text: snapshot.indexNote.content }]),
  ];
  for (const { path, id, text } of texts) {
    const lines = conflictMarkerLines(text);
    if (lines.length === 0) continue;
    const all = text.split("\n");
    const first = all[(lines[0] ?? 1) - 1] ?? "";
    const last = all[(lines.at(-1) ?? 1) - 1] ?? "";
    found.push({
      kind: "conflict-markers",
      severity: "error",
      path,
      ...(id === undefined ? {} : { id }),
      message: `Git conflict markers are left in the text, ${lines.length} lines from "${first}" to "${last}": a merge stopped on a conflict and both versions were kept.`,
      fix: "Edit the file: keep the right text of each side, delete the marker lines (<<<<<<<, =======, >>>>>>>), then commit it.",
    });
  }
  return found;
}

/**
 * A note or the index note still holding the two versions a merge by meaning kept between
 * `> [!conflict]` marks (docs/file-format.md, 3.3): a warning, a person picks one.
 */
export function mergeMarkFindings(snapshot: NoteSnapshot): DoctorFinding[] {
  const found: DoctorFinding[] = [];
  const texts = [
    ...snapshot.notes.map((stored) => ({
      path: stored.path,
      id: stored.note.id,
      text: stored.note.body,
    })),
    ...(snapshot.indexNote === undefined
      ? []
      : [{ path: snapshot.indexNote.path, id: undefined, text: snapshot.indexNote.content }]),
  ];
  for (const { path, id, text } of texts) {
    const lines = mergeMarkLines(text);
    if (lines.length === 0) continue;
    found.push({
      kind: "merge-versions",
      severity: "warning",
      path,
      ...(id === undefined ? {} : { id }),
      message: `Two versions of the same text are kept here (${lines.length} "> [!conflict]" mark lines): it was changed differently on two clones and sync kept both.`,
      fix: 'Edit the note: keep the right version, delete the other and the three "> [!conflict]" lines, then sync.',
    });
  }
  return found;
}

/** An entry of `## Hot` whose note is archived: a warning (see the archived-hot rule). */
export function archivedHotFindings(snapshot: NoteSnapshot): DoctorFinding[] {
  const index = snapshot.indexNote;
  if (index === undefined) return [];
  const found: DoctorFinding[] = [];
  for (const entry of readIndexTiers(index.content).hot) {
    const target = snapshot.byId.get(entry.id)?.[0];
    if (target?.status !== "archived") continue;
    found.push({
      kind: "archived-hot",
      severity: "warning",
      path: index.path,
      id: entry.id,
      message: `The hot tier lists ${entry.id} ("${target.note.title}"), which is archived: AGENTS.md, the session context and the hooks leave it out.`,
      fix: `Take it out of the tier (memory tier ${entry.id} none), or move it back to topics/ (memory move ${entry.id} active) if it is current again.`,
    });
  }
  return found;
}

const STRAY_ID_FILE = new RegExp(`^(${ID_SOURCE})\\.md$`, "u");

/**
 * The id of a root-level `id__XXXXXX.md`, the file Obsidian creates when a `[[id__XXXXXX|text]]`
 * link is clicked in a vault that cannot resolve it; undefined for any other path.
 *
 * @example strayIdOf("id__Kf9mNp.md") // "id__Kf9mNp"; strayIdOf("topics/a id__Kf9mNp.md") // undefined
 */
export function strayIdOf(path: string): string | undefined {
  const id = STRAY_ID_FILE.exec(path)?.[1];
  return id !== undefined && isValidId(id) ? id : undefined;
}

/** A stray `id__XXXXXX.md` at the root: a warning that says where it came from. */
export function strayIdFileFinding(
  snapshot: NoteSnapshot,
  file: { readonly path: string; readonly size: number },
  id: string,
): DoctorFinding {
  const note = snapshot.byId.get(id)?.[0];
  const target =
    note === undefined ? `${id}, which no note carries` : `"${note.note.title}" (${note.path})`;
  const empty = file.size === 0;
  return {
    kind: "obsidian-stray",
    severity: "warning",
    path: file.path,
    id,
    message:
      `A file named after an id, outside the layout: Obsidian creates ${file.path} when a [[${id}|...]] link to ${target} is clicked ` +
      `in a vault that resolves links by file name (the memory's files are named "<slug> ${ID_PLACEHOLDER}.md").`,
    fix:
      (empty
        ? `Delete it (it is empty). `
        : `Move what you wrote there into the note (memory edit ${id} --append ...), then delete it. `) +
      'To make the links work in Obsidian, install the plugin (README: "Opening the memory in Obsidian").',
  };
}
