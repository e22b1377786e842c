import { noteIdFromPath } from "./note-id-from-path.js";

/**
 * The note ids carried by the file names among `paths` (a commit's requested paths). Both git
 * adapters also commit the deletion of any other file carrying one of these ids: the path an
 * earlier, uncommitted move or rename left behind in HEAD, which would otherwise stay there
 * beside the note's new path (one id at two paths in every clone).
 *
 * @example
 * ```ts
 * noteIdsOf(["topics/a id__Kf9mNp.md", "index.md"]); // Set { "id__Kf9mNp" }
 * ```
 */
export function noteIdsOf(paths: readonly string[] | undefined): ReadonlySet<string> {
  const ids = new Set<string>();
  for (const path of paths ?? []) {
    const id = noteIdFromPath(path);
    if (id !== undefined) ids.add(id);
  }
  return ids;
}
