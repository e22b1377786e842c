import type { StoredNote } from "../store/note-store.js";
import type { TimesLookup } from "../store/note-times.js";
import type { GraphView } from "./graph-view.js";
import { resolveRedirect } from "../../model/records/redirect-record.js";
import { duplicateFindings } from "./duplicate-findings.js";
import { linkProblemFindings } from "./link-problem-findings.js";
import {
  archivedHotFindings,
  conflictMarkerFindings,
  mergeMarkFindings,
  strayIdFileFinding,
} from "./curation-findings.js";
import { supersessionFindings } from "./supersession-findings.js";
import { ID_PLACEHOLDER, ID_SHAPE } from "../../model/id.js";

/** The kinds of problem doctor reports. */
export type DoctorFindingKind =
  | "broken-link"
  | "redirected-link"
  | "orphan"
  | "no-heading"
  | "duplicate-id"
  | "unparsable-filename"
  | "unsafe-file"
  | "outside-layout"
  | "empty-note"
  | "oversize"
  | "archived-link"
  | "index-broken-link"
  | "title-link"
  | "malformed-id-link"
  | "conflict-markers"
  | "merge-versions"
  | "merge-driver"
  | "archived-hot"
  | "obsidian-stray"
  | "superseded-tiered"
  | "supersession-loop"
  | "successor-missing"
  | "successor-archived";

/** One problem: where, what, and how to fix it. */
export interface DoctorFinding {
  readonly kind: DoctorFindingKind;
  /** error: something is wrong; warning: worth fixing; info: worth knowing. */
  readonly severity: "error" | "warning" | "info";
  /** The file, relative to the memory root. */
  readonly path: string;
  readonly id?: string;
  readonly message: string;
  readonly fix: string;
}

/** Everything the checks read; gathered by runDoctor. */
export interface DoctorInput {
  readonly graph: GraphView;
  readonly times: TimesLookup;
  /** Redirect records: merged id to the id it was merged into. */
  readonly redirects: ReadonlyMap<string, string>;
  readonly outside: readonly string[];
  /** Root-level `id__XXXXXX.md` files (Obsidian's clicks), with their sizes and ids. */
  readonly strays: readonly { readonly path: string; readonly size: number; readonly id: string }[];
  readonly now: number;
  readonly orphanMinAgeMs: number;
  readonly maxNoteBytes: number;
}

/** The checks themselves: pure, so the same files always give the same report, in path order. */
export function doctorFindings(input: DoctorInput): DoctorFinding[] {
  const { graph } = input;
  const { snapshot } = graph;
  const findings: DoctorFinding[] = [];
  findings.push(...duplicateFindings(snapshot));
  for (const file of snapshot.unparsable) {
    findings.push({
      kind: "unparsable-filename",
      severity: "error",
      path: file.path,
      message: "The filename carries no valid note id, so the library ignores this file.",
      fix: `Rename it to "<slug> ${ID_PLACEHOLDER}.md" (${ID_SHAPE}), or capture its content as a new note.`,
    });
  }
  for (const file of snapshot.unsafe) {
    findings.push({
      kind: "unsafe-file",
      severity: "error",
      path: file.path,
      message: `The library leaves this file alone: ${file.reason}.`,
      fix:
        file.fix ??
        `Replace it with a plain UTF-8 markdown file named "<slug> ${ID_PLACEHOLDER}.md" (no link, no backslash), or move it out of the memory.`,
    });
  }
  for (const path of input.outside) {
    findings.push({
      kind: "outside-layout",
      severity: "warning",
      path,
      message:
        "This file is outside the memory's layout (inbox/, topics/, archive/, journal/, sessions/, index.md).",
      fix: "Move it into topics/ as a note, or out of the memory root.",
    });
  }
  for (const stored of snapshot.notes) findings.push(...noteFindings(stored, input));
  if (snapshot.indexNote !== undefined) {
    for (const link of snapshot.indexNote.links) {
      if (snapshot.byId.has(link.id)) continue;
      const merged = redirectedFinding(input, link.id, link.displayText);
      if (merged !== undefined) {
        findings.push({ ...merged, path: snapshot.indexNote.path, id: link.id });
        continue;
      }
      findings.push({
        kind: "index-broken-link",
        severity: "error",
        path: snapshot.indexNote.path,
        id: link.id,
        message: `The index note links to ${link.id}, which no note carries.`,
        fix: "Remove the link from index.md, or point it at an existing note.",
      });
    }
  }
  findings.push(...linkProblemFindings(snapshot));
  findings.push(...conflictMarkerFindings(snapshot), ...archivedHotFindings(snapshot));
  findings.push(...mergeMarkFindings(snapshot), ...supersessionFindings(snapshot));
  for (const stray of input.strays) findings.push(strayIdFileFinding(snapshot, stray, stray.id));
  return findings.toSorted((a, b) =>
    a.path < b.path ? -1 : a.path > b.path ? 1 : a.kind < b.kind ? -1 : a.kind > b.kind ? 1 : 0,
  );
}

