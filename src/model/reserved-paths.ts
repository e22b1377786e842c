import { INDEX_NOTE_PATH, PRIVATE_FOLDER, STATUS_FOLDERS } from "./layout.js";

/**
 * Why a target path inside the memory root is refused, or undefined when it is fine: the
 * index note and the folders of notes and of the library's own files are the memory's, and
 * a generated file there would pass for a broken note or be rewritten by the library.
 *
 * @param segments The path's segments, relative to the memory root.
 * @example
 * ```ts
 * reservedPathReason(["topics", "AGENTS.md"]); // "Refused: \"topics/AGENTS.md\" is inside topics/, ..."
 * reservedPathReason(["AGENTS.md"]); // undefined
 * ```
 */
export function reservedPathReason(segments: readonly string[]): string | undefined {
  const path = segments.join("/");
  if (path === INDEX_NOTE_PATH) {
    return `Refused: "${path}" is the memory's index note; write the section to another file.`;
  }
  const folder = segments[0] ?? "";
  const reserved = [...Object.values(STATUS_FOLDERS), PRIVATE_FOLDER];
  return segments.length > 1 && reserved.includes(folder)
    ? `Refused: "${path}" is inside ${folder}/, which holds the memory's own files; write the section elsewhere.`
    : undefined;
}
