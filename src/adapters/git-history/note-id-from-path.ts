/**
 * Note ids from file paths, for the adapters.
 *
 * Deliberately independent of the model's filename parser: the git adapters only need
 * the id (history is keyed by id so renames and moves keep createdAt) and must accept
 * every file that ever carried an id, including slugs the current rules would reject.
 */

import { ID_SOURCE } from "../../model/id.js";

/** The last path segment of a note file: anything, then (start or whitespace) + id + `.md`. */
const NOTE_FILE = new RegExp(String.raw`(?:^|\s)(${ID_SOURCE})\.md$`);

/**
 * The note id carried by a path's file name, or `undefined` when the file is not a note.
 *
 * @param path A `/`-separated path (relative or not); only its last segment is examined.
 * @returns The id (see `isValidId`) or `undefined`.
 *
 * @example
 * ```ts
 * noteIdFromPath("topics/igor-fullstack id__Kf9mNp.md"); // "id__Kf9mNp"
 * noteIdFromPath("index.md"); // undefined
 * ```
 */
export function noteIdFromPath(path: string): string | undefined {
  const name = path.slice(path.lastIndexOf("/") + 1);
  return NOTE_FILE.exec(name)?.[1];
}
