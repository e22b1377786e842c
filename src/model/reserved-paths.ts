import { INDEX_NOTE_PATH, MEMORY_OWNED_PATHS, PRIVATE_FOLDER } from "./layout.js";

/** The folders a generated file may not go into: every folder the memory owns, and its own. */
const RESERVED_FOLDERS: readonly string[] = [
  ...MEMORY_OWNED_PATHS.filter((path) => path !== INDEX_NOTE_PATH),
  PRIVATE_FOLDER,
];

const ALLOWED_PLACES =
  "put it at the memory root (e.g. AGENTS.md), in a folder of its own (e.g. docs/AGENTS.md), " +
  `or outside the memory; never in ${RESERVED_FOLDERS.map((folder) => `${folder}/`).join(", ")} ` +
  `nor ${INDEX_NOTE_PATH}`;

/**
 * Why a target path inside the memory root is refused, or undefined when it is fine: the
 * index note and the folders of notes, journal, session log and the library's own files are
 * the memory's, and a generated file there would pass for a broken note, a signal or a log,
 * be committed as one, or be rewritten by the library. A folder is matched without regard to
 * case, since macOS and Windows see `Journal/` and `journal/` as one.
 *
 * @param segments The path's segments, relative to the memory root.
 * @example
 * ```ts
 * reservedPathReason(["journal", "AGENTS.md"]); // "Refused: \"journal/AGENTS.md\" is inside journal/, ..."
 * reservedPathReason(["AGENTS.md"]); // undefined
 * ```
 */
export function reservedPathReason(segments: readonly string[]): string | undefined {
  const path = segments.join("/");
  if (path.toLowerCase() === INDEX_NOTE_PATH) {
    return `Refused: "${path}" is the memory's index note. Write the section elsewhere: ${ALLOWED_PLACES}.`;
  }
  const first = (segments[0] ?? "").toLowerCase();
  const folder = RESERVED_FOLDERS.find((reserved) => reserved === first);
  if (folder === undefined) return undefined;
  const where =
    segments.length > 1 ? `is inside ${folder}/` : `would take the place of the ${folder}/ folder`;
  return `Refused: "${path}" ${where}, which holds the memory's own files. Write the section elsewhere: ${ALLOWED_PLACES}.`;
}
