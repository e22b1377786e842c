/**
 * The status argument of `memory move`: a status, or the name of its folder.
 *
 * @module
 */

import { NOTE_STATUSES, STATUS_FOLDERS, isNoteStatus, type NoteStatus } from "../../model/index.js";

/**
 * Reads a status typed on the command line; the folder names (topics, archive) are accepted
 * too, since that is what people see on disk.
 *
 * @example
 * ```ts
 * parseStatusArgument("topics"); // "active"
 * parseStatusArgument("done");   // undefined
 * ```
 */
export function parseStatusArgument(text: string): NoteStatus | undefined {
  const lower = text.toLowerCase();
  if (isNoteStatus(lower)) return lower;
  return NOTE_STATUSES.find((status) => STATUS_FOLDERS[status] === lower);
}
