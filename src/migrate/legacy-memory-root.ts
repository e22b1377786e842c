/**
 * Which memory root an old entry belongs to. A migration root can hold several memories
 * (`orgs/<org>/topics`, `orgs/<org>/archive`, ...); each memory's index note lives at its root.
 *
 * @module
 */

import { STATUS_FOLDERS } from "../model/layout.js";

const STATUS_FOLDER_NAMES = new Set(Object.values(STATUS_FOLDERS));

/**
 * The memory root of a file, relative to the migration root: the folder that holds the
 * nearest status folder (inbox/, topics/, archive/) above the file, else the file's own folder.
 *
 * @example
 * ```ts
 * memoryRootOf("orgs/acme/topics/a id__Kf9mNp.md");  // "orgs/acme"
 * memoryRootOf("orgs/acme/archive/b id__Ab3xYz.md"); // "orgs/acme"
 * memoryRootOf("notes/c id__Zz9yXw.md");             // "notes"
 * memoryRootOf("topics/d id__Qq1wEe.md");            // ""
 * ```
 */
export function memoryRootOf(path: string): string {
  const folders = path.split("/").slice(0, -1);
  for (let i = folders.length - 1; i >= 0; i--) {
    if (STATUS_FOLDER_NAMES.has(folders[i] ?? "")) return folders.slice(0, i).join("/");
  }
  return folders.join("/");
}

/** The index note's path of a memory root. */
export function indexPathOf(memoryRoot: string): string {
  return memoryRoot === "" ? "index.md" : `${memoryRoot}/index.md`;
}
