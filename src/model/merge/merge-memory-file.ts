/**
 * The merge by meaning of one file of a memory, chosen by its path: what the git merge
 * driver (`memory merge-driver`) runs. Pure: three texts in, one text or a refusal out.
 *
 * @module
 */

import { err, ok, type Result } from "neverthrow";
import { InvalidInputError } from "../../errors.js";
import { mergeIndexText } from "./merge-index.js";
import { mergeJournalText } from "./merge-journal.js";
import { mergeNoteText, type MergedText } from "./merge-note.js";
import { mergeSessionLogText } from "./merge-session-log.js";

export type { MergedText } from "./merge-note.js";

/** What a memory file is, for the merge: it decides how its text is merged. */
export type MergeFileKind = "note" | "index" | "session-log" | "journal" | "markdown";

/** Lines above which a merge by meaning is left to git (its comparison grows as their product). */
const MAX_LINES_PRODUCT = 25_000_000;

/**
 * The kind of the file at `path` (relative to the repository or the memory root); undefined
 * for a file the merge does not know.
 *
 * @example
 * ```ts
 * mergeFileKind("memory/topics/deploys id__Ab3xYz.md"); // "note"
 * ```
 */
export function mergeFileKind(path: string): MergeFileKind | undefined {
  const p = path.replace(/\\/g, "/");
  if (/(?:^|\/)(?:inbox|topics|archive)\/[^/]+\.md$/.test(p)) return "note";
  if (/(?:^|\/)sessions\/\d{4}\/\d{2}\/\d{2}\/agent\d{1,6}\.md$/.test(p)) return "session-log";
  if (/(?:^|\/)journal\/.+\.json$/.test(p)) return "journal";
  if (/(?:^|\/)index\.md$/.test(p)) return "index";
  if (p.endsWith(".md")) return "markdown";
  return undefined;
}

/**
 * The memory root a memory file's path (relative to the repository's top) lies under, as a
 * `/`-separated prefix ("" for the top itself); undefined when the path says nothing about
 * it (a markdown file outside the memory's own folders).
 *
 * @example
 * ```ts
 * memoryRootOfPath("memory/topics/deploys id__Ab3xYz.md"); // "memory"
 * memoryRootOfPath("index.md"); // ""
 * ```
 */
export function memoryRootOfPath(path: string): string | undefined {
  const p = path.replace(/\\/g, "/");
  const at =
    /(?:^|\/)(?:inbox|topics|archive)\/[^/]+\.md$/.exec(p) ??
    /(?:^|\/)sessions\/\d{4}\/\d{2}\/\d{2}\/agent\d{1,6}\.md$/.exec(p) ??
    /(?:^|\/)journal\/.+\.json$/.exec(p) ??
    /(?:^|\/)index\.md$/.exec(p);
  if (at === null) return undefined;
  return p.slice(0, at.index);
}

/**
 * Merges the file at `path` changed on two clones (`ours`, `theirs`) from `base` (empty when
 * both added it). An error says why the merge is left to git and a person.
 *
 * @example
 * ```ts
 * const merged = mergeMemoryFile("topics/a id__Ab3xYz.md", "# A\n", "# A\n\nOne.\n", "# A\n\nTwo.\n");
 * merged.isOk() && merged.value.text; // "# A\n\nOne.\n\nTwo.\n"
 * ```
 */
export function mergeMemoryFile(
  path: string,
  base: string,
  ours: string,
  theirs: string,
): Result<MergedText, InvalidInputError> {
  const kind = mergeFileKind(path);
  if (kind === undefined) {
    return err(
      new InvalidInputError(`${path} is not a memory file agent-memory merges by meaning.`),
    );
  }
  if ([base, ours, theirs].some((text) => text.includes("\u0000"))) {
    return err(new InvalidInputError(`${path} holds a NUL byte: not text, left to git.`));
  }
  if (lines(base) * Math.max(lines(ours), lines(theirs)) > MAX_LINES_PRODUCT) {
    return err(new InvalidInputError(`${path} is too long to merge by meaning; left to git.`));
  }
  switch (kind) {
    case "journal":
      return mergeJournalText(path, base, ours, theirs);
    case "index":
      return ok(mergeIndexText(base, ours, theirs));
    case "session-log":
      return ok(mergeSessionLogText(base, ours, theirs));
    default:
      return ok(mergeNoteText(base, ours, theirs));
  }
}

function lines(text: string): number {
  return text.split("\n").length;
}
