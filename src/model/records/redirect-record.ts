/**
 * Redirect records: where a merged note's id went. A merge removes its sources, and a link to
 * a source written meanwhile in another clone arrives by sync after the repointing is done;
 * the record lets such a link resolve. One small file per merged id under
 * `journal/redirects/`, committed with the merge: two clones adding records never touch the
 * same file, so git merges them without a conflict, and the same merge made in two clones
 * writes the same bytes.
 *
 * @module
 */
import { buildFilename, parseFilename } from "../filename.js";
import { extractLinks } from "../links.js";

/** The folder of the redirect records, relative to the memory root. */
export const REDIRECTS_FOLDER = "journal/redirects";

/** A merged id and the id it was merged into. */
export interface Redirect {
  readonly from: string;
  readonly to: string;
}

/**
 * The record's path: named like a note file (the source's slug and id), so the id stays
 * taken: a fresh id is never one a file name carries.
 *
 * @example redirectPath("Old plan", "id__Ab3xYz") // "journal/redirects/old-plan id__Ab3xYz.md"
 */
export function redirectPath(sourceTitle: string, sourceId: string): string {
  return `${REDIRECTS_FOLDER}/${buildFilename(sourceTitle, sourceId)}`;
}

/**
 * The record's text: the source's title, then one link to the target. Nothing that differs
 * between two clones making the same merge (no date: git has it).
 *
 * @example
 * ```ts
 * redirectText("Old plan", "id__Tg7Tg7", "Plan");
 * // "# Old plan\n\nMerged into [[id__Tg7Tg7|Plan]].\n"
 * ```
 */
export function redirectText(sourceTitle: string, targetId: string, targetTitle: string): string {
  const shown = targetTitle.replace(/\]\]/g, "] ]").replace(/\|/g, "/");
  return `# ${sourceTitle}\n\nMerged into [[${targetId}|${shown}]].\n`;
}

/**
 * Reads a record: the id in its file name and the first link of its text; undefined when the
 * file is not one (a person may have edited it: it is then ignored, never guessed at).
 *
 * @example parseRedirect("journal/redirects/old id__Ab3xYz.md", "Merged into [[id__Tg7Tg7]].")
 */
export function parseRedirect(path: string, text: string): Redirect | undefined {
  const name = parseFilename(path);
  const [target] = extractLinks(text);
  if (name.isErr() || target === undefined || target.id === name.value.id) return undefined;
  return { from: name.value.id, to: target.id };
}

/** How many records a chain may pass (a merged note merged again, and so on) before it is a loop. */
const MAX_HOPS = 32;

/**
 * Where `id` leads: the first id of its chain of records that `exists` (a note carries it),
 * or undefined when the chain ends at no note, loops, or `id` has no record.
 *
 * @example resolveRedirect(new Map([["id__A", "id__B"]]), "id__A", (id) => id === "id__B") // "id__B"
 */
export function resolveRedirect(
  redirects: ReadonlyMap<string, string>,
  id: string,
  exists: (id: string) => boolean,
): string | undefined {
  let current = redirects.get(id);
  for (let hop = 0; current !== undefined && hop < MAX_HOPS; hop++) {
    if (exists(current)) return current;
    current = redirects.get(current);
  }
  return undefined;
}
