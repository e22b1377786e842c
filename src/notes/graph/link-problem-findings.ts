/**
 * Doctor's checks of links an agent or a person wrote by hand: Obsidian-style title links
 * (`[[Page]]`, `[[Page|text]]`, `[[Page#heading]]`) that the library cannot follow, and id
 * links that do not parse. Pure over a snapshot, so the same files give the same report.
 */
import { findLinkProblems, type TitleLink } from "../../model/link-problems.js";
import { slugify } from "../../model/slug.js";
import type { NoteSnapshot, StoredNote } from "../store/note-store.js";
import type { DoctorFinding } from "./doctor-findings.js";
import { ID_PLACEHOLDER, ID_SHAPE } from "../../model/id.js";

/** A title link and the one note it can only mean. */
export interface TitleLinkFix {
  readonly link: TitleLink;
  readonly id: string;
}

/** The notes a title link may mean: same title (case and spacing aside), or same slug. */
export function notesTitled(snapshot: NoteSnapshot, target: string): StoredNote[] {
  const wanted = normalizeTitle(target);
  const slug = slugify(target);
  return snapshot.notes.filter(
    (stored) => normalizeTitle(stored.note.title) === wanted || stored.slug === slug,
  );
}

/** Doctor findings for the hand-written links of every note. */
export function linkProblemFindings(snapshot: NoteSnapshot): DoctorFinding[] {
  const findings: DoctorFinding[] = [];
  for (const stored of snapshot.notes) {
    for (const problem of findLinkProblems(stored.note.body)) {
      const token = stored.note.body.slice(problem.position.start, problem.position.end);
      if (problem.kind === "malformed-id") {
        findings.push({
          kind: "malformed-id-link",
          severity: "error",
          path: stored.path,
          id: stored.note.id,
          message: `${token} is not a link the library can follow: ${problem.reason}.`,
          fix: `Write it as [[${ID_PLACEHOLDER}|text]], ${ID_SHAPE}: the id of the note it means (memory search finds it).`,
        });
        continue;
      }
      const candidates = notesTitled(snapshot, problem.target);
      const only = candidates.length === 1 ? candidates[0] : undefined;
      findings.push({
        kind: "title-link",
        severity: "warning",
        path: stored.path,
        id: stored.note.id,
        message:
          only !== undefined
            ? `${token} links by title; it most likely means ${only.note.id} "${only.note.title}".`
            : candidates.length > 1
              ? `${token} links by title, and ${candidates.length} notes have that title: ${candidates.map((c) => c.note.id).join(", ")}.`
              : `${token} links by title, and no note has that title.`,
        fix:
          only !== undefined
            ? `Replace it with [[${only.note.id}|${problem.displayText ?? problem.target}]]; "memory doctor --fix" does it.`
            : `Replace it with an id link, [[${ID_PLACEHOLDER}|text]], to the note it means, or remove the brackets.`,
      });
    }
  }
  return findings;
}

/** The title links in `markdown` (a note's file) that exactly one note of `snapshot` can mean. */
export function titleLinkFixes(snapshot: NoteSnapshot, markdown: string): TitleLinkFix[] {
  return findLinkProblems(markdown).flatMap((problem) => {
    if (problem.kind !== "title") return [];
    const candidates = notesTitled(snapshot, problem.target);
    const only = candidates.length === 1 ? candidates[0] : undefined;
    return only === undefined ? [] : [{ link: problem, id: only.note.id }];
  });
}

function normalizeTitle(title: string): string {
  return title.normalize("NFKC").toLowerCase().trim().replace(/\s+/g, " ");
}
