import { duplicateCopies } from "../store/duplicate-copies.js";
import type { NoteSnapshot } from "../store/note-store.js";
import type { DoctorFinding } from "./doctor-findings.js";

/**
 * One finding per file of a duplicated id, each with a command that resolves it: `memory
 * merge ID ID` folds the copies into the original (an identical copy is simply removed), and
 * `memory reid ID --path P` keeps a copy as a note of its own under a new id.
 */
export function duplicateFindings(snapshot: NoteSnapshot): DoctorFinding[] {
  const findings: DoctorFinding[] = [];
  for (const [id, files] of snapshot.byId) {
    const [first, ...rest] = files;
    if (first === undefined || rest.length === 0) continue;
    const { original, copies } = duplicateCopies([first, ...rest]);
    const merge = `memory merge ${id} ${id}`;
    const others = (path: string) =>
      files
        .filter((file) => file.path !== path)
        .map((file) => file.path)
        .join(", ");
    findings.push({
      kind: "duplicate-id",
      severity: "error",
      path: original.path,
      id,
      message: `${id} is also used by ${others(original.path)}; this file is taken for the original.`,
      fix: `Run \`${merge}\` to fold the copies into this file (no text is lost), or \`memory reid ${id} --path "<copy>"\` to keep a copy as a note with a new id.`,
    });
    for (const copy of copies) {
      const identical = copy.hash === original.hash;
      findings.push({
        kind: "duplicate-id",
        severity: "error",
        path: copy.path,
        id,
        message: `${id} is also used by ${others(copy.path)}${identical ? `, with the same text as ${original.path}` : ""}.`,
        fix: identical
          ? `Run \`${merge}\` to remove this identical copy.`
          : `Run \`memory reid ${id} --path "${copy.path}"\` to give this copy a new id (links keep pointing at ${original.path}), or \`${merge}\` to append its text to ${original.path}.`,
      });
    }
  }
  return findings;
}