function noteFindings(stored: StoredNote, input: DoctorInput): DoctorFinding[] {
  const { graph } = input;
  const { note, path } = stored;
  const id = note.id;
  const found: DoctorFinding[] = [];
  const add = (finding: Omit<DoctorFinding, "path" | "id">) => found.push({ ...finding, path, id });
  const reported = new Set<string>();
  for (const link of note.links) {
    if (reported.has(link.id)) continue;
    reported.add(link.id);
    const target = graph.snapshot.byId.get(link.id)?.[0];
    const merged =
      target === undefined ? redirectedFinding(input, link.id, link.displayText) : undefined;
    if (merged !== undefined) add(merged);
    else if (target === undefined) {
      add({
        kind: "broken-link",
        severity: "error",
        message: `Links to ${link.id} ("${link.displayText}"), which no note carries.`,
        fix: `Point the link at an existing note, or create the note ${link.id} describes.`,
      });
    } else if (target.status === "archived" && stored.status !== "archived") {
      add({
        kind: "archived-link",
        severity: "info",
        message: `Links to ${link.id} ("${target.note.title}"), which is archived.`,
        fix: "Fine if the reference is historical; otherwise move the target back to topics/.",
      });
    }
  }
  if (!note.hasHeading) {
    add({
      kind: "no-heading",
      severity: "warning",
      message: `No "# " heading; the title falls back to "${note.title}".`,
      fix: "Add a `# Title` first line.",
    });
  }
  if (note.body.trim() === "") {
    add({
      kind: "empty-note",
      severity: "warning",
      message: "The note has a title but no body.",
      fix: "Write what the note knows, or merge it into a related note.",
    });
  }
  if (stored.size > input.maxNoteBytes) {
    add({
      kind: "oversize",
      severity: "warning",
      message: `${stored.size} bytes, over the ${input.maxNoteBytes}-byte limit.`,
      fix: "Split it into smaller notes that each state one idea, linked from a short overview.",
    });
  }
  const age = input.now - input.times(stored).createdAt;
  // Archived notes are where orphans are meant to end up: not reported.
  const orphan =
    stored.status !== "archived" && graph.inboundNotes(id).length === 0 && !graph.indexed(id);
  if (orphan && age >= input.orphanMinAgeMs) {
    add({
      kind: "orphan",
      severity: "warning",
      message: `No note links here, and it is ${Math.floor(age / 86_400_000)} days old.`,
      fix: "Link to it from a related note or from index.md, or archive it.",
    });
  }
  return found;
}

/** A link to a merged id whose redirect record leads to a note: not broken, to be repointed. */
function redirectedFinding(
  input: DoctorInput,
  id: string,
  text: string,
): Omit<DoctorFinding, "path" | "id"> | undefined {
  const to = resolveRedirect(input.redirects, id, (target) =>
    input.graph.snapshot.byId.has(target),
  );
  if (to === undefined) return undefined;
  return {
    kind: "redirected-link",
    severity: "warning",
    message: `Links to ${id} ("${text}"), which was merged into ${to}; the link still leads there through its redirect record.`,
    fix: `Run \`memory doctor --fix\` to point the link at ${to}.`,
  };
}
