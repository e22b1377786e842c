/**
 * Doctor's checks of supersession marks (docs/file-format.md 5.1): a tiered note that is
 * superseded, a chain of marks that loops, and a mark whose successor is archived or missing.
 *
 * @module
 */

import { followSupersession } from "../../model/supersession/supersession-chain.js";
import { readSupersessions, type Supersession } from "../../model/supersession/supersession.js";
import type { NoteSnapshot } from "../store/note-snapshot.js";
import type { StoredNote } from "../store/note-snapshot.js";
import { readIndexTiers } from "../../model/records/index-note.js";
import type { DoctorFinding } from "./doctor-findings.js";

/**
 * Every supersession finding of a snapshot.
 *
 * @example
 * ```ts
 * supersessionFindings(snapshot).map((finding) => finding.kind); // e.g. ["superseded-tiered"]
 * ```
 */
export function supersessionFindings(snapshot: NoteSnapshot): DoctorFinding[] {
  const first = new Map<string, StoredNote>();
  for (const stored of snapshot.notes)
    if (!first.has(stored.note.id)) first.set(stored.note.id, stored);
  return [
    ...tieredFindings(snapshot, first),
    ...loopFindings(first),
    ...successorFindings(snapshot, first),
  ];
}

/** A hot or warm entry whose note is superseded as a whole: a warning. */
function tieredFindings(
  snapshot: NoteSnapshot,
  notes: ReadonlyMap<string, StoredNote>,
): DoctorFinding[] {
  const index = snapshot.indexNote;
  if (index === undefined) return [];
  const tiers = readIndexTiers(index.content);
  const found: DoctorFinding[] = [];
  const seen = new Set<string>();
  for (const [tier, entries] of [
    ["hot", tiers.hot],
    ["warm", tiers.warm],
  ] as const) {
    for (const entry of entries) {
      const stored = notes.get(entry.id);
      if (stored?.supersededBy === undefined || stored.status === "archived" || seen.has(entry.id))
        continue;
      seen.add(entry.id);
      const mark = noteMark(stored);
      const end = followSupersession(entry.id, notes);
      const current =
        end.kind === "current" && notes.get(end.id)?.status !== "archived" ? end.id : undefined;
      const since = mark?.date === undefined ? "" : ` since ${mark.date}`;
      found.push({
        kind: "superseded-tiered",
        severity: "warning",
        path: index.path,
        id: entry.id,
        message:
          `The ${tier} tier lists ${entry.id} ("${stored.note.title}"), which is superseded by ${stored.supersededBy}${since}: ` +
          (current === undefined
            ? "its chain has no current note, so AGENTS.md and the session context leave it out."
            : `AGENTS.md and the session context show ${current} ("${notes.get(current)?.note.title ?? current}") in its place.`),
        fix:
          current === undefined
            ? `Take it out of the tier (memory tier ${entry.id} none), and fix its chain (see the other supersession findings).`
            : `Tier the current note instead: memory tier ${entry.id} none, then memory tier ${current} ${tier}.`,
      });
    }
  }
  return found;
}

/** One finding per loop of marks, at the note of the loop whose id sorts first: an error. */
function loopFindings(notes: ReadonlyMap<string, StoredNote>): DoctorFinding[] {
  const found: DoctorFinding[] = [];
  const reported = new Set<string>();
  for (const [id, stored] of [...notes].toSorted(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    if (stored.supersededBy === undefined || reported.has(id)) continue;
    const end = followSupersession(id, notes);
    if (end.kind !== "loop") continue;
    const again = end.path.at(-1) ?? id;
    const cycle = end.path.slice(end.path.indexOf(again));
    if (cycle.some((member) => reported.has(member))) continue;
    for (const member of cycle) reported.add(member);
    const members = cycle.slice(0, -1);
    const at = members.toSorted()[0] ?? id;
    // Written from the reported note round to it again, so the same loop reads the same.
    const from = members.indexOf(at);
    const round = [...members.slice(from), ...members.slice(0, from), at];
    const atNote = notes.get(at);
    if (atNote === undefined) continue;
    found.push({
      kind: "supersession-loop",
      severity: "error",
      path: atNote.path,
      id: at,
      message: `Supersession marks go round in a loop (${round.join(" -> ")}): no note of it is current, so every surface leaves them out.`,
      fix: `Edit the mark of one note of the loop (memory edit ${at}): point it at the note that is current, or remove the mark from the note that is.`,
    });
  }
  return found;
}

/** A mark (note or section) whose successor no note carries (error) or is archived (warning). */
function successorFindings(
  snapshot: NoteSnapshot,
  notes: ReadonlyMap<string, StoredNote>,
): DoctorFinding[] {
  const found: DoctorFinding[] = [];
  for (const stored of snapshot.notes) {
    if (stored.status === "archived") continue;
    for (const mark of readSupersessions(stored.note.body)) {
      const successor = notes.get(mark.successorId);
      const what = mark.scope === "note" ? "The note" : `Its section "${mark.section ?? ""}"`;
      if (successor === undefined) {
        found.push({
          kind: "successor-missing",
          severity: "error",
          path: stored.path,
          id: stored.note.id,
          message: `${what} is marked superseded by ${mark.successorId}, which no note carries: a reader cannot find the current version.`,
          fix: `Edit the mark (memory edit ${stored.note.id}): point it at the note that replaces this one, or remove it if the text is current.`,
        });
      } else if (successor.status === "archived") {
        found.push({
          kind: "successor-archived",
          severity: "warning",
          path: stored.path,
          id: stored.note.id,
          message: `${what} is marked superseded by ${mark.successorId} ("${successor.note.title}"), which is archived: the current version is retired.`,
          fix: `Move ${mark.successorId} back (memory move ${mark.successorId} active) if it is current, archive this note too (memory archive ${stored.note.id}), or point the mark at the note that is current now.`,
        });
      }
    }
  }
  return found;
}

function noteMark(stored: StoredNote): Supersession | undefined {
  return readSupersessions(stored.note.body).find((mark) => mark.scope === "note");
}
