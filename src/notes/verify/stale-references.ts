/**
 * Verify findings as the consolidation and defrag prompts show them: one short line per stale
 * reference of the notes a prompt shows, so a model can correct a note that cites a removed
 * file, or supersede it. Optional and cheap: without a project repository (or when the memory's
 * repository holds nothing but the memory) it answers nothing, and a failure to list the
 * repository costs the prompt its hints, never the run.
 *
 * @module
 */

import type { ProjectRepository } from "../../ports/project-repository.js";
import { verifyNoteTexts, type VerifiableNote } from "./verify-note-texts.js";

/** Stale-reference lines by note id, for the notes given. */
export type StaleReferences = (
  notes: readonly VerifiableNote[],
) => Promise<ReadonlyMap<string, readonly string[]>>;

/** Longest line shown for one stale reference. */
const MAX_LINE_CHARS = 200;

/**
 * The stale references of notes against `repository`, one line each (the finding's message).
 *
 * @example
 * ```ts
 * const stale = staleReferencesIn(gitProjectRepository({ dir, memoryRoot }));
 * (await stale([{ id, path, title, body }])).get(id); // ["src/old.ts: the repository has no file or folder src/old.ts."]
 * ```
 */
export function staleReferencesIn(repository: ProjectRepository): StaleReferences {
  return async (notes) => {
    const report = await verifyNoteTexts(notes, repository);
    const lines = new Map<string, string[]>();
    if (report.isErr() || report.value.files === 0) return lines;
    for (const finding of report.value.findings) {
      const line =
        finding.message.length > MAX_LINE_CHARS
          ? `${finding.message.slice(0, MAX_LINE_CHARS - 1)}…`
          : finding.message;
      const list = lines.get(finding.id) ?? [];
      list.push(line);
      lines.set(finding.id, list);
    }
    return lines;
  };
}

/**
 * The lines of `ids`' stale references, `- id__X: line`, in the order of `ids`, within
 * `maxChars` (what does not fit is counted in a last line); "" when there is none.
 *
 * @example
 * ```ts
 * renderStaleReferences(lines, ["id__Kf9mNp"], 1_200);
 * // "- id__Kf9mNp: src/old.ts: the repository has no file or folder src/old.ts."
 * ```
 */
export function renderStaleReferences(
  lines: ReadonlyMap<string, readonly string[]>,
  ids: readonly string[],
  maxChars: number,
): string {
  const shown: string[] = [];
  let left = maxChars;
  let dropped = 0;
  for (const id of ids) {
    for (const line of lines.get(id) ?? []) {
      const text = `- ${id}: ${line}`;
      if (text.length + 1 > left) {
        dropped += 1;
        continue;
      }
      left -= text.length + 1;
      shown.push(text);
    }
  }
  if (dropped > 0) shown.push(`- (${dropped} more not shown)`);
  return shown.join("\n");
}
